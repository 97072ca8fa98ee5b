import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSessionGone } from '../../account';
import type { AdminUser } from '../api/admin.types';
import { deleteUser } from '../api/users';

/** Asks before deleting a user with their secrets; "no such user" counts as done (someone else deleted them). */
export function DeleteUserDialog({
  user,
  onDeleted,
  onCancel,
}: {
  user: AdminUser;
  onDeleted(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('admin');
  const sessionGone = useSessionGone();
  const confirm = async () => {
    try {
      await deleteUser(user.username);
    } catch (error) {
      if (sessionGone(error)) return;
      if (!(error instanceof ApiError && error.code === 'admin.user_not_found')) throw error;
    }
    onDeleted();
  };
  return (
    <ConfirmDialog
      title={t('users.deleteTitle', { username: user.username })}
      confirmLabel={t('users.deleteConfirm')}
      cancelLabel={t('users.cancel')}
      onConfirm={confirm}
      onCancel={onCancel}
      errorText={(error) => errorMessage(t, error)}
    >
      <p>{t('users.deleteBody', { username: user.username, email: user.email })}</p>
    </ConfirmDialog>
  );
}
