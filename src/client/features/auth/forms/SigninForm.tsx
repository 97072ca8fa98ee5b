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
  const say = (key: string) => t(key);
  return (
    <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-5">
      <TextInput
        label={t('fields.login')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...form.text('username', say)}
      />
      <TextInput
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        {...form.text('password', say)}
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
