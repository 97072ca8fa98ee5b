import type { Db } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { SIGN_IN_THROTTLE, type Throttles } from '../auth/attempts.js';
import type { SecondFactorSource } from '../auth/second-factor.js';
import { createTwoFactorRepository } from './two-factor.repository.js';
import { createTwoFactorService } from './two-factor.service.js';

/** Two-factor codes, assembled: the service, and the second-factor source the sign-in asks. */
export function createTwoFactor(deps: { db: Db; passwords: PasswordHasher; clock: Clock; throttles: Throttles }) {
  // Wrong codes are counted apart from passwords (their own key prefix), per account and client, and shared by
  // every instance when Redis is there.
  const throttle = deps.throttles(SIGN_IN_THROTTLE, 'hush-2fa:');
  const service = createTwoFactorService({
    repository: createTwoFactorRepository(deps.db),
    passwords: deps.passwords,
    throttle,
    clock: deps.clock,
  });
  const secondFactor: SecondFactorSource = { method: 'totp', has: (userId) => service.has(userId) };
  return { service, secondFactor };
}
