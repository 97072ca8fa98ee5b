import type { EventType, TEST_EVENT } from '../../../shared/rules/events.js';
import { LANGUAGE_CODES, type Language } from '../../../shared/rules/languages.js';
import { serverTexts, t } from '../../lib/server-i18n.js';
import type { EventData } from '../events/events.repository.js';

/**
 * What an event says in words, for emails (in the recipient's language), Slack and ntfy: the event, its time and ids,
 * never content, titles, keys or addresses. The words are in src/server/locales/{code}/emails.json, under `events`.
 */
export interface MessageTexts {
  /** The language they are written in: the one asked for when it has a file, else English. */
  language: string;
  subject: string;
  footer: string;
  time: string;
  id: string;
}

/** The words around an event's sentence in an email, in `language` (English when Hush has no texts in it). */
export function textsFor(language: string | null | undefined): MessageTexts {
  return {
    language: serverTexts.languageOf(language),
    subject: t(language, 'events.subject'),
    footer: t(language, 'events.footer'),
    time: t(language, 'events.time'),
    id: t(language, 'events.id'),
  };
}

/** The sentence an event's data picks: its key under `events.text`, and the count that picks its plural form. */
type Sentence = { key: string; count?: number };

const SENTENCES: Record<EventType | typeof TEST_EVENT, (data: EventData) => Sentence> = {
  'secret.viewed': (d) =>
    d.ended ? { key: 'secret_viewed_ended' } : { key: 'secret_viewed_left', count: Number(d.viewsLeft ?? 0) },
  'secret.burned': (d) => ({
    key:
      d.by === 'reader'
        ? 'secret_burned_by_reader'
        : d.by === 'attempts'
          ? 'secret_burned_by_attempts'
          : 'secret_burned_by_creator',
  }),
  'secret.expired': (d) => ({ key: d.unread ? 'secret_expired_unread' : 'secret_expired' }),
  'secret.password_failed': (d) => ({ key: 'secret_password_failed', count: Number(d.attemptsLeft ?? 0) }),
  'request.created': () => ({ key: 'request_created' }),
  'request.answered': () => ({ key: 'request_answered' }),
  'request.revoked': () => ({ key: 'request_revoked' }),
  'request.expired': () => ({ key: 'request_expired' }),
  'token.created': () => ({ key: 'token_created' }),
  'token.first_used': () => ({ key: 'token_first_used' }),
  'session.new_device': () => ({ key: 'session_new_device' }),
  'webhook.disabled': () => ({ key: 'webhook_disabled' }),
  'session.second_factor_failed': () => ({ key: 'session_second_factor_failed' }),
  'webhook.test': () => ({ key: 'webhook_test' }),
};

/** One sentence saying what happened; an unknown type is named as it is, with its id. */
export function describeEvent(
  event: { type: string; subjectId: string; data: EventData },
  language?: string | null,
): string {
  const say = Object.hasOwn(SENTENCES, event.type) ? SENTENCES[event.type as keyof typeof SENTENCES] : undefined;
  if (!say) return `${event.type} (${event.subjectId})`;
  const { key, count } = say(event.data);
  return t(
    language,
    `events.text.${key}`,
    count === undefined ? { id: event.subjectId } : { id: event.subjectId, count },
  );
}

/** A few words naming the event ("Secret opened"); an unknown type is named as it is. */
export function eventTitle(type: string, language?: string | null): string {
  const key = `events.titles.${type}`;
  return serverTexts.has(key) ? t(language, key) : type;
}

/** The languages Hush ships that the notices are written in (a file in src/server/locales). */
export const MESSAGE_LANGUAGES: Language[] = LANGUAGE_CODES.filter((code) => serverTexts.languages.includes(code));
