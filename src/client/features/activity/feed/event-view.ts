import { inboxPath } from '../../../../shared/rules/requests';
import type { ActivityItem } from '../api/activity.types';

/** A translation key of the `activity` namespace with its values. */
export interface Phrase {
  key: string;
  values?: Record<string, string | number>;
}

/** What the activity page says of an event, and where it leads (the receipt, the request, the settings). */
export interface EventView {
  text: Phrase;
  link: { to: string; label: string } | null;
}

/** The id of the secret or request an event is about, to tell which one it was; null for tokens, devices, webhooks. */
export function eventSubject(item: ActivityItem): string | null {
  return item.type.startsWith('secret.') || item.type.startsWith('request.') ? item.subjectId : null;
}

const receipt = (id: string) => ({ to: `/receipt/${encodeURIComponent(id)}`, label: 'links.receipt' });
const SETTINGS = '/account/account-settings';

/** "Your secret was opened — 2 views left": the event's type and its few fields in words. */
export function eventView(item: ActivityItem): EventView {
  const { data, subjectId } = item;
  const count = (field: string) => (typeof data[field] === 'number' ? data[field] : null);
  switch (item.type) {
    case 'secret.viewed': {
      // The last view comes with `{ viewsLeft: 0, ended: true }`: "opened for the last time", not "0 views left".
      const left = count('viewsLeft');
      const text: Phrase =
        data.ended === true
          ? { key: 'events.secretViewedLast' }
          : left !== null
            ? { key: 'events.secretViewedLeft', values: { count: left } }
            : { key: 'events.secretViewed' };
      return { text, link: receipt(subjectId) };
    }
    case 'secret.burned': {
      const by = BURNED_BY[String(data.by)] ?? 'events.secretBurned';
      return { text: { key: by }, link: receipt(subjectId) };
    }
    case 'secret.expired':
      return {
        text: { key: data.unread === true ? 'events.secretExpiredUnread' : 'events.secretExpired' },
        link: receipt(subjectId),
      };
    case 'secret.password_failed': {
      const left = count('attemptsLeft');
      const text: Phrase =
        left !== null
          ? { key: 'events.passwordFailedLeft', values: { count: left } }
          : { key: 'events.passwordFailed' };
      return { text, link: receipt(subjectId) };
    }
    case 'request.created':
    case 'request.answered':
    case 'request.revoked':
    case 'request.expired':
      return {
        text: { key: `events.${REQUEST_KEYS[item.type]}` },
        link: { to: inboxPath(subjectId), label: 'links.request' },
      };
    case 'token.created':
      return {
        text: { key: 'events.tokenCreated' },
        link: { to: `${SETTINGS}#settings-tokens`, label: 'links.tokens' },
      };
    case 'token.first_used':
      return {
        text: { key: 'events.tokenFirstUsed' },
        link: { to: `${SETTINGS}#settings-tokens`, label: 'links.tokens' },
      };
    case 'session.new_device':
      return { text: { key: 'events.newDevice' }, link: { to: `${SETTINGS}#settings-profile`, label: 'links.notYou' } };
    case 'session.second_factor_failed':
      return {
        text: { key: 'events.secondFactorFailed' },
        link: { to: `${SETTINGS}#settings-profile`, label: 'links.notYou' },
      };
    case 'webhook.disabled':
      return { text: { key: 'events.webhookDisabled' }, link: { to: '/account/webhooks', label: 'links.webhooks' } };
    default:
      return { text: { key: 'events.other' }, link: null };
  }
}

const BURNED_BY: Record<string, string> = {
  creator: 'events.secretBurnedByCreator',
  reader: 'events.secretBurnedByReader',
  attempts: 'events.secretBurnedByAttempts',
};

const REQUEST_KEYS = {
  'request.created': 'requestCreated',
  'request.answered': 'requestAnswered',
  'request.revoked': 'requestRevoked',
  'request.expired': 'requestExpired',
} as const;
