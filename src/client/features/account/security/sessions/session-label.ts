import type { TFunction } from 'i18next';
import type { Session } from '../../api/sessions';

/**
 * A session's name in the list, in the page's language: "Firefox on Linux" from the names the server recognised
 * (brand names, the same in every language), a script's tool by its name, "Unknown browser" for anything else.
 */
export function sessionLabel(t: TFunction, session: Pick<Session, 'browser' | 'os' | 'client'>): string {
  const { browser, os, client } = session;
  if (browser && os) return t('sessions.agent.browserOn', { ns: 'account', browser, os });
  if (browser) return t('sessions.agent.browserOnly', { ns: 'account', browser });
  if (client) return t('sessions.agent.client', { ns: 'account', name: client });
  if (os) return t('sessions.agent.systemOnly', { ns: 'account', os });
  return t('sessions.unknownBrowser', { ns: 'account' });
}
