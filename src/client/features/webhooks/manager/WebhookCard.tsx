import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { BreakableText } from '../../../components/ui/BreakableText';
import { Button } from '../../../components/ui/Button';
import { formatDate } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/error-message';
import { MetaLine, useSessionGone } from '../../account';
import { useEventTypeLabel } from '../../activity';
import type { WebhooksApi } from '../api/webhooks-api';
import type { Webhook } from '../api/webhooks.types';
import { DeliveryLog } from './DeliveryLog';
import { disabledReasonText } from './failure-text';
import { SigningSecret } from './SigningSecret';
import { initialValues, withEnabled } from './webhook-form';
import { WebhookForm } from './WebhookForm';

/**
 * A row of the card's buttons: stacked at full width on a phone (as the forms' buttons are; no label wraps, in any
 * language), a row from `sm` up. The everyday actions come first; rotating the secret and deleting, a row below.
 */
const BUTTON_ROW = 'flex flex-col gap-2 sm:flex-row sm:flex-wrap';

/** What the list asks of a card: a change the server confirmed, and the two questions it asks first. */
export interface CardActions {
  onChanged(webhook: Webhook): void;
  onRotate(): void;
  onDelete(): void;
  onSecretDone(): void;
}

/**
 * One webhook: where it posts, in which format, which events, whether it is on (and why not); its actions, its
 * signing secret when it was just made, and its delivery log. A pinned one (HUSH_WEBHOOK_URL) can only be tested.
 */
export function WebhookCard({
  webhook,
  api,
  secret,
  turnedOff,
  actions,
}: {
  webhook: Webhook;
  api: WebhooksApi;
  /** Webhooks are off on the instance: the server refuses to turn one on. */
  turnedOff: boolean;
  /** The signing secret, right after the create or a rotation. */
  secret: { value: string; rotated: boolean } | null;
  actions: CardActions;
}) {
  const { t, i18n } = useTranslation('webhooks');
  const eventLabel = useEventTypeLabel();
  const sessionGone = useSessionGone();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<'toggle' | 'test' | null>(null);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  // Whether the newest delivery of the loaded log failed or is being retried: said on the card, above the log.
  const [failing, setFailing] = useState(false);
  const onLogLoaded = useCallback((newestFailing: boolean) => setFailing(newestFailing), []);
  const locale = i18n.resolvedLanguage ?? 'en';
  const headingId = `webhook-${webhook.id}`;
  const editable = !webhook.pinned;
  const buttons = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);

  // The form goes when it is saved or cancelled: the focus goes back to its "Edit" button.
  useEffect(() => {
    if (wasEditing.current && !editing) buttons.current?.querySelector('button')?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const run = async (kind: 'toggle' | 'test', call: () => Promise<string>) => {
    setBusy(kind);
    setStatus(null);
    try {
      setStatus({ tone: 'success', text: await call() });
    } catch (error) {
      if (!sessionGone(error)) setStatus({ tone: 'error', text: errorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  };
  const toggle = () =>
    run('toggle', async () => {
      const saved = await api.update(webhook.id, withEnabled(webhook, !webhook.enabled));
      actions.onChanged(saved);
      return t(saved.enabled ? 'card.turnedOn' : 'card.turnedOff');
    });
  const sendTest = () =>
    run('test', async () => {
      await api.test(webhook.id);
      setLogOpen(true);
      setLogVersion((version) => version + 1);
      return t('card.testQueued');
    });

  if (editing) {
    return (
      <li className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {/* The level of the card's own heading (the URL), and of the add form's. */}
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('form.editTitle')}</h2>
        <WebhookForm
          initial={initialValues(webhook)}
          enabled={webhook.enabled}
          label={t('form.editLabel', { url: webhook.url })}
          submitLabel={t('form.save')}
          send={async (body) => {
            const saved = await api.update(webhook.id, body);
            actions.onChanged(saved);
            setEditing(false);
            setStatus({ tone: 'success', text: t('card.saved') });
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }

  return (
    <li
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="space-y-1">
        <h2
          id={headingId}
          className="font-mono text-sm font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100"
        >
          <BreakableText text={webhook.url} />
        </h2>
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={webhook.enabled ? 'green' : 'neutral'}>{t(webhook.enabled ? 'card.on' : 'card.off')}</Badge>
          <Badge>{t(`formats.${webhook.format}.label`)}</Badge>
          {webhook.pinned && <Badge tone="indigo">{t('card.pinnedBadge')}</Badge>}
        </p>
        <MetaLine>
          {[
            <span key="events">
              {webhook.events === null
                ? t('card.allEvents')
                : t('card.someEvents', { events: webhook.events.map(eventLabel).join(', ') })}
            </span>,
            // The pinned one was never added here: it has no date of its own (the server sends the epoch).
            ...(webhook.pinned
              ? []
              : [
                  <time key="created" dateTime={webhook.createdAt}>
                    {t('card.created', { date: formatDate(webhook.createdAt, locale) })}
                  </time>,
                ]),
          ]}
        </MetaLine>
      </div>
      {webhook.pinned && <p className="text-sm text-slate-700 dark:text-slate-300">{t('card.pinned')}</p>}
      {!webhook.enabled && webhook.disabledReason && (
        <Alert tone="warning" title={t('card.disabledTitle')}>
          {t(editable ? 'card.disabledBody' : 'card.disabledBodyPinned', {
            reason: disabledReasonText(t, webhook.disabledReason),
          })}
        </Alert>
      )}
      {failing && webhook.enabled && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{t('card.failing')}</p>
      )}
      {secret && <SigningSecret secret={secret.value} rotated={secret.rotated} onDone={actions.onSecretDone} />}
      <div className="space-y-2">
        <div ref={buttons} className={BUTTON_ROW}>
          {editable && (
            <>
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-describedby={headingId}>
                {t('card.edit')}
              </Button>
              {(webhook.enabled || !turnedOff) && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={toggle}
                  busy={busy === 'toggle'}
                  disabled={busy !== null}
                  aria-describedby={headingId}
                >
                  {t(webhook.enabled ? 'card.turnOff' : 'card.turnOn')}
                </Button>
              )}
            </>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={sendTest}
            busy={busy === 'test'}
            disabled={busy !== null}
            aria-describedby={headingId}
          >
            {t('card.test')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={logOpen}
            onClick={() => setLogOpen((open) => !open)}
            aria-describedby={headingId}
          >
            {t(logOpen ? 'card.hideLog' : 'card.showLog')}
          </Button>
        </div>
        {editable && (
          <div className={BUTTON_ROW}>
            <Button variant="secondary" size="sm" onClick={actions.onRotate} aria-describedby={headingId}>
              {t('card.rotate')}
            </Button>
            <Button variant="dangerOutline" size="sm" onClick={actions.onDelete} aria-describedby={headingId}>
              {t('card.delete')}
            </Button>
          </div>
        )}
      </div>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      {logOpen && <DeliveryLog api={api} webhookId={webhook.id} version={logVersion} onLoaded={onLogLoaded} />}
    </li>
  );
}
