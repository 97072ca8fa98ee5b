import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { RULE_VALUES, validateSignup, type SignupField } from '../credentials';
import { useCredentialsForm, type SubmitOutcome } from './use-credentials-form';

/** Email, username and password, checked per spec §5: for sign-up and for the first administrator. */
export function SignupForm({
  domain,
  submitLabel,
  failedTitle,
  onSubmit,
}: {
  /** The only email domain allowed (settings.restrict_organization_email), or '' for any. */
  domain: string;
  submitLabel: string;
  failedTitle: string;
  onSubmit(values: Record<SignupField, string>): Promise<SubmitOutcome<SignupField>>;
}) {
  const { t } = useTranslation('account');
  const form = useCredentialsForm<SignupField>(
    { email: '', username: '', password: '' },
    (values) => validateSignup(values, domain),
    onSubmit,
  );
  const values = { ...RULE_VALUES, domain };
  const say = (key: string) => t(key, values);
  const email = form.text('email', say);
  return (
    <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-5">
      <TextInput
        label={t('fields.email')}
        // The domain rule once: as the hint, or as the field's error (which then says it), not both.
        hint={domain && !email.error ? t('fields.emailHintDomain', { domain }) : undefined}
        name="email"
        type="email"
        autoComplete="email"
        required
        {...email}
      />
      <TextInput
        label={t('fields.username')}
        hint={t('fields.usernameHint', values)}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...form.text('username', say)}
      />
      <TextInput
        label={t('fields.password')}
        hint={t('fields.passwordHint', values)}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        {...form.text('password', say)}
      />
      {form.failure && (
        <Alert tone="error" title={failedTitle}>
          {form.failure}
        </Alert>
      )}
      <Button type="submit" busy={form.busy} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
