import type { z } from 'zod';
import type { ResponseContract, RouteContract } from '../shared/api/contract.js';
import { ErrorBody } from '../shared/api/contract.js';
import { API_BASE, routePath } from '../shared/rules/api-path.js';
import { CliError, EXIT, exitForStatus } from './errors.js';

export { CliError };

/** Where calls go, and the API token sent with them (only ever to that server's own origin). */
export interface Connection {
  server: string;
  token?: string | null | undefined;
}

type SuccessStatus = 200 | 201;
type SuccessResponse<R extends RouteContract> = R['responses'][Extract<keyof R['responses'], SuccessStatus>];
/** What a route answers with on success, as its contract says. */
export type Answer<R extends RouteContract> =
  SuccessResponse<R> extends { schema: z.ZodType } ? z.output<SuccessResponse<R>['schema']> : never;

interface CallInput<R extends RouteContract> {
  params?: Record<string, string>;
  body?: R['body'] extends z.ZodType ? z.input<R['body']> : never;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is the server running, and is the address right?)',
  ENOTFOUND: 'no such host name',
  EAI_AGAIN: 'the host name could not be looked up',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'it did not answer in time',
  EHOSTUNREACH: 'the host cannot be reached',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed (NODE_EXTRA_CA_CERTS can name your CA)',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted (NODE_EXTRA_CA_CERTS can name your CA)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted (NODE_EXTRA_CA_CERTS can name your CA)',
};

function networkFailure(url: string, error: unknown): CliError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const words = (cause?.code && NETWORK_WORDS[cause.code]) ?? cause?.message ?? (error as Error).message;
  return new CliError(`Cannot reach ${new URL(url).origin}: ${words}`, EXIT.network, 'cli.network', 0);
}

/** Plain words for the refusals a CLI user meets most; the server's own message otherwise. */
function refusalMessage(code: string, message: string, details: Record<string, unknown>, response: Response) {
  switch (code) {
    case 'secret.not_found':
      return 'This secret does not exist: it expired, was opened already or was burned, or the link is wrong';
    case 'receipt.not_found':
      return 'No status for this receipt: the link is wrong, or the secret ended longer ago than this server keeps statuses';
    case 'secret.password_invalid':
      return `Wrong password (${String(details.attemptsLeft ?? 0)} attempts left)`;
    case 'secret.key_invalid':
      return 'The key in the link does not match this secret: the link is damaged or incomplete';
    case 'auth.not_signed_in':
      return 'The API token was refused: it is unknown, expired or revoked (see --token, HUSH_TOKEN or hush config)';
    case 'auth.token_scope':
      return typeof details.scope === 'string'
        ? `${message}: make a token with it (hush tokens create NAME --scope ${details.scope} …)`
        : message;
    case 'rate_limited':
    case 'auth.too_many_attempts': {
      const wait = Number(details.retryAfterSeconds ?? response.headers.get('retry-after'));
      return Number.isFinite(wait) && wait > 0 ? `${message} (try again in ${wait} s)` : message;
    }
    default:
      return message;
  }
}

/**
 * A request to the server, its failures turned into CliErrors: an unreachable server, a `{code, message}` refusal
 * with its exit code, or an answer that is not from a Hush API (a proxy's error page, another program).
 */
export async function send(connection: Connection, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // The token is a credential of this server: a link to another origin never gets it.
  if (connection.token && new URL(url).origin === new URL(connection.server).origin) {
    headers.set('authorization', `Bearer ${connection.token}`);
  }
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers });
  } catch (error) {
    if ((error as Error).name === 'AbortError' || init.signal?.aborted) throw error;
    throw networkFailure(url, error);
  }
  if (response.ok) return response;
  const json: unknown = await response.json().catch(() => undefined);
  const failure = ErrorBody.safeParse(json);
  if (!failure.success) {
    const type = response.headers.get('content-type')?.split(';')[0] || 'no content type';
    throw new CliError(
      `${new URL(url).origin} answered HTTP ${response.status} (${type}), not as the Hush API: check the server address and any proxy in front of it`,
      EXIT.network,
      'cli.not_hush',
      response.status,
    );
  }
  const { code, message, ...details } = failure.data;
  throw new CliError(
    refusalMessage(code, message, details, response),
    exitForStatus(response.status),
    code,
    response.status,
    details,
  );
}

export const apiUrl = (server: string, path: string) => `${server.replace(/\/+$/, '')}${API_BASE}${path}`;

/**
 * Calls one route as its contract (shared/api) describes it: the path from the contract, JSON in, and the answer
 * checked against the contract's schema, so a server of another version fails with a clear message instead of a
 * wrong result.
 */
export async function callRoute<R extends RouteContract>(
  connection: Connection,
  route: R,
  input: CallInput<R> = {},
): Promise<Answer<R>> {
  const url = apiUrl(connection.server, routePath(route.path, input.params));
  const response = await send(connection, url, {
    method: route.method,
    headers: { ...(input.body !== undefined && { 'content-type': 'application/json' }), ...input.headers },
    ...(input.body !== undefined && { body: JSON.stringify(input.body) }),
    ...(input.signal && { signal: input.signal }),
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (json === undefined) {
    throw new CliError(
      `${new URL(url).origin} did not answer with JSON: is it a Hush server?`,
      EXIT.network,
      'cli.not_hush',
      response.status,
    );
  }
  const expected = (route.responses as Record<number, ResponseContract | undefined>)[response.status]?.schema;
  const answer = expected?.safeParse(json);
  if (!answer?.success) {
    throw new CliError(
      `The server's answer (${response.status}) is not what this version of hush expects`,
      EXIT.other,
      'cli.unexpected_answer',
    );
  }
  return answer.data as Answer<R>;
}
