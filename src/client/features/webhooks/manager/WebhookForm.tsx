import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_FORMATS } from '../../../../shared/rules/events';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Choice } from '../../../components/ui/Choice';
import { Select, TextInput } from '../../../components/ui/Field';
import { useFocusInvalid } from '../../../components/ui/use-focus-invalid';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { hasErrors, type FieldErrors } from '../../../lib/field-errors';
import { EventTypeChoices } from '../../activity';
import { useSessionGone } from '../../account';
import type { WebhookBody } from '../api/webhooks.types';
import {
  refusedUrlText,
  URL_MAX,
  validateWebhook,
  webhookBody,
  type WebhookField,
  type WebhookValues,
} from './webhook-form';

/**
 * A webhook's URL, format and events, for a new one or an edit. `send` makes the call; its refusal shows at the URL
 * (an address the server will not post to) or under the form.
 */
export function WebhookForm({
  initial,
  enabled,
  submitLabel,
  label,
  send,
  onCancel,
}: {
  initial: WebhookValues;
  enabled: boolean;
  submitLabel: string;
  label: string;
  send(body: WebhookBody): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation('webhooks');
  const sessionGone = useSessionGone();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<WebhookField>>({});
  const [urlRefused, setUrlRefused] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { container, focusInvalid } = useFocusInvalid<HTMLFormElement>();

  // The form opens in place of a button: the focus moves into it, to the URL.
  useEffect(() => container.current?.querySelector('input')?.focus(), [container]);

  const change = (next: Partial<WebhookValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors({});
    setUrlRefused(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateWebhook(values);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) return focusInvalid();
    setBusy(true);
    try {
      await send(webhookBody(values, enabled));
    } catch (error) {
      setBusy(false);
      if (sessionGone(error)) return;
      if (error instanceof ApiError && (error.code === 'webhook.url_not_allowed' || error.field === 'url')) {
        setUrlRefused(refusedUrlText(t, error));
        focusInvalid();
      } else {
        setFailure(errorMessage(t, error));
      }
    }
  };

  return (
    <form ref={container} noValidate onSubmit={onSubmit} aria-busy={busy} aria-label={label} className="space-y-5">
      <TextInput
        label={t('form.url')}
        hint={t('form.urlHint')}
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="https://hooks.example.com/hush"
        maxLength={URL_MAX}
        required
        value={values.url}
        onChange={(event) => change({ url: event.target.value })}
        error={urlRefused ?? (errors.url && t(errors.url))}
      />
      <Select
        label={t('form.format')}
        hint={t(`formats.${values.format}.hint`)}
        value={values.format}
        onChange={(event) => change({ format: event.target.value as WebhookValues['format'] })}
      >
        {WEBHOOK_FORMATS.map((format) => (
          <option key={format} value={format}>
            {t(`formats.${format}.label`)}
          </option>
        ))}
      </Select>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('form.events')}</legend>
        <Choice
          type="radio"
          name="filter"
          label={t('form.allEvents')}
          hint={t('form.allEventsHint')}
          checked={values.filter === 'all'}
          onChange={() => change({ filter: 'all' })}
        />
        <Choice
          type="radio"
          name="filter"
          label={t('form.chosenEvents')}
          checked={values.filter === 'chosen'}
          onChange={() => change({ filter: 'chosen' })}
        />
      </fieldset>
      {values.filter === 'chosen' && (
        <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <EventTypeChoices
            legend={t('form.chosenLegend')}
            chosen={values.events}
            onChange={(events) => change({ events })}
            error={errors.events && t(errors.events)}
          />
        </div>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
      </div>
    </form>
  );
}
