import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/error-message';
import { EMAIL_TOKEN_MINUTES } from '../../../../shared/rules/account-email';
import { sendEmailVerification } from '../api/send-email-verification';
import { useAccount } from '../layout/account-outlet';

/**
 * Whether the account's email is verified (issue 16.4), and, while it is not, a way to have the link sent again.
 * An unverified account works as any other; a verified address is what lets an OpenID identity be linked by email.
 */
export function EmailVerification() {
  const { t } = useTranslation('account');
  const { account } = useAccount();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ sent: boolean; text: string } | null>(null);

  if (account.emailVerified) return <Badge tone="green">{t('emailLinks.status.verified')}</Badge>;

  const resend = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { email } = await sendEmailVerification();
      const hours = EMAIL_TOKEN_MINUTES.verify_email / 60;
      setOutcome({ sent: true, text: t('emailLinks.status.sent', { email, count: hours }) });
    } catch (error) {
      setOutcome({ sent: false, text: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone="amber">{t('emailLinks.status.unverified')}</Badge>
        <Button type="button" variant="secondary" size="sm" busy={busy} onClick={() => void resend()}>
          {t('emailLinks.status.resend')}
        </Button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('emailLinks.status.unverifiedHint')}</p>
      {/* A live region present from the start, so that the sent link is announced; a refusal is an alert. */}
      <p role="status" className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {outcome?.sent ? outcome.text : ''}
      </p>
      {outcome && !outcome.sent && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {outcome.text}
        </p>
      )}
    </div>
  );
}
