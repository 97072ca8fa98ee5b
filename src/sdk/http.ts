import type { z } from 'zod';
import type { ResponseContract, RouteContract } from '../shared/api/contract.js';
import { ErrorBody } from '../shared/api/contract.js';
import { API_BASE, routePath } from '../shared/rules/api-path.js';
import { HushError } from './errors.js';

/** Where calls go, and the API token sent with them (only ever to that server's own origin). */
export interface Connection {
  /** The instance's address, with the path it is served below if any: `https://hush.example.com`. */
  server: string;
  /** An API token (`hush_…`): needed to ask for secrets and open their responses, and where the instance wants one. */
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
  signal?: AbortSignal | undefined;
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

/**
 * The API token a call about `linkServer` may carry: a token is a credential of one instance (`server`), and a link
 * names any server its sender likes, so the token goes only where `server` has the same origin. A token without
 * its `server`, or a link elsewhere, is refused before anything is sent.
 */
export function tokenFor(
  linkServer: string,
  token: string | null | undefined,
  server: string | undefined,
): string | null {
  if (!token) return null;
  if (!server) {
    throw new HushError(
      'An API token needs `server`, the instance it belongs to: it is sent only there',
      'client.usage',
    );
  }
  const origin = new URL(linkServer).origin;
  if (origin !== new URL(server).origin) {
    throw new HushError(
      `The link is on ${origin}, and the API token is for ${new URL(server).origin}: the token is not sent there`,
      'client.token_origin',
    );
  }
  return token;
}

function networkFailure(url: string, error: unknown): HushError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const words = (cause?.code && NETWORK_WORDS[cause.code]) ?? cause?.message ?? (error as Error).message;
  return new HushError(`Cannot reach ${new URL(url).origin}: ${words}`, 'client.network', 0);
}

function retryAfter(details: Record<string, unknown>, response: Response): number | null {
  const wait = Number(details.retryAfterSeconds ?? response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(wait) && wait > 0 ? wait : null;
}

/**
 * A request to the server, its failures turned into HushErrors: an unreachable server, a `{code, message}` refusal,
 * or an answer that is not from a Hush API (a proxy's error page, another program).
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
    throw new HushError(
      `${new URL(url).origin} answered HTTP ${response.status} (${type}), not as the Hush API: check the server address and any proxy in front of it`,
      'client.not_hush',
      response.status,
    );
  }
  const { code, message, ...details } = failure.data;
  throw new HushError(message, code, response.status, details, retryAfter(details, response));
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
    throw new HushError(
      `${new URL(url).origin} did not answer with JSON: is it a Hush server?`,
      'client.not_hush',
      response.status,
    );
  }
  const expected = (route.responses as Record<number, ResponseContract | undefined>)[response.status]?.schema;
  const answer = expected?.safeParse(json);
  if (!answer?.success) {
    throw new HushError(
      `The server's answer (${response.status}) is not what this version of hush expects`,
      'client.unexpected_answer',
    );
  }
  return answer.data as Answer<R>;
}
