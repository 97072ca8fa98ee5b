import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventType } from '../../../../shared/rules/events';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useAccountResource, useSessionGone } from '../../account';
import type { NotificationSettings } from '../api/activity.types';
import { getNotificationSettings, updateNotificationSettings } from '../api/notification-settings';
import { EventTypeChoices } from '../event-types/EventTypeChoices';

/** Account settings › Email notifications: which events are emailed, and to which address. */
export function NotificationsSection() {
  const { t } = useTranslation('activity');
  const { state, retry, update } = useAccountResource(getNotificationSettings);
  if (state.status === 'loading') return <Spinner label={t('notifications.loading')} />;
  if (state.status === 'error') {
    return (
      <LoadFailed title={t('notifications.loadFailed')} retryLabel={t('feed.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  }
  return <NotificationsForm loaded={state.data} onSaved={(saved) => update(() => saved)} />;
}

function NotificationsForm({
  loaded,
  onSaved,
}: {
  loaded: NotificationSettings;
  onSaved(settings: NotificationSettings): void;
}) {
  const { t } = useTranslation('activity');
  const sessionGone = useSessionGone();
  const [chosen, setChosen] = useState<ReadonlySet<EventType>>(() => new Set(loaded.emailEvents));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { failure: string } | null>(null);
  const off = !loaded.emailAvailable;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || off) return;
    setBusy(true);
    setOutcome(null);
    try {
      const saved = await updateNotificationSettings([...chosen]);
      setChosen(new Set(saved.emailEvents));
      onSaved(saved);
      setOutcome({ saved: true });
    } catch (error) {
      if (!sessionGone(error)) setOutcome({ failure: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy} className="space-y-5">
      {off ? (
        <Alert tone="info" title={t('notifications.unavailableTitle')}>
          {t('notifications.unavailable')}
        </Alert>
      ) : (
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          {t('notifications.address', { email: loaded.email })}
        </p>
      )}
      <EventTypeChoices
        legend={t('notifications.legend')}
        chosen={chosen}
        disabled={off}
        onChange={(next) => {
          setChosen(next);
          setOutcome(null);
        }}
      />
      {outcome && 'failure' in outcome && <Alert tone="error">{outcome.failure}</Alert>}
      {outcome && 'saved' in outcome && <Alert tone="success">{t('notifications.saved')}</Alert>}
      {!off && (
        <Button type="submit" busy={busy}>
          {t('notifications.save')}
        </Button>
      )}
    </form>
  );
}
