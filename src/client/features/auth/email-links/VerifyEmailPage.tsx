import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextLink } from '../../../components/ui/TextLink';
import { errorMessage } from '../../../lib/error-message';
import { verifyEmail } from '../api/account-email';
import { AuthShell } from '../pages/AuthShell';
import { useSessionStore } from '../session.store';
import { useLinkToken } from './use-link-token';

/** Where the account page offers to send the link again (while the address is not verified). */
const ACCOUNT_PAGE = '/account';

/**
 * /verify-email#<token>: confirms the address the link was emailed to. Only the button sends the token: opening the
 * page changes nothing, so a mail scanner that follows links verifies no address on its own. Without a link that
 * works, the page leads to where a new one is sent (through the sign-in when signed out).
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const token = useLinkToken();
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!token || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      setVerified((await verifyEmail(token)).email);
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('emailLinks.verify.title')} lead={verified ? undefined : t('emailLinks.verify.lead')}>
      {!token ? (
        <div className="space-y-4">
          <Alert tone="error">{t('emailLinks.verify.missingToken')}</Alert>
          <NewLinkLink />
        </div>
      ) : verified ? (
        <div className="space-y-4">
          <Alert tone="success" title={t('emailLinks.verify.doneTitle')}>
            {t('emailLinks.verify.done', { email: verified })}
          </Alert>
          <p className="text-sm">
            <TextLink to="/account">{t('emailLinks.verify.toAccount')}</TextLink>
          </p>
        </div>
      ) : (
        <div className="space-y-5">
          {failure && (
            <>
              <Alert tone="error" title={t('emailLinks.verify.failedTitle')}>
                {failure}
              </Alert>
              <NewLinkLink />
            </>
          )}
          {/* A refused link stays refused: the way on is a new link, not the same button again. */}
          {!failure && (
            <Button type="button" busy={busy} className="w-full" onClick={() => void confirm()}>
              {t('emailLinks.verify.submit')}
            </Button>
          )}
        </div>
      )}
    </AuthShell>
  );
}

/** To the account page, where a new link is sent; signed out, through the sign-in. */
function NewLinkLink() {
  const { t } = useTranslation('account');
  const isLoggedIn = useSessionStore((state) => state.isLoggedIn);
  return (
    <p className="text-sm">
      {isLoggedIn ? (
        <TextLink to={ACCOUNT_PAGE}>{t('emailLinks.verify.toSettings')}</TextLink>
      ) : (
        <TextLink to={`/signin?next=${encodeURIComponent(ACCOUNT_PAGE)}`}>{t('emailLinks.verify.signIn')}</TextLink>
      )}
    </p>
  );
}
