import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/error-message';
import { useAccountResource } from '../../account';
import { useSettingsStore } from '../../settings';
import { webhooksApi, type WebhooksBase } from '../api/webhooks-api';
import type { Webhook, WebhookWithSecret } from '../api/webhooks.types';
import { initialValues } from './webhook-form';
import { WebhookCard } from './WebhookCard';
import { DeleteWebhookDialog, RotateSecretDialog } from './WebhookDialogs';
import { WebhookForm } from './WebhookForm';

type Asking = { kind: 'rotate' | 'delete'; webhook: Webhook } | null;

/**
 * A set of webhooks, the user's or the instance's (`base`): the list, adding one (its signing secret shown once),
 * and each one's actions. The account and admin pages differ only in the set and their words around it.
 */
export function WebhooksManager({ base, listLabel }: { base: WebhooksBase; listLabel: string }) {
  const { t } = useTranslation('webhooks');
  const api = useMemo(() => webhooksApi(base), [base]);
  const { state, retry, update } = useAccountResource(api.list);
  const turnedOff = useSettingsStore((store) => store.settings.disable_webhooks);
  const [adding, setAdding] = useState(false);
  const [revealed, setRevealed] = useState<{ id: string; value: string; rotated: boolean } | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [deletedCount, setDeletedCount] = useState(0);
  const notice = useRef<HTMLDivElement>(null);
  const addBox = useRef<HTMLDivElement>(null);
  const wasAdding = useRef(false);

  // The card and its buttons are gone: focus goes to the message that says so.
  useEffect(() => {
    if (deletedCount > 0) notice.current?.focus();
  }, [deletedCount]);

  // A cancelled form gives the focus back to its button (a created webhook's secret takes it instead).
  useEffect(() => {
    if (wasAdding.current && !adding && !revealed) addBox.current?.querySelector('button')?.focus();
    wasAdding.current = adding;
  }, [adding, revealed]);

  const replace = (saved: Webhook) => update((list) => list.map((item) => (item.id === saved.id ? saved : item)));
  const show = (withSecret: WebhookWithSecret, rotated: boolean) => {
    const { secret, ...webhook } = withSecret;
    setRevealed({ id: webhook.id, value: secret, rotated });
    return webhook;
  };
  const created = (withSecret: WebhookWithSecret) => {
    const webhook = show(withSecret, false);
    update((list) => [webhook, ...list]);
    setAdding(false);
  };
  const rotated = (withSecret: WebhookWithSecret) => {
    replace(show(withSecret, true));
    setAsking(null);
  };
  const deleted = (id: string) => {
    update((list) => list.filter((item) => item.id !== id));
    if (revealed?.id === id) setRevealed(null);
    setAsking(null);
    setDeletedCount((count) => count + 1);
  };

  let content;
  if (state.status === 'loading') {
    content = (
      <div className="flex justify-center py-12 text-slate-600 dark:text-slate-400">
        <Spinner label={t('list.loading')} />
      </div>
    );
  } else if (state.status === 'error') {
    content = (
      <LoadFailed title={t('list.loadFailed')} retryLabel={t('list.retry')} onRetry={retry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  } else if (state.data.length === 0) {
    content = (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
        <p className="font-semibold">{t('list.emptyTitle')}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('list.emptyBody')}</p>
      </div>
    );
  } else {
    content = (
      <ul className="space-y-3" aria-label={listLabel}>
        {state.data.map((webhook) => (
          <WebhookCard
            key={webhook.id}
            webhook={webhook}
            api={api}
            secret={revealed?.id === webhook.id ? revealed : null}
            turnedOff={turnedOff}
            actions={{
              onChanged: replace,
              onRotate: () => setAsking({ kind: 'rotate', webhook }),
              onDelete: () => setAsking({ kind: 'delete', webhook }),
              onSecretDone: () => setRevealed(null),
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      {turnedOff && <Alert tone="info">{t('list.turnedOff')}</Alert>}
      {deletedCount > 0 && (
        <div ref={notice} tabIndex={-1} className="rounded-lg focus:outline-none">
          <Alert tone="success">{t('list.deleted')}</Alert>
        </div>
      )}
      {adding ? (
        <Card>
          <div className="space-y-4">
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('form.addTitle')}</h2>
            <WebhookForm
              initial={initialValues()}
              enabled
              label={t('form.addTitle')}
              submitLabel={t('form.add')}
              send={async (body) => created(await api.create(body))}
              onCancel={() => setAdding(false)}
            />
          </div>
        </Card>
      ) : (
        !turnedOff && (
          <div ref={addBox}>
            <Button onClick={() => setAdding(true)}>{t('list.add')}</Button>
          </div>
        )
      )}
      {content}
      {asking?.kind === 'rotate' && (
        <RotateSecretDialog api={api} webhook={asking.webhook} onRotated={rotated} onCancel={() => setAsking(null)} />
      )}
      {asking?.kind === 'delete' && (
        <DeleteWebhookDialog
          api={api}
          webhook={asking.webhook}
          onDeleted={() => deleted(asking.webhook.id)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
