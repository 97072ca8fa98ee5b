import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { validateSignin, type SigninField } from '../credentials';
import { useCredentialsForm, type SubmitOutcome } from './use-credentials-form';

export function SigninForm({
  onSubmit,
}: {
  onSubmit(values: Record<SigninField, string>): Promise<SubmitOutcome<SigninField>>;
}) {
  const { t } = useTranslation('account');
  const form = useCredentialsForm<SigninField>({ username: '', password: '' }, validateSignin, onSubmit);
  const error = (field: SigninField) => form.serverErrors[field] ?? (form.errors[field] && t(form.errors[field]));
  return (
    <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-5">
      <TextInput
        label={t('fields.login')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={form.values.username}
        onChange={(event) => form.update('username', event.target.value)}
        error={error('username')}
      />
      <TextInput
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={form.values.password}
        onChange={(event) => form.update('password', event.target.value)}
        error={error('password')}
      />
      {form.failure && (
        <Alert tone="error" title={t('signin.failedTitle')}>
          {form.failure}
        </Alert>
      )}
      <Button type="submit" busy={form.busy} className="w-full">
        {t('signin.submit')}
      </Button>
    </form>
  );
}
