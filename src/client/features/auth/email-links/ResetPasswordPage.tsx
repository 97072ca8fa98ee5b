import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { TextLink } from '../../../components/ui/TextLink';
import { fieldErrors } from '../../../lib/field-errors';
import { confirmPasswordReset, type ResetDone } from '../api/account-email';
import { signout } from '../api/signout';
import { passwordError, RULE_VALUES } from '../credentials';
import { failureOutcome } from '../forms/outcome';
import { useCredentialsForm } from '../forms/use-credentials-form';
import { AuthFooter, AuthShell } from '../pages/AuthShell';
import { useSessionStore } from '../session.store';
import { useLinkToken } from './use-link-token';

type Field = 'password' | 'confirm';
const validate = (values: Record<Field, string>) =>
  fieldErrors({
    password: passwordError(values.password),
    confirm:
      values.confirm === ''
        ? 'validation.confirmRequired'
        : values.confirm !== values.password
          ? 'validation.confirmMismatch'
          : undefined,
  });

/**
 * /reset-password#<token>: a new password from the emailed link. Every session and API token of the account ends with
 * it, this browser's session too, so the page then sends its owner to sign in (with any second factor they have).
 * The link proves the address: what was added while it was unproven goes (issue 29.1), and the page says so before
 * and, when something went, after.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const token = useLinkToken();
  const [done, setDone] = useState<ResetDone | null>(null);
  const form = useCredentialsForm<Field>({ password: '', confirm: '' }, validate, async (values) => {
    try {
      const answer = await confirmPasswordReset(token!, values.password);
      // The server ended this browser's session too: its readable login cookie goes as well.
      await signout().catch(() => undefined);
      useSessionStore.getState().refresh();
      setDone(answer);
      return null;
    } catch (error) {
      return failureOutcome(t, error, ['password']);
    }
  });
  const say = (key: string) => t(key, RULE_VALUES);

  return (
    <div className="space-y-6">
      <AuthShell title={t('emailLinks.reset.title')} lead={done ? undefined : t('emailLinks.reset.lead')}>
        {!token ? (
          <Alert tone="error">{t('emailLinks.reset.missingToken')}</Alert>
        ) : done ? (
          <div className="space-y-4">
            <Alert tone="success" title={t('emailLinks.reset.doneTitle')}>
              <p>{t('emailLinks.reset.done')}</p>
              <p className="mt-2">{t('emailLinks.reset.doneTokens')}</p>
            </Alert>
            {removedAny(done) && <Alert tone="warning">{t('emailLinks.reset.doneRemoved')}</Alert>}
            <p className="text-sm">
              <TextLink to="/signin">{t('emailLinks.reset.signin')}</TextLink>
            </p>
          </div>
        ) : (
          <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-5">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('emailLinks.reset.leadMore')}</p>
            <TextInput
              label={t('emailLinks.reset.newPassword')}
              hint={t('fields.passwordHint', RULE_VALUES)}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              {...form.text('password', say)}
            />
            <TextInput
              label={t('emailLinks.reset.confirmPassword')}
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              {...form.text('confirm', say)}
            />
            {form.failure && (
              <Alert tone="error" title={t('emailLinks.reset.failedTitle')}>
                {form.failure}
              </Alert>
            )}
            <Button type="submit" busy={form.busy} className="w-full">
              {t('emailLinks.reset.submit')}
            </Button>
          </form>
        )}
      </AuthShell>
      {!done && (
        <AuthFooter>
          <TextLink to="/forgot-password">{t('emailLinks.reset.askAgain')}</TextLink>
        </AuthFooter>
      )}
    </div>
  );
}

/** Whether the reset removed anything added while the address was unproven. */
const removedAny = ({ unverified }: ResetDone) =>
  unverified.authenticatorApp ||
  unverified.passkeys + unverified.identities + unverified.webhooks + unverified.requests > 0;
