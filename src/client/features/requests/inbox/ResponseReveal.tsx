import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Spinner } from '../../../components/ui/Spinner';
import { SecretContent, useSecretViewer } from '../../secrets';
import { announceUnreadChange } from '../unread/use-unread-count';

/**
 * A response opened with its key: it is a secret of its own, so the secret viewer reads it (a side-effect free check,
 * then the one read that spends a view) and the secret's view shows its text and files.
 */
export function ResponseReveal({ id, responseKey, name }: { id: string; responseKey: string; name: string }) {
  const { t } = useTranslation('requests');
  const { t: tView } = useTranslation('view');
  const viewer = useSecretViewer(id);
  const { state, reveal } = viewer;
  const asked = useRef(false);

  // Reveal was pressed already: read as soon as the check says the response is there.
  useEffect(() => {
    if (state.step !== 'ready' || asked.current) return;
    asked.current = true;
    void reveal({ key: responseKey, password: null });
  }, [state, reveal, responseKey]);

  // Opened: the account menu's unread count goes down now, not at the next page.
  useEffect(() => {
    if (state.step === 'revealed') announceUnreadChange();
  }, [state.step]);

  if (viewer.keyError) return <Alert tone="error">{t('inbox.responseDamaged')}</Alert>;
  switch (state.step) {
    case 'revealed':
      return <SecretContent content={{ ...state.content, title: state.content.title ?? name }} onBurn={viewer.burn} />;
    case 'gone':
      return <Alert tone="info">{t('inbox.responseGone')}</Alert>;
    case 'ip-forbidden':
      return <Alert tone="error">{tView('errors.ipForbidden')}</Alert>;
    case 'failed':
      return <Alert tone="error">{tView(state.messageKey)}</Alert>;
    case 'no-webcrypto':
    case 'invalid-link':
      return <Alert tone="error">{t('inbox.responseDamaged')}</Alert>;
    default:
      return (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          <Spinner size="sm" /> {t('inbox.revealing')}
        </p>
      );
  }
}
