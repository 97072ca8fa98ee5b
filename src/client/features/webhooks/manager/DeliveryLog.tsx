import { useCallback, useEffect, useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDateTime } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/error-message';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { MetaLine, useAccountResource } from '../../account';
import { useEventTypeLabel } from '../../activity';
import type { WebhooksApi } from '../api/webhooks-api';
import type { Delivery } from '../api/webhooks.types';
import { deliveryErrorText, errorAddsToStatus } from './failure-text';

const STATE_TONES = { pending: 'neutral', retrying: 'amber', delivered: 'green', failed: 'red' } as const;

/** How many of the newest deliveries show before "Show all". */
export const SHOWN_DELIVERIES = 10;

/** A delivery's state in words: a pending one that was already tried is "Retrying", not merely "Pending". */
export function deliveryState(delivery: Delivery): keyof typeof STATE_TONES {
  return delivery.state === 'pending' && delivery.attempts > 0 ? 'retrying' : delivery.state;
}

/** Whether the newest delivery (the log is newest first) failed or is being retried. */
export const newestFailing = (deliveries: Delivery[]) => {
  const newest = deliveries[0];
  return newest !== undefined && ['failed', 'retrying'].includes(deliveryState(newest));
};

/**
 * A webhook's latest deliveries, newest first: their state, tries, the last answer and the times; the 10 newest,
 * then all on "Show all". Loads when it is shown and again on "Refresh" or when `version` changes (a test event was
 * queued). `onLoaded` hears whether the newest delivery failed or is being retried.
 */
export function DeliveryLog({
  api,
  webhookId,
  version,
  onLoaded,
}: {
  api: WebhooksApi;
  webhookId: string;
  version: number;
  onLoaded?(failing: boolean): void;
}) {
  const { t } = useTranslation('webhooks');
  const headingId = useId();
  const load = useCallback(
    (signal: AbortSignal) => api.deliveries(webhookId, signal),
    // `version` is no input of the call: a new one is a reason to load again.
    [api, webhookId, version],
  );
  const { state, retry } = useAccountResource(load);
  const [showAll, setShowAll] = useState(false);
  // "Show all" goes once clicked: the focus goes to the first row it revealed.
  const firstRevealed = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (showAll) firstRevealed.current?.focus();
  }, [showAll]);
  const deliveries = state.status === 'ready' ? state.data : null;

  useEffect(() => {
    if (deliveries) onLoaded?.(newestFailing(deliveries));
  }, [deliveries, onLoaded]);

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('log.heading')}
        </h3>
        <Button variant="secondary" size="sm" onClick={retry} busy={state.status === 'loading'}>
          {t('log.refresh')}
        </Button>
      </div>
      <div aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && <Spinner label={t('log.loading')} />}
        {state.status === 'error' && (
          <LoadFailed title={t('log.loadFailed')} retryLabel={t('log.retry')} onRetry={retry}>
            {errorMessage(t, state.error)}
          </LoadFailed>
        )}
        {state.status === 'ready' &&
          (state.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('log.empty')}</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-labelledby={headingId}>
                {(showAll ? state.data : state.data.slice(0, SHOWN_DELIVERIES)).map((delivery, index) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    focusRef={index === SHOWN_DELIVERIES ? firstRevealed : undefined}
                  />
                ))}
              </ul>
              {!showAll && state.data.length > SHOWN_DELIVERIES && (
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => setShowAll(true)}>
                  {t('log.showAll', { count: state.data.length })}
                </Button>
              )}
            </>
          ))}
      </div>
    </section>
  );
}

function DeliveryRow({ delivery, focusRef }: { delivery: Delivery; focusRef?: Ref<HTMLLIElement> }) {
  const { t, i18n } = useTranslation('webhooks');
  const locale = i18n.resolvedLanguage ?? 'en';
  const eventLabel = useEventTypeLabel();
  const now = useNow();
  /** "Next try in 5 minutes", the exact time on hover and in the markup. */
  const moment = (key: string, at: string) => (
    <time key={key} dateTime={at} title={formatDateTime(at, locale)}>
      {t(`log.${key}`, { when: formatRelativeTime(new Date(at), now, locale) })}
    </time>
  );
  const { lastCode, lastError } = delivery;
  // The status when one came; the error when it says more (a redirect not followed), or when no status came.
  const answers = [
    ...(lastCode !== null ? [t('log.status', { code: lastCode })] : []),
    ...(lastError && (lastCode === null || errorAddsToStatus(lastError))
      ? [t('log.error', { error: deliveryErrorText(t, lastError) })]
      : []),
  ];
  const shown = deliveryState(delivery);
  return (
    <li
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      className="space-y-1 py-3 first:pt-0 last:pb-0 focus:outline-2 focus:outline-indigo-500"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-slate-100">
        <Badge tone={STATE_TONES[shown]}>{t(`log.states.${shown}`)}</Badge>
        <span>{eventLabel(delivery.type)}</span>
      </p>
      <MetaLine>
        {[
          <time key="created" dateTime={delivery.createdAt}>
            {t('log.created', { when: formatDateTime(delivery.createdAt, locale) })}
          </time>,
          <span key="attempts">{t('log.attempts', { count: delivery.attempts })}</span>,
          ...answers.map((answer, index) => (
            <span key={`answer-${index}`} className="[overflow-wrap:anywhere]">
              {answer}
            </span>
          )),
          ...(delivery.state === 'pending' && delivery.nextAttemptAt
            ? [
                // Due already (the worker claims it within a second or so): not "0 seconds ago".
                new Date(delivery.nextAttemptAt).getTime() <= now.getTime() ? (
                  <span key="next">{t('log.nextNow')}</span>
                ) : (
                  moment('next', delivery.nextAttemptAt)
                ),
              ]
            : []),
          ...(delivery.finishedAt ? [moment('finished', delivery.finishedAt)] : []),
        ]}
      </MetaLine>
    </li>
  );
}
