import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { removePasskey, type Passkey } from '../../api/passkeys';

/** Asks before removing; a passkey already gone (404) counts as removed. */
export function RemovePasskeyDialog({
  passkey,
  onRemoved,
  onCancel,
}: {
  passkey: Passkey;
  onRemoved(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const confirm = async () => {
    try {
      await removePasskey(passkey.id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    onRemoved();
  };
  return (
    <ConfirmDialog
      title={t('passkeys.removeTitle')}
      confirmLabel={t('passkeys.removeConfirm')}
      cancelLabel={t('passkeys.cancel')}
      onConfirm={confirm}
      onCancel={onCancel}
      errorText={(error) => errorMessage(t, error)}
    >
      <p>{t('passkeys.removeBody', { name: passkey.name })}</p>
    </ConfirmDialog>
  );
}
