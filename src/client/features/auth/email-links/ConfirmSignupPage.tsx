import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { TextLink } from '../../../components/ui/TextLink';
import { ApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/field-errors';
import { confirmSignup } from '../api/account-email';
import { failureOutcome } from '../forms/outcome';
import { useCredentialsForm } from '../forms/use-credentials-form';
import { AuthFooter, AuthShell } from '../pages/AuthShell';
import { useSessionStore } from '../session.store';
import { useLinkToken } from './use-link-token';

type Field = 'password';
const validate = (values: Record<Field, string>) =>
  fieldErrors({ password: values.password === '' ? 'validation.passwordRequired' : undefined });

/**
 * /confirm-signup#<token> (issue 29.1): a sign-up's emailed link makes its account, with the password chosen at
 * sign-up, and signs it in. Opening the page changes nothing: only the form sends the token, so a mail scanner that
 * follows links makes no account, and someone who got a link for a sign-up they never made cannot use it.
 */
export default function ConfirmSignupPage() {
  const { t } = useTranslation('account');
  const token = useLinkToken();
  const navigate = useNavigate();
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const form = useCredentialsForm<Field>({ password: '' }, validate, async (values) => {
    try {
      await confirmSignup(token!, values.password);
      useSessionStore.getState().refresh();
      await navigate('/account', { replace: true });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth.invalid_credentials') {
        return { message: t('emailLinks.confirmSignup.wrongPassword'), field: 'password' };
      }
      const outcome = failureOutcome(t, error, ['password']);
      if (error instanceof ApiError && error.code === 'auth.signup_link_invalid') {
        setLinkRefused(outcome?.message ?? null);
        return null;
      }
      return outcome;
    }
  });
  const say = (key: string) => t(key);

  return (
    <div className="space-y-6">
      <AuthShell
        title={t('emailLinks.confirmSignup.title')}
        lead={token && !linkRefused ? t('emailLinks.confirmSignup.lead') : undefined}
      >
        {!token || linkRefused ? (
          <Alert tone="error" title={linkRefused ? t('emailLinks.confirmSignup.failedTitle') : undefined}>
            {linkRefused ?? t('emailLinks.confirmSignup.missingToken')}
          </Alert>
        ) : (
          <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-5">
            <TextInput
              label={t('fields.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              {...form.text('password', say)}
            />
            {form.failure && (
              <Alert tone="error" title={t('emailLinks.confirmSignup.failedTitle')}>
                {form.failure}
              </Alert>
            )}
            <Button type="submit" busy={form.busy} className="w-full">
              {t('emailLinks.confirmSignup.submit')}
            </Button>
          </form>
        )}
      </AuthShell>
      <AuthFooter>
        <TextLink to="/signup">{t('emailLinks.confirmSignup.signupAgain')}</TextLink>
      </AuthFooter>
    </div>
  );
}
