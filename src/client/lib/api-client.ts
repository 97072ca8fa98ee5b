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
   * Told the bytes of the body sent so far, as they go (a part of an upload). fetch tells nothing of that, so such a
   * call goes by XMLHttpRequest where there is one; it fails and answers as any other call.
   */
  onUploadProgress?: ((sent: number) => void) | undefined;
}

/** A JSON call's options: the transport's, without headers of its own. */
type RequestOptions = Omit<RawRequestOptions, 'headers' | 'onUploadProgress'>;

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
  } satisfies RequestInit;
  const { onUploadProgress } = options;
  let response: Response;
  try {
    response =
      onUploadProgress && typeof XMLHttpRequest !== 'undefined'
        ? await sendWithProgress(API_BASE + path, init, onUploadProgress)
        : await fetch(API_BASE + path, init);
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

/** Statuses whose answer has no body: a Response made with one would throw. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** The answer's headers as XMLHttpRequest gives them ("name: value" lines), any it cannot hold left out. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A name or value a Headers cannot hold: nothing the client reads.
    }
  }
  return headers;
}

/**
 * `fetch(url, init)` by XMLHttpRequest, which tells how much of the body has gone out: it resolves to the same
 * Response, rejects with a TypeError when the network fails and with the signal's reason (an AbortError unless
 * given another) when aborted, as fetch does.
 */
function sendWithProgress(
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: XMLHttpRequestBodyInit | undefined;
    signal?: AbortSignal;
  },
  onUploadProgress: (sent: number) => void,
): Promise<Response> {
  const { signal } = init;
  const reason = () => signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(reason());
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    // Progress told after the call ended (an abort races the last events) is no longer this call's.
    let open = true;
    const settle = (finish: () => void) => {
      if (!open) return;
      open = false;
      signal?.removeEventListener('abort', abort);
      finish();
    };
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (open) onUploadProgress(event.loaded);
    };
    xhr.onload = () =>
      settle(() => {
        try {
          resolve(
            new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, {
              status: xhr.status,
              statusText: xhr.statusText,
              headers: parseHeaders(xhr.getAllResponseHeaders()),
            }),
          );
        } catch {
          reject(new TypeError('The answer could not be read'));
        }
      });
    xhr.onerror = () => settle(() => reject(new TypeError('Failed to fetch')));
    xhr.onabort = () => settle(() => reject(reason()));
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(init.body ?? null);
  });
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
