import { hash, verify } from '@node-rs/argon2';
import { createSemaphore } from './semaphore.js';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
}

// OWASP's argon2id minimum (19 MiB, t=2, p=1). Verifiers from the web client are already stretched by the
// browser's argon2id; this layer protects raw passwords sent by API clients.
const PARAMS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unreachable under verbatimModuleSyntax */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/** argon2id with a cap on concurrent work, so a burst of password checks cannot exhaust memory or CPU. */
export function createPasswordHasher(concurrency: number): PasswordHasher {
  const gate = createSemaphore(concurrency);
  return {
    hash: (password) => gate.run(() => hash(password.normalize('NFKC'), PARAMS)),
    verify: (storedHash, password) =>
      gate.run(async () => {
        try {
          return await verify(storedHash, password.normalize('NFKC'));
        } catch {
          return false;
        }
      }),
  };
}
