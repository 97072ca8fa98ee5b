import { SIGN_IN_METHODS, type SignInMethod } from '../../../shared/rules/two-factor.js';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/tokens.js';
import { httpError } from '../../http/errors.js';
import type { SessionRow } from '../auth/sessions.repository.js';
import type { AccountSessionsRepository } from './account-sessions.repository.js';
import { describeUserAgent, summarizeUserAgent } from './user-agent.js';

/**
 * The sessions list of an account (issue 16.7): where it is signed in, and signing those out. A session's row id is
 * the SHA-256 of its cookie; the list shows another hash of that, so that nothing it shows leads back to a cookie.
 */

const MINUTE = 60_000;
const sessionNotFound = () => httpError(404, 'session.not_found');

/** The id a session has in the list. */
export const publicSessionId = (rowId: string) => sha256(`session-list:${rowId}`).slice(0, 22);

const methodOf = (value: string | null): SignInMethod =>
  (SIGN_IN_METHODS as readonly string[]).includes(value ?? '') ? (value as SignInMethod) : 'password';

export function createAccountSessionsService(deps: { repository: AccountSessionsRepository; clock: Clock }) {
  const { repository, clock } = deps;
  const iso = (time: number) => new Date(time).toISOString();

  return {
    /** This session first, then the others, most recently active first. */
    async list(userId: string, current: string) {
      const rows = await repository.listOf(userId, clock());
      return rows
        .map((row) => ({
          id: publicSessionId(row.id),
          current: row.id === current,
          method: methodOf(row.method),
          ...describeUserAgent(row.user_agent),
          createdAt: iso(row.created_at),
          lastSeenAt: iso(row.last_seen_at ?? row.created_at),
          expiresAt: iso(row.expires_at),
          seen: row.last_seen_at ?? row.created_at,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.seen - a.seen)
        .map(({ seen: _seen, ...session }) => session);
    },

    /** Signs one session out; answers whether it was the caller's own. */
    async revoke(userId: string, publicId: string, current: string) {
      const rows = await repository.listOf(userId, clock());
      const row = rows.find((candidate) => publicSessionId(candidate.id) === publicId);
      if (!row || !(await repository.delete(userId, row.id))) throw sessionNotFound();
      return { revoked: true as const, current: row.id === current };
    },

    async signOutOthers(userId: string, current: string) {
      return { signedOut: await repository.deleteOthers(userId, current) };
    },

    /** A session just started (its cookie's token): its browser is known from its first answer on. */
    async started(token: string, userAgentHeader: string | undefined): Promise<void> {
      await repository.seen(sha256(token), clock(), summarizeUserAgent(userAgentHeader));
    },

    /** Called for each API request made with a session: its last activity and browser, at most once a minute. */
    async seen(session: SessionRow, userAgentHeader: string | undefined): Promise<void> {
      const now = clock();
      const userAgent = summarizeUserAgent(userAgentHeader);
      const fresh = session.last_seen_at !== null && now - session.last_seen_at < MINUTE;
      if (fresh && session.user_agent === userAgent) return;
      await repository.seen(session.id, now, userAgent);
    },
  };
}

export type AccountSessionsService = ReturnType<typeof createAccountSessionsService>;
