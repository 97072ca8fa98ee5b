import http, { type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';

/**
 * An HTTP(S) client for tests over real sockets, with a loopback source address of its own: Linux routes all of
 * 127.0.0.0/8 to lo, so clients at 127.0.0.2 and 127.0.0.3 are two different peers to a proxy in front of the
 * server. HTTPS trusts only `ca` (a test's self-signed certificate), never "any certificate".
 */

export interface LoopbackResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

export interface LoopbackClient {
  /** Sends a request with a whole body (JSON for objects) and reads the whole answer. */
  send(
    method: string,
    path: string,
    options?: { headers?: Record<string, string>; json?: unknown; body?: Buffer },
  ): Promise<LoopbackResponse>;
  /** Starts a request whose body the caller writes and ends; the answer arrives as a stream. */
  open(method: string, path: string, headers?: Record<string, string>): [ClientRequest, Promise<IncomingMessage>];
}

export function loopbackClient(base: string, localAddress: string, ca?: string): LoopbackClient {
  const secure = base.startsWith('https:');
  const open: LoopbackClient['open'] = (method, path, headers = {}) => {
    const options = { method, headers, localAddress, agent: false as const, ...(secure && ca && { ca }) };
    const request = (secure ? https : http).request(new URL(path, base), options);
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      request.once('response', resolve);
      request.once('error', reject);
    });
    return [request, response];
  };

  return {
    open,
    async send(method, path, options = {}) {
      const body = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
      const headers: Record<string, string> = {
        ...(options.json !== undefined && { 'content-type': 'application/json' }),
        // No chunked encoding for an empty POST: a body-less request says so.
        ...((body || !['GET', 'HEAD'].includes(method)) && { 'content-length': String(body?.length ?? 0) }),
        ...options.headers,
      };
      const [request, answer] = open(method, path, headers);
      request.end(body);
      const response = await answer;
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      return {
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: data,
        json: <T>() => JSON.parse(data.toString('utf8')) as T,
      };
    },
  };
}
