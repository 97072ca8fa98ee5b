/**
 * How the CLI fails: one line a person understands, and an exit code a script can act on (docs/cli.md). The
 * `status` and `code` of a failed call are kept, so the shared upload loop can tell a passing failure (status 0 for
 * the network, 429, 5xx) from a refusal.
 */
export const EXIT = {
  ok: 0,
  /** Anything else: a damaged download, a server error, a local file that cannot be written. */
  other: 1,
  /** The command line is wrong, or something it names is missing: nothing was sent. */
  usage: 2,
  /** The secret does not exist (any more): expired, opened, burned, or never there; a request no longer open. */
  gone: 3,
  /**
   * The server refused: a wrong password or key, a limit, a token, the IP lock, a setting of the instance. Also a
   * request's key that its fill link does not pin, and a wrong inbox key: refusals found here, nothing sent.
   */
  refused: 4,
  /** The server cannot be reached, or what answers is not a Hush server. */
  network: 5,
  /** Stopped with Ctrl-C. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  constructor(
    message: string,
    readonly exit: ExitCode = EXIT.other,
    /** The API's error code, or cli.<reason> for failures found here. */
    readonly code: string = 'cli.failed',
    /** The HTTP status of a failed call; 0 when the network failed. */
    readonly status?: number,
    /** Extra fields of the API's error body (attemptsLeft, limitBytes…). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string, code = 'cli.usage') => new CliError(message, EXIT.usage, code);

/** The exit code of an API refusal, by status: 404 and 410 are gone, other 4xx refused, 502 to 504 unreachable. */
export function exitForStatus(status: number): ExitCode {
  if (status === 404 || status === 410) return EXIT.gone;
  if (status >= 400 && status < 500) return EXIT.refused;
  if (status >= 502 && status <= 504) return EXIT.network;
  return EXIT.other;
}
