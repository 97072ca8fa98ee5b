import type { Send, SendInit } from './api-client';

/**
 * A transport for `request` (api-client.ts) that tells `onUploadProgress` the bytes of the body sent so far, as they
 * go: fetch tells nothing of that, so it goes by XMLHttpRequest where there is one, and by fetch where there is none.
 * Only the upload uses it, so only the pages that upload load it.
 */
export const sendWithUploadProgress =
  (onUploadProgress: (sent: number) => void): Send =>
  (url, init) =>
    typeof XMLHttpRequest === 'undefined' ? fetch(url, init) : sendWithProgress(url, init, onUploadProgress);

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
function sendWithProgress(url: string, init: SendInit, onUploadProgress: (sent: number) => void): Promise<Response> {
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
    xhr.send((init.body as XMLHttpRequestBodyInit | undefined) ?? null);
  });
}
