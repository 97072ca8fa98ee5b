import { API_BASE } from '../../shared/rules/api-path';
import { checkAnswer } from './answer-check';

/** A failed call: `code` is the server's stable error code (or `network.unreachable`), translated by the UI. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export { API_BASE };

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export interface RawRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as it is when binary (a part of an upload). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

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
  let response: Response;
  try {
    response = await fetch(API_BASE + path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: body === undefined ? undefined : isBinary(body) ? body : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      ...(options.signal && { signal: options.signal }),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network.unreachable', 'The server cannot be reached');
  }
  if (response.ok) return response;
  const failure = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  throw new ApiError(
    response.status,
    typeof failure?.code === 'string' ? failure.code : 'server.error',
    typeof failure?.message === 'string' ? failure.message : `The server answered ${response.status}`,
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
