import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import type { ApiToken } from '../api/account.types';
import { revokeToken } from '../api/revoke-token';

/** Asks before revoking; a token already gone (404) counts as revoked. */
export function RevokeTokenDialog({
  token,
  onRevoked,
  onCancel,
}: {
  token: ApiToken;
  onRevoked(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const confirm = async () => {
    try {
      await revokeToken(token.id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    onRevoked();
  };
  return (
    <ConfirmDialog
      title={t('tokens.revokeTitle')}
      confirmLabel={t('tokens.revokeConfirm')}
      cancelLabel={t('tokens.cancel')}
      onConfirm={confirm}
      onCancel={onCancel}
      errorText={(error) => errorMessage(t, error)}
    >
      <p>{t('tokens.revokeBody', { name: token.name })}</p>
    </ConfirmDialog>
  );
}
