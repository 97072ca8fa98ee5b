import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { TextLink } from '../../../components/ui/TextLink';
import { ApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/field-errors';
import { EMAIL_TOKEN_MINUTES } from '../../../../shared/rules/account-email';
import { requestPasswordReset } from '../api/account-email';
import { useSignInMethods } from '../api/sign-in-methods';
import { failureOutcome } from '../forms/outcome';
import { useCredentialsForm } from '../forms/use-credentials-form';
import { AuthFooter, AuthShell } from '../pages/AuthShell';

type Field = 'login';
const validate = (values: Record<Field, string>) =>
  fieldErrors({ login: values.login.trim() === '' ? 'validation.loginRequired' : undefined });

/**
 * /forgot-password: a username or email address, and a link emailed to its account. The answer is the same for
 * names without an account, and the page says so. Without email on the instance, it says who resets passwords.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const methods = useSignInMethods();
  const [sent, setSent] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const form = useCredentialsForm<Field>({ login: '' }, validate, async (values) => {
    try {
      await requestPasswordReset(values.login.trim());
      setSent(true);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth.email_unavailable') {
        setUnavailable(true);
        return null;
      }
      return failureOutcome(t, error, ['login']);
    }
  });
  const say = (key: string) => t(key);
  const noEmail = unavailable || methods?.passwordReset === false;

  return (
    <div className="space-y-6">
      <AuthShell title={t('emailLinks.forgot.title')} lead={noEmail ? undefined : t('emailLinks.forgot.lead')}>
        {noEmail ? (
          <Alert tone="info" title={t('emailLinks.forgot.unavailableTitle')}>
            {t('emailLinks.forgot.unavailable')}
          </Alert>
        ) : sent ? (
          <Alert tone="success" title={t('emailLinks.forgot.sentTitle')}>
            {t('emailLinks.forgot.sent', { count: EMAIL_TOKEN_MINUTES.reset_password })}
          </Alert>
        ) : (
          <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-5">
            <TextInput
              label={t('fields.login')}
              name="login"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.text('login', say)}
            />
            {form.failure && (
              <Alert tone="error" title={t('emailLinks.forgot.failedTitle')}>
                {form.failure}
              </Alert>
            )}
            <Button type="submit" busy={form.busy} className="w-full">
              {t('emailLinks.forgot.submit')}
            </Button>
          </form>
        )}
      </AuthShell>
      <AuthFooter>
        <TextLink to="/signin">{t('emailLinks.forgot.backToSignin')}</TextLink>
      </AuthFooter>
    </div>
  );
}
