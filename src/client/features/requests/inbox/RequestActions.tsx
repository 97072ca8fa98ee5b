import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { deleteRequest } from '../api/delete-request';
import type { RequestDetail, RequestSummary } from '../api/requests.types';
import { revokeRequest } from '../api/revoke-request';
import { forgetInboxKey } from '../inbox-keys';

/** Revoke (the fill link closes, responses stay) and Delete (everything goes), each after a question. */
export function RequestActions({
  request,
  onRevoked,
  onDeleted,
}: {
  request: RequestDetail;
  onRevoked(summary: RequestSummary): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('requests');
  const [asking, setAsking] = useState<'revoke' | 'delete' | null>(null);
  const [revoked, setRevoked] = useState(false);
  const notice = useRef<HTMLDivElement>(null);

  // The Revoke button is gone with the open state: focus goes to the message that says it is done.
  useEffect(() => {
    if (revoked) notice.current?.focus();
  }, [revoked]);

  const revoke = async () => {
    onRevoked(await revokeRequest(request.id));
    setAsking(null);
    setRevoked(true);
  };
  const remove = async () => {
    try {
      await deleteRequest(request.id);
    } catch (error) {
      // Gone already (deleted elsewhere, or purged): what was asked for is done.
      if (!(error instanceof ApiError && error.code === 'secret_request.not_found')) throw error;
    }
    forgetInboxKey(request.id);
    onDeleted();
  };

  return (
    <div className="space-y-3">
      {revoked && (
        <div ref={notice} tabIndex={-1} className="rounded-lg focus:outline-none">
          <Alert tone="success">{t('inbox.revoked')}</Alert>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        {request.state === 'open' && (
          <Button variant="dangerOutline" onClick={() => setAsking('revoke')}>
            {t('inbox.revoke')}
          </Button>
        )}
        <Button variant="dangerOutline" onClick={() => setAsking('delete')}>
          {t('inbox.delete')}
        </Button>
      </div>
      {asking === 'revoke' && (
        <ConfirmDialog
          title={t('inbox.revokeTitle')}
          confirmLabel={t('inbox.revokeConfirm')}
          cancelLabel={t('inbox.cancel')}
          onConfirm={revoke}
          onCancel={() => setAsking(null)}
          errorText={(error) => errorMessage(t, error)}
        >
          <p>{t('inbox.revokeBody')}</p>
        </ConfirmDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          title={t('inbox.deleteTitle')}
          confirmLabel={t('inbox.deleteConfirm')}
          cancelLabel={t('inbox.cancel')}
          onConfirm={remove}
          onCancel={() => setAsking(null)}
          errorText={(error) => errorMessage(t, error)}
        >
          <p>{t('inbox.deleteBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
