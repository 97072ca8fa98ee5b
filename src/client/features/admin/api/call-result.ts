import { ApiError } from '../../../lib/api-client';

/** Spec §8: a failed settings call as a result: the status and the server's error (or a fixed text). */
export interface CallFailure {
  ok: false;
  status: number;
  error: string;
  /** The server's error code (or `network.unreachable`), which the page translates. */
  code: string;
}

/**
 * A thrown failure as a result: an answer gives its status and the server's message, or `fallback`; no answer
 * (the network, or anything else that threw) gives status 500 with `fallback`. A cancelled call stays thrown.
 */
export function callFailure(error: unknown, fallback: string): CallFailure {
  if ((error as Error | null)?.name === 'AbortError') throw error;
  if (error instanceof ApiError && error.status > 0) {
    const message = typeof error.body.message === 'string' ? error.body.message : fallback;
    return { ok: false, status: error.status, error: message, code: error.code };
  }
  return { ok: false, status: 500, error: fallback, code: error instanceof ApiError ? error.code : 'server.error' };
}

/** A failure result as the error the account pages show (translated by its code; 401 signs the visitor out). */
export const failureError = (failure: CallFailure) => new ApiError(failure.status, failure.code, failure.error);

/** A 403: the visitor is not an admin (auth.admin_required), or no longer is. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
