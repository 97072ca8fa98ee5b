import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../lib/logger.js';
import { describeError } from '../startup-checks.js';
import { pingDatabase, type Database } from './database.js';

/** Waits between attempts: doubling from half a second, at most five. */
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5000;

/**
 * A PostgreSQL that does not answer yet: refused, reset, out of reach, or still starting up (SQLSTATE 57P03) or
 * shutting down (08xxx connection errors). Anything else (a wrong password, a missing database) will not pass by
 * waiting, and stops the start at once.
 */
function notUpYet(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code === '57P03' || code.startsWith('08'))) return true;
  if (
    typeof code === 'string' &&
    /^(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|EAI_AGAIN|ENOTFOUND)$/.test(code)
  ) {
    return true;
  }
  return /timeout exceeded when trying to connect|Connection terminated|the database system is (starting|shutting) up/i.test(
    describeError(error),
  );
}

/**
 * At start-up, until PostgreSQL answers or `timeoutSeconds` have passed: a start beside a database still booting
 * (a compose file, a pod) waits for it instead of exiting and being restarted in a loop. Each failed attempt is one
 * log line; past the time, the last error is thrown, naming the setting (the caller says it in one line).
 */
export async function waitForDatabase(database: Database, timeoutSeconds: number, log: Logger): Promise<void> {
  const deadline = performance.now() + timeoutSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await pingDatabase(database);
      if (attempt > 1) log.info({ attempt }, 'PostgreSQL answers');
      return;
    } catch (error) {
      const left = deadline - performance.now();
      if (!notUpYet(error)) throw error;
      if (left <= 0) {
        throw new Error(`${describeError(error)} (tried for HUSH_DATABASE_CONNECT_TIMEOUT=${timeoutSeconds} s)`, {
          cause: error,
        });
      }
      const waitMs = Math.min(FIRST_WAIT_MS * 2 ** (attempt - 1), LONGEST_WAIT_MS, left);
      log.warn(
        { attempt, error: describeError(error), retryInMs: Math.round(waitMs) },
        'PostgreSQL cannot be reached yet: trying again',
      );
      await sleep(waitMs);
    }
  }
}
