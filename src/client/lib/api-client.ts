import { API_BASE } from '../../shared/rules/api-path';
import { checkAnswer } from './answer-check';

/**
 * The one shape of a failed call. `code` is the server's stable error code (or `network.unreachable` with status
 * 0), which `errorMessage` (error-message.ts) turns into the page's words; `field` is the form field the refusal is
 * about (the server's `field`, or the field of a `validation.<field>` code); `details` is the rest of the answer
 * (attemptsLeft, isPublic, limit, missing parts…). `message` is the server's English text.
 */
export class ApiError extends Error {
  readonly field: string | undefined;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    const { code: _code, message: _message, ...rest } = details;
    this.details = rest;
    this.field =
      typeof rest.field === 'string'
        ? rest.field
        : code.startsWith('validation.')
          ? code.slice('validation.'.length)
          : undefined;
  }
}

export { API_BASE };

export interface RawRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as it is when binary (a part of an upload). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /**
   * Spec §8 (the settings calls): the message of a failure whose answer carries none, and of a call that got no
   * answer at all, which then has status 500 (its code stays `network.unreachable`).
   */
  fallback?: string | undefined;
  /**
   * Sends the call in place of fetch (same arguments, same Response, same failures): the upload sends its parts
   * through one that tells how many bytes went out (xhr-send.ts), so pages without uploads do not carry it.
   */
  send?: Send | undefined;
}

/** fetch's shape, for a transport that stands in for it. */
export type Send = (url: string, init: SendInit) => Promise<Response>;
export interface SendInit {
  method: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  credentials: RequestCredentials;
  cache: RequestCache;
  signal?: AbortSignal;
}

/** A JSON call's options: the transport's, without headers or a transport of its own. */
type RequestOptions = Omit<RawRequestOptions, 'headers' | 'send'>;

const isBinary = (body: unknown): body is Uint8Array<ArrayBuffer> | Blob =>
  body instanceof Uint8Array || body instanceof Blob;

/**
 * The one API client's transport: a successful Response (for bodies that are not JSON: downloads), or a typed
 * ApiError for every failure.
 */
export async function request(path: string, options: RawRequestOptions = {}): Promise<Response> {
  const { body } = options;
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] ??= isBinary(body) ? 'application/octet-stream' : 'application/json';
  const init = {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : isBinary(body) ? body : JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-store',
    ...(options.signal && { signal: options.signal }),
  } satisfies SendInit;
  const send: Send = options.send ?? fetch;
  let response: Response;
  try {
    response = await send(API_BASE + path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const { fallback } = options;
    throw new ApiError(fallback ? 500 : 0, 'network.unreachable', fallback ?? 'The server cannot be reached');
  }
  if (response.ok) return response;
  const failure = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  throw new ApiError(
    response.status,
    typeof failure?.code === 'string' ? failure.code : 'server.error',
    typeof failure?.message === 'string'
      ? failure.message
      : (options.fallback ?? `The server answered ${response.status}`),
    failure ?? {},
  );
}

/**
 * The one API client: JSON in, JSON out, typed errors for every failure. In development and tests every answer is
 * also checked against its route's contract (answer-check.ts); production builds put a no-op in its place
 * (vite.config.ts), so they carry neither the check nor zod.
 */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options);
  const body = (await response.json().catch(() => null)) as unknown;
  checkAnswer(options.method ?? (options.body === undefined ? 'GET' : 'POST'), path, response.status, body);
  return body as T;
}
