import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import type { WebhooksApi } from '../api/webhooks-api';
import type { Webhook, WebhookWithSecret } from '../api/webhooks.types';

/** Asks before a new signing secret replaces the old one (which keeps signing for a day). */
export function RotateSecretDialog({
  api,
  webhook,
  onRotated,
  onCancel,
}: {
  api: WebhooksApi;
  webhook: Webhook;
  onRotated(rotated: WebhookWithSecret): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('webhooks');
  return (
    <ConfirmDialog
      title={t('rotate.title')}
      confirmLabel={t('rotate.confirm')}
      cancelLabel={t('rotate.cancel')}
      onConfirm={async () => onRotated(await api.rotate(webhook.id))}
      onCancel={onCancel}
      errorText={(error) => errorMessage(t, error)}
    >
      <p>{t('rotate.body', { url: webhook.url })}</p>
    </ConfirmDialog>
  );
}

/** Asks before deleting; a webhook already gone (404) counts as deleted. */
export function DeleteWebhookDialog({
  api,
  webhook,
  onDeleted,
  onCancel,
}: {
  api: WebhooksApi;
  webhook: Webhook;
  onDeleted(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('webhooks');
  const confirm = async () => {
    try {
      await api.remove(webhook.id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    onDeleted();
  };
  return (
    <ConfirmDialog
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      onConfirm={confirm}
      onCancel={onCancel}
      errorText={(error) => errorMessage(t, error)}
    >
      <p>{t('delete.body', { url: webhook.url })}</p>
    </ConfirmDialog>
  );
}
