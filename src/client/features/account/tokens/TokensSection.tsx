import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useNow } from '../../../lib/use-now';
import type { ApiToken, CreatedToken } from '../api/account.types';
import { listTokens } from '../api/list-tokens';
import { useAccount } from '../layout/account-outlet';
import { useAccountResource } from '../use-account-resource';
import { CreateTokenForm } from './CreateTokenForm';
import { NewToken } from './NewToken';
import { RevokeTokenDialog } from './RevokeTokenDialog';
import { TokenRow } from './TokenRow';

/** API tokens: create (shown once), list, revoke. */
export function TokensSection() {
  const { t } = useTranslation('account');
  const { account } = useAccount();
  const { state, retry, update } = useAccountResource(listTokens);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const now = useNow();

  const onCreated = (token: CreatedToken) => {
    const { token: _secret, ...listed } = token;
    update((tokens) => [listed, ...tokens]);
    setCreated(token);
  };
  const onRevoked = (id: string) => {
    update((tokens) => tokens.filter((token) => token.id !== id));
    if (created?.id === id) setCreated(null);
    setRevoking(null);
  };

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('tokens.lead')}</p>
      {created ? (
        <NewToken token={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateTokenForm role={account.role} onCreated={onCreated} />
      )}
      <div className="border-t border-slate-200 pt-5 dark:border-slate-800">
        <h3 className="mb-3 text-sm font-semibold text-slate-900 dark:text-white">{t('tokens.listHeading')}</h3>
        {state.status === 'loading' && <Spinner label={t('tokens.loading')} />}
        {state.status === 'error' && (
          <LoadFailed title={t('tokens.loadFailed')} retryLabel={t('layout.retry')} onRetry={retry}>
            {errorMessage(t, state.error)}
          </LoadFailed>
        )}
        {state.status === 'ready' &&
          (state.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('tokens.empty')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {state.data.map((token) => (
                <TokenRow key={token.id} token={token} now={now} onRevoke={() => setRevoking(token)} />
              ))}
            </ul>
          ))}
      </div>
      {revoking && (
        <RevokeTokenDialog
          token={revoking}
          onRevoked={() => onRevoked(revoking.id)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </div>
  );
}
