import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/api/auth.contract';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { TextInput } from '../../../components/ui/Field';
import { useSessionGone } from '../../account';
import { failureOutcome } from '../../auth';
import { useCredentialsForm } from '../../auth';
import type { AdminUser } from '../api/admin.types';
import { updateUser } from '../api/users';
import { RoleSelect } from './RoleSelect';
import { validateUserEdit, type EditUserField } from './user-form';

const FIELDS: readonly EditUserField[] = ['email', 'role'];

/** A user's email and role (spec §3); the username names the user and cannot change. */
export function EditUserDialog({
  user,
  isSelf,
  onSaved,
  onCancel,
}: {
  user: AdminUser;
  isSelf: boolean;
  onSaved(user: AdminUser): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('admin');
  const sessionGone = useSessionGone();
  const form = useCredentialsForm<EditUserField>(
    { email: user.email, role: user.role },
    validateUserEdit,
    async (values) => {
      try {
        onSaved(await updateUser({ username: user.username, email: values.email.trim(), role: values.role as Role }));
        return null;
      } catch (error) {
        return sessionGone(error) ? null : failureOutcome(t, error, FIELDS);
      }
    },
  );
  const say = (key: string) => t(key);
  const demotingSelf = isSelf && form.values.role !== 'admin';

  return (
    <Dialog title={t('users.editTitle', { username: user.username })} onCancel={() => !form.busy && onCancel()}>
      <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-4">
        <TextInput
          label={t('users.form.username')}
          hint={t('users.form.usernameFixed')}
          readOnly
          className="font-mono"
          value={user.username}
        />
        <TextInput
          label={t('users.form.email')}
          type="email"
          autoComplete="off"
          required
          {...form.text('email', say)}
          data-autofocus
        />
        <RoleSelect
          value={form.values.role as Role}
          onChange={(role) => form.update('role', role)}
          error={form.errorOf('role', say)}
        />
        {demotingSelf && <Alert tone="warning">{t('users.demoteSelf')}</Alert>}
        {form.failure && <Alert tone="error">{form.failure}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={onCancel} disabled={form.busy}>
            {t('users.cancel')}
          </Button>
          <Button type="submit" busy={form.busy}>
            {t('users.editSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
