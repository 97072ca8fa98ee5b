import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { parseSecretUrl, secretPath } from '../../../../shared/rules/link';
import { Alert } from '../../../components/ui/Alert';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';
import { loadCode } from '../../../lib/load-code';
import { RevealForm } from './RevealForm';
import type { SecretContent as ContentView } from './SecretContent';
import { useSecretViewer } from './use-secret-viewer';

/** The revealed secret's view (copy buttons, files, downloads) loads on Reveal, before the read spends a view. */
let SecretContent: typeof ContentView | null = null;
const loadContent = async () => {
  SecretContent ??= (await loadCode(() => import('./SecretContent'))).SecretContent;
};

/**
 * /secret/{id}#encryption_key={key}, and the spec's /secret/{key}/{id}, whose key is moved into the fragment at
 * once so it does not stay in the address bar's path, the history or a later Referer. Loading this page spends
 * nothing: only the Reveal button does.
 */
export default function ViewSecretPage() {
  const { t } = useTranslation('view');
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const link = parseSecretUrl(location.pathname + location.hash);
  const id = link?.id ?? params.secretId ?? '';

  useEffect(() => {
    if (link?.keyInPath) {
      void navigate(secretPath(link.id, link.key), { replace: true });
    }
  }, [link?.keyInPath, link?.id, link?.key, navigate]);

  useEffect(() => {
    document.title = `${t('title')} · Hush`;
  }, [t]);

  const viewer = useSecretViewer(id, loadContent);
  const { state } = viewer;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
      {state.step === 'checking' && <Spinner label={t('checking')} />}
      {state.step === 'invalid-link' && (
        <Alert tone="error" title={t('invalidLink.title')}>
          {t('invalidLink.body')}
        </Alert>
      )}
      {state.step === 'no-webcrypto' && (
        <Alert tone="error" title={t('noWebCrypto.title')}>
          {t('noWebCrypto.body')}
        </Alert>
      )}
      {state.step === 'gone' && (
        <Alert tone="info" title={t('gone.title')}>
          {t('gone.body')}
        </Alert>
      )}
      {state.step === 'ip-forbidden' && (
        <Alert tone="error" title={t('ipForbidden.title')}>
          {t('ipForbidden.body')}
        </Alert>
      )}
      {state.step === 'failed' && <Alert tone="error">{t(state.messageKey)}</Alert>}
      {(state.step === 'ready' || state.step === 'revealing') && (
        <Card>
          <RevealForm
            state={state}
            linkKey={link?.key ?? null}
            passwordError={viewer.passwordError}
            keyError={viewer.keyError}
            onReveal={viewer.reveal}
          />
        </Card>
      )}
      {state.step === 'revealed' && SecretContent && <SecretContent content={state.content} onBurn={viewer.burn} />}
      {(state.step === 'gone' || state.step === 'revealed') && (
        <p>
          <Link to="/" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            {t('createOwn')}
          </Link>
        </p>
      )}
    </div>
  );
}
