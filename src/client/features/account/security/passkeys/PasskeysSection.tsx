import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/Alert';
import { LoadFailed } from '../../../../components/ui/LoadFailed';
import { Spinner } from '../../../../components/ui/Spinner';
import { errorMessage } from '../../../../lib/error-message';
import { passkeySupportText } from '../../../../lib/webauthn';
import { listPasskeys, type Passkey } from '../../api/passkeys';
import { useAccountResource } from '../../use-account-resource';
import { AddPasskeyForm } from './AddPasskeyForm';
import { PasskeyRow } from './PasskeyRow';
import { RemovePasskeyDialog } from './RemovePasskeyDialog';
import { RenamePasskeyDialog } from './RenamePasskeyDialog';

/**
 * Passkeys on the security page: add one (named), rename, remove. A browser that cannot use passkeys (or a page on
 * plain http) is told why instead of a button that cannot work; the list stays, so old passkeys can still go.
 */
export function PasskeysSection() {
  const { t } = useTranslation('account');
  const { state, retry, update } = useAccountResource(listPasskeys);
  const [added, setAdded] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const unsupported = passkeySupportText(t);

  const onAdded = (passkey: Passkey) => {
    update((passkeys) => [passkey, ...passkeys]);
    setAdded(passkey);
  };
  const onRenamed = (passkey: Passkey) => {
    update((passkeys) => passkeys.map((item) => (item.id === passkey.id ? passkey : item)));
    setRenaming(null);
  };
  const onRemoved = (id: string) => {
    update((passkeys) => passkeys.filter((item) => item.id !== id));
    if (added?.id === id) setAdded(null);
    setRemoving(null);
  };

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('passkeys.lead')}</p>
      {unsupported ? <Alert tone="info">{unsupported}</Alert> : <AddPasskeyForm onAdded={onAdded} />}
      {added && <Alert tone="success">{t('passkeys.added', { name: added.name })}</Alert>}
      <div className="border-t border-slate-200 pt-5 dark:border-slate-800">
        <h3 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">{t('passkeys.listHeading')}</h3>
        {state.status === 'loading' && <Spinner label={t('passkeys.loading')} />}
        {state.status === 'error' && (
          <LoadFailed title={t('passkeys.loadFailed')} retryLabel={t('layout.retry')} onRetry={retry}>
            {errorMessage(t, state.error)}
          </LoadFailed>
        )}
        {state.status === 'ready' &&
          (state.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('passkeys.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('passkeys.listHeading')}>
              {state.data.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  onRename={() => setRenaming(passkey)}
                  onRemove={() => setRemoving(passkey)}
                />
              ))}
            </ul>
          ))}
      </div>
      {renaming && <RenamePasskeyDialog passkey={renaming} onRenamed={onRenamed} onCancel={() => setRenaming(null)} />}
      {removing && (
        <RemovePasskeyDialog
          passkey={removing}
          onRemoved={() => onRemoved(removing.id)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
