import { partCount, partLength, UPLOAD_TOKEN_HEADER } from '../../../../shared/rules/files';

/**
 * An in-memory server for the upload routes of files.contract.ts, as a `fetch` and as an `XMLHttpRequest` (the page
 * sends parts by it, for their progress): status, parts (numbered from 1, exact length, octet-stream, the token
 * header), complete (409 files.incomplete with the missing parts). Tests script failures and hold parts in flight
 * to watch retries, concurrency, progress and cancelling.
 */
export interface FakeFile {
  id: string;
  size: number;
  partSize: number;
}

type Fault = 'network' | 503 | 429 | 400 | 507 | 'hang';

const FAULT_CODES: Partial<Record<Fault, string>> = { 400: 'files.part_size', 507: 'storage.full' };

export function createFakeUploadServer(secretId: string, token: string, files: FakeFile[]) {
  const parts = files.map(() => new Map<number, Uint8Array>());
  let complete = false;
  let inFlight = 0;
  const state = {
    /** Every PUT that reached the server, as "fileIndex:part". */
    puts: [] as string[],
    completes: 0,
    maxInFlight: 0,
    /** Faults for the next PUTs of a part, by "fileIndex:part", used up in order. */
    faults: new Map<string, Fault[]>(),
    /** Parts the server "loses" once, to answer the next complete with 409. */
    lose: [] as string[],
    /** Calls made by XMLHttpRequest, and how many of them were aborted. */
    xhrSends: 0,
    xhrAborts: 0,
  };

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const status = () => ({
    id: secretId,
    complete,
    files: files.map((file, index) => ({
      ...file,
      parts: partCount(file.size, file.partSize),
      received: [...parts[index]!.keys()].sort((a, b) => a - b),
    })),
  });
  const missing = () =>
    files
      .map((file, index) => ({
        fileId: file.id,
        parts: Array.from({ length: partCount(file.size, file.partSize) }, (_, at) => at + 1).filter(
          (part) => !parts[index]!.has(part),
        ),
      }))
      .filter((entry) => entry.parts.length > 0);

  async function put(fileIndex: number, part: number, init: RequestInit): Promise<Response> {
    const key = `${fileIndex}:${part}`;
    state.puts.push(key);
    const fault = state.faults.get(key)?.shift();
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (typeof fault === 'number') return json(fault, { code: FAULT_CODES[fault] ?? 'server.error' });
    inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    try {
      await new Promise<void>((resolve, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (init.signal?.aborted) return abort();
        init.signal?.addEventListener('abort', abort);
        if (fault !== 'hang') setTimeout(resolve, 1);
      });
    } finally {
      inFlight--;
    }
    const file = files[fileIndex]!;
    const body = init.body as Uint8Array;
    const headers = new Headers(init.headers);
    if (headers.get('content-type') !== 'application/octet-stream') return json(415, { code: 'files.media_type' });
    if (part < 1 || part > partCount(file.size, file.partSize)) return json(400, { code: 'files.part_invalid' });
    if (body.length !== partLength(file.size, file.partSize, part)) return json(400, { code: 'files.part_size' });
    parts[fileIndex]!.set(part, new Uint8Array(body));
    return json(200, { fileId: file.id, part, size: body.length });
  }

  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const path = String(input).replace(/^\/api\/v1/, '');
    if (new Headers(init.headers).get(UPLOAD_TOKEN_HEADER) !== token)
      return json(403, { code: 'files.upload_forbidden' });
    const base = `/secret/${secretId}`;
    if ((init.method ?? 'GET') === 'GET' && path === `${base}/upload`) return json(200, status());
    const partMatch = new RegExp(`^${base}/files/([^/]+)/parts/(\\d+)$`).exec(path);
    if (init.method === 'PUT' && partMatch) {
      const fileIndex = files.findIndex((file) => file.id === partMatch[1]);
      if (fileIndex < 0) return json(404, { code: 'files.upload_not_found' });
      return put(fileIndex, Number(partMatch[2]), init);
    }
    if (init.method === 'POST' && path === `${base}/upload/complete`) {
      state.completes++;
      for (const key of state.lose.splice(0)) {
        const [fileIndex, part] = key.split(':').map(Number);
        parts[fileIndex!]!.delete(part!);
      }
      if (missing().length > 0) return json(409, { code: 'files.incomplete', missing: missing() });
      complete = true;
      return json(200, status());
    }
    return json(404, { code: 'request.not_found' });
  };

  /**
   * The same server behind an XMLHttpRequest, with only what the API client uses. The body goes out in two halves,
   * each told to `upload.onprogress` a moment apart, before the server takes the call (and may fail it).
   */
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    readonly upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private answerHeaders = new Headers();
    private readonly controller = new AbortController();
    private done = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    getAllResponseHeaders() {
      return [...this.answerHeaders].map(([name, value]) => `${name}: ${value}\r\n`).join('');
    }

    abort() {
      if (this.done) return;
      this.done = true;
      state.xhrAborts++;
      this.controller.abort();
      this.onabort?.();
    }

    send(body: Uint8Array<ArrayBuffer> | null) {
      state.xhrSends++;
      void this.exchange(body);
    }

    private async exchange(body: Uint8Array<ArrayBuffer> | null) {
      const total = body?.length ?? 0;
      for (const loaded of total > 0 ? [Math.floor(total / 2), total] : []) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        if (this.done) return;
        this.upload.onprogress?.({ loaded, total });
      }
      try {
        const init = { method: this.method, headers: this.headers, signal: this.controller.signal };
        const response = await fetch(this.url, body ? { ...init, body } : init);
        const text = await response.text();
        if (this.done) return;
        this.done = true;
        this.status = response.status;
        this.statusText = response.statusText;
        this.answerHeaders = response.headers;
        this.responseText = text;
        this.onload?.();
      } catch {
        if (this.done) return;
        this.done = true;
        this.onerror?.();
      }
    }
  }

  return {
    fetch,
    XMLHttpRequest: FakeXhr,
    state,
    /** The bytes the server holds for a file, parts joined in order. */
    stored(fileIndex: number): Uint8Array {
      const chunks = [...parts[fileIndex]!.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes);
      const out = new Uint8Array(chunks.reduce((sum, bytes) => sum + bytes.length, 0));
      let offset = 0;
      for (const bytes of chunks) {
        out.set(bytes, offset);
        offset += bytes.length;
      }
      return out;
    },
    /** Marks parts as held already, as after a reload. */
    hold(fileIndex: number, part: number, bytes: Uint8Array) {
      parts[fileIndex]!.set(part, bytes);
    },
    isComplete: () => complete,
  };
}
