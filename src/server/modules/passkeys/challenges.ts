import { PASSKEY_CHALLENGE_MINUTES } from '../../../shared/rules/passkeys.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { ChallengePurpose, PasskeysRepository } from './passkeys.repository.js';

/**
 * The challenges a passkey signs: random, handed out with the options, and good for one answer within
 * PASSKEY_CHALLENGE_MINUTES. The answer carries its challenge inside clientDataJSON, which the authenticator's
 * signature covers, so the server reads it from there and uses the stored one up before it verifies anything else:
 * a replayed answer finds its challenge gone.
 */
export function createChallenges(repository: PasskeysRepository, clock: Clock) {
  return {
    /** A new challenge, base64url (the options carry its bytes; clientDataJSON brings back this text). */
    async issue(purpose: ChallengePurpose, userId: string | null): Promise<string> {
      const now = clock();
      // Unanswered ones go whenever a new one comes: the table stays as small as the traffic of five minutes.
      await repository.purgeChallenges(now);
      const challenge = randomToken(32);
      await repository.insertChallenge(sha256(challenge), purpose, userId, now + PASSKEY_CHALLENGE_MINUTES * 60_000);
      return challenge;
    },

    /** The challenge an answer names, used up: with the account it was issued for; null when it does not count. */
    async take(clientDataJSON: string, purpose: ChallengePurpose) {
      const challenge = challengeOf(clientDataJSON);
      if (!challenge) return null;
      const row = await repository.takeChallenge(sha256(challenge), purpose, clock());
      return row ? { challenge, userId: row.user_id } : null;
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;

function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}
