import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_TYPES, type EventType } from '../../../../shared/rules/events';
import { Choice } from '../../../components/ui/Choice';
import { useEventTypeLabel } from './event-type-label';

/** The event types in the groups a reader looks for them in: secrets, requests, the account. */
const GROUPS = [
  { key: 'secrets', types: EVENT_TYPES.filter((type) => type.startsWith('secret.')) },
  { key: 'requests', types: EVENT_TYPES.filter((type) => type.startsWith('request.')) },
  { key: 'account', types: EVENT_TYPES.filter((type) => !/^(secret|request)\./.test(type)) },
] as const;

/** A checkbox for each event type, grouped; used for emails and for a webhook's events. */
export function EventTypeChoices({
  legend,
  hint,
  error,
  chosen,
  onChange,
  disabled = false,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  chosen: ReadonlySet<EventType>;
  onChange(chosen: Set<EventType>): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('activity');
  const label = useEventTypeLabel();
  const id = useId();
  const toggle = (type: EventType, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(type);
    else next.delete(type);
    onChange(next);
  };
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} className="space-y-3">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {GROUPS.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className="space-y-2">
            <p
              id={`${id}-${group.key}`}
              className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
            >
              {t(`groups.${group.key}`)}
            </p>
            {group.types.map((type) => (
              <Choice
                key={type}
                label={label(type)}
                checked={chosen.has(type)}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                onChange={(event) => toggle(type, event.target.checked)}
              />
            ))}
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
