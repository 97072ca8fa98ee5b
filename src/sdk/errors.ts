/**
 * Every failure of the client is a HushError: the API's `{code, message}` with the HTTP status and the body's other
 * fields, or a `client.<reason>` found here (the network, a link, a damaged or tampered secret). `status` is 0 when
 * the network failed, and absent for failures found here: the shared upload loop retries on it (shared/upload).
 */
export class HushError extends Error {
  constructor(
    message: string,
    /** The API's error code (`secret.not_found`…), or `client.<reason>` for failures found here. */
    readonly code: string,
    /** The HTTP status of a failed call; 0 when the network failed. */
    readonly status?: number,
    /** The other fields of the API's error body (attemptsLeft, limitBytes…). */
    readonly details: Readonly<Record<string, unknown>> = {},
    /** Seconds to wait before trying again, from the Retry-After header of a 429 or 503. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'HushError';
  }
}

export const clientError = (code: string, message: string) => new HushError(message, `client.${code}`);
