import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { errorMessage } from '../../../lib/error-message';
import type { SignoutReason } from '../pages/SignoutPage';
import { SESSION_CHECK_INTERVAL_MS, useSessionCheck } from './use-session-check';

/**
 * Mounted once in the root layout: the spec §4 session check and its "Authentication" question. The clock and
 * the interval can be replaced in tests.
 */
export function SessionCheck({
  now = Date.now,
  intervalMs = SESSION_CHECK_INTERVAL_MS,
}: {
  now?: () => number;
  intervalMs?: number;
}) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const onSessionGone = useCallback(
    () => void navigate('/signout', { state: { reason: 'expired' satisfies SignoutReason } }),
    [navigate],
  );
  const session = useSessionCheck({ now, intervalMs, onSessionGone });
  if (!session.open) return null;
  return (
    <Dialog title={t('session.title')} onCancel={session.cancel}>
      <p className="text-slate-700 dark:text-slate-300">{t('session.body')}</p>
      {Boolean(session.failure) && <Alert tone="error">{errorMessage(t, session.failure)}</Alert>}
      <DialogActions>
        <Button variant="secondary" onClick={session.cancel} disabled={session.busy}>
          {t('session.cancel')}
        </Button>
        <Button onClick={session.update} busy={session.busy} data-autofocus>
          {t('session.update')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
