import type { Redis } from 'ioredis';
import type { Db } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { memoryThrottleStore, redisThrottleStore, SIGN_IN_THROTTLE } from '../auth/attempts.js';
import type { SecondFactorSource } from '../auth/second-factor.js';
import { createTwoFactorRepository } from './two-factor.repository.js';
import { createTwoFactorService } from './two-factor.service.js';

/** Two-factor codes, assembled: the service, and the second-factor source the sign-in asks. */
export function createTwoFactor(deps: { db: Db; passwords: PasswordHasher; clock: Clock; redis?: Redis }) {
  // Wrong codes are counted apart from passwords (their own key prefix), per account and client, and shared by
  // every instance when Redis is there.
  const throttle = deps.redis
    ? redisThrottleStore(deps.redis, SIGN_IN_THROTTLE, 'hush-2fa:')
    : memoryThrottleStore(SIGN_IN_THROTTLE);
  const service = createTwoFactorService({
    repository: createTwoFactorRepository(deps.db),
    passwords: deps.passwords,
    throttle,
    clock: deps.clock,
  });
  const secondFactor: SecondFactorSource = { method: 'totp', has: (userId) => service.has(userId) };
  return { service, secondFactor };
}
