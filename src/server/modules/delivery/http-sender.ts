import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { coded, type DeliveryError } from '../../../shared/rules/deliveries.js';
import { guardedLookup, urlProblem } from './url-guard.js';

/** The answer of an endpoint is read up to this much, then the connection is dropped (a body never matters). */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface SendResult {
  ok: boolean;
  /** The HTTP status, or null when none came (refused, timed out, private address). */
  code: number | null;
  /** Why it failed, as a code for the delivery log (shared/rules/deliveries.ts). */
  error: DeliveryError | null;
}

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * POSTs one delivery. 2xx is success; anything else fails, redirects included (they are not followed: a redirect
 * could lead to an address the guard would refuse). The whole exchange is bounded by `timeoutMs`; the answer's
 * body is read up to MAX_ANSWER_BYTES and dropped.
 */
export function createHttpSender(options: {
  timeoutMs: number;
  allowPrivate: boolean;
  userAgent: string;
  /** Name resolution (dns.lookup by default); the address guard applies to what it answers. */
  lookup?: LookupFunction;
}) {
  const lookup = guardedLookup(options.allowPrivate, options.lookup);
  return (request: HttpRequest): Promise<SendResult> =>
    new Promise((resolve) => {
      let settled = false;
      // Set once the request is under way; `done` may run before (a bad URL), and clears nothing then.
      let timer: NodeJS.Timeout | undefined = undefined;
      const done = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return done({ ok: false, code: null, error: 'invalid_url' });
      }
      // Node skips `lookup` for a literal address: those are checked here (a webhook saved while private addresses
      // were allowed, or the pinned HUSH_WEBHOOK_URL).
      const problem = urlProblem(request.url, options.allowPrivate);
      if (problem)
        return done({
          ok: false,
          code: null,
          error: problem === 'private_address' ? 'private_address' : 'invalid_url',
        });
      const client = url.protocol === 'https:' ? https : http;
      const body = Buffer.from(request.body);
      let outgoing: http.ClientRequest;
      try {
        outgoing = client.request(
          url,
          {
            method: 'POST',
            lookup,
            agent: false,
            headers: {
              ...request.headers,
              'content-length': String(body.length),
              'user-agent': options.userAgent,
            },
          },
          (response) => {
            const code = response.statusCode ?? 0;
            let read = 0;
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > MAX_ANSWER_BYTES) {
                response.destroy();
                finish();
              }
            });
            const finish = () => {
              if (code >= 200 && code < 300) done({ ok: true, code, error: null });
              else if (code >= 300 && code < 400) done({ ok: false, code, error: 'redirect' });
              else done({ ok: false, code, error: 'http_status' });
            };
            response.on('end', finish);
            response.on('error', finish);
            response.on('close', finish);
          },
        );
      } catch (error) {
        return done({
          ok: false,
          code: null,
          error: coded('invalid_request', (error as NodeJS.ErrnoException).code),
        });
      }
      timer = setTimeout(() => {
        outgoing.destroy();
        done({ ok: false, code: null, error: 'timeout' });
      }, options.timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        done({ ok: false, code: null, error: networkError(error) });
      });
      outgoing.end(body);
    });
}

/** A failed connection as a code; an errno the log has no words for stays its detail (`network:ECONNRESET`). */
function networkError(error: NodeJS.ErrnoException): DeliveryError {
  if (error.name === 'PrivateAddressError') return 'private_address';
  if (error.code === 'ENOTFOUND') return 'host_not_found';
  if (error.code === 'ECONNREFUSED') return 'connection_refused';
  return coded('network', error.code);
}

export type HttpSender = ReturnType<typeof createHttpSender>;
