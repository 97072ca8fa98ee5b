import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { deleteOwnSecret } from '../api/delete-own-secret';

/** Asks before burning one of the user's secrets; "not found" counts as done (it was read out or expired). */
export function DeleteSecretDialog({ id, onDeleted, onCancel }: { id: string; onDeleted(): void; onCancel(): void }) {
  const { t } = useTranslation('account');
  const confirm = async () => {
    try {
      await deleteOwnSecret(id);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'secret.not_found')) throw error;
    }
    onDeleted();
  };
  return (
    <ConfirmDialog
      title={t('secrets.confirmTitle')}
      confirmLabel={t('secrets.confirm')}
      cancelLabel={t('secrets.cancel')}
      onConfirm={confirm}
      onCancel={onCancel}
      errorText={(error) => errorMessage(t, error)}
    >
      <p>{t('secrets.confirmBody')}</p>
    </ConfirmDialog>
  );
}
