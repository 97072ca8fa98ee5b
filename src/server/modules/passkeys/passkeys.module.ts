import type { Db } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { SIGN_IN_THROTTLE, type Throttles } from '../auth/attempts.js';
import type { AuthService } from '../auth/auth.service.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createChallenges } from './challenges.js';
import { createPasskeySignin, type PendingSignins } from './passkey-signin.service.js';
import { createPasskeysRepository } from './passkeys.repository.js';
import { createPasskeysService } from './passkeys.service.js';
import { relyingPartyOf } from './relying-party.js';

export interface PasskeysDeps {
  db: Db;
  users: UsersRepository;
  settings: SettingsService;
  auth: Pick<AuthService, 'startSession'>;
  clock: Clock;
  /** HUSH_PUBLIC_URL: its host is the relying party's id; '' takes each request's host. */
  publicUrl: string;
  throttles: Throttles;
  pending?: PendingSignins;
  /** HUSH_SSO_ONLY: a passkey alone signs in admins only (break-glass), as the password does. */
  ssoOnly?: boolean;
}

/** The passkeys feature, assembled: its service, the sign-in, who they are for, and the second-factor source. */
export function createPasskeys(deps: PasskeysDeps) {
  const repository = createPasskeysRepository(deps.db);
  const challenges = createChallenges(repository, deps.clock);
  const service = createPasskeysService({ repository, challenges, clock: deps.clock });
  // Refused passkeys are counted apart from passwords (their own key prefix): one kind of failure never locks out
  // the other way in. Shared by every instance when Redis is there.
  const throttle = deps.throttles(SIGN_IN_THROTTLE, 'hush-passkey:');
  const signin = createPasskeySignin({
    repository,
    challenges,
    users: deps.users,
    settings: deps.settings,
    startSession: (user, options) => deps.auth.startSession(user, options),
    throttle,
    clock: deps.clock,
    ...(deps.pending && { pending: deps.pending }),
    ssoOnly: deps.ssoOnly ?? false,
  });
  return {
    service,
    signin,
    relyingParty: relyingPartyOf(deps.publicUrl),
    /** For the second-factor framework: users with a passkey may give it after their password. */
    secondFactor: { method: 'passkey' as const, has: (userId: string) => service.has(userId) },
  };
}
