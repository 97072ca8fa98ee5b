import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { allowedDomain } from '../../../../shared/rules/account';
import { RULE_VALUES } from '../../auth';
import { failureOutcome } from '../../auth';
import { useCredentialsForm } from '../../auth';
import { useSettingsStore } from '../../settings';
import { updateAccount } from '../api/update-account';
import { useAccount } from '../layout/account-outlet';
import { profileUpdate, validateProfile, type ProfileField, type ProfileValues } from './profile-form';

const FIELDS: readonly ProfileField[] = ['email', 'newPassword', 'confirmNewPassword', 'currentPassword'];

/** Email and password: one form, the current password required for either change. */
export function ProfileForm() {
  const { t } = useTranslation('account');
  const { account, setAccount } = useAccount();
  const domain = allowedDomain(useSettingsStore((state) => state.settings.restrict_organization_email));
  const [saved, setSaved] = useState<'email' | 'password' | null>(null);
  const blank = (email: string): ProfileValues => ({
    email,
    newPassword: '',
    confirmNewPassword: '',
    currentPassword: '',
  });

  const form = useCredentialsForm<ProfileField>(
    blank(account.email),
    (values) => validateProfile(values, account.email, domain),
    async (values) => {
      setSaved(null);
      const body = profileUpdate(values, account.email);
      if (!body) return { message: t('settings.profile.nothing') };
      try {
        const updated = await updateAccount(body);
        setAccount(updated);
        form.reset(blank(updated.email));
        setSaved(body.newPassword ? 'password' : 'email');
        return null;
      } catch (error) {
        return failureOutcome(t, error, FIELDS);
      }
    },
  );
  const say = (key: string) => t(key, { ...RULE_VALUES, domain });
  const field = (name: ProfileField) => ({ name, ...form.text(name, say) });
  const email = field('email');

  return (
    // A change, or a new attempt, makes the last "saved" old news: it never stands beside a new error.
    <form
      ref={form.container}
      noValidate
      onChange={() => setSaved(null)}
      onSubmit={(event) => {
        setSaved(null);
        void form.onSubmit(event);
      }}
      aria-busy={form.busy}
      className="space-y-5"
    >
      <TextInput
        label={t('fields.email')}
        // The domain rule once: as the hint, or as the field's error (which then says it), not both.
        hint={domain && !email.error ? t('fields.emailHintDomain', { domain }) : undefined}
        type="email"
        autoComplete="email"
        required
        {...email}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label={t('settings.profile.newPassword')}
          hint={t('settings.profile.newPasswordHint', RULE_VALUES)}
          type="password"
          autoComplete="new-password"
          {...field('newPassword')}
        />
        <TextInput
          label={t('settings.profile.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmNewPassword')}
        />
      </div>
      <TextInput
        label={t('settings.profile.currentPassword')}
        hint={t('settings.profile.currentPasswordHint')}
        type="password"
        autoComplete="current-password"
        required
        {...field('currentPassword')}
      />
      {form.failure && <Alert tone="error">{form.failure}</Alert>}
      {saved && (
        <Alert tone="success">
          {saved === 'password' ? t('settings.profile.savedPassword') : t('settings.profile.saved')}
        </Alert>
      )}
      <Button type="submit" busy={form.busy}>
        {t('settings.profile.submit')}
      </Button>
    </form>
  );
}
