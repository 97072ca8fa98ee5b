import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createFakeUploadServer, type FakeFile } from './fake-upload-server.test-utils';
import { missingParts, runUpload, type UploadCounts } from './upload-controller';

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const TOKEN = 'upload-token';
const target = { secretId: SECRET, token: TOKEN };
const KIB = 1024;

/** Stand-ins for two encrypted streams: byte i of file f is (i * 7 + f) mod 256. */
const streams = [10 * KIB + 5, 3 * KIB].map((size, f) =>
  Uint8Array.from({ length: size }, (_, i) => (i * 7 + f) & 255),
);
const files: FakeFile[] = streams.map((stream, index) => ({
  id: `file${index}`.padEnd(22, 'x'),
  size: stream.length,
  partSize: 4 * KIB,
}));

/** The part source the worker would be: slices of the streams, counted. */
function sliceSource() {
  const made: string[] = [];
  const source = async (fileIndex: number, part: number, partSize: number) => {
    made.push(`${fileIndex}:${part}`);
    return streams[fileIndex]!.slice((part - 1) * partSize, part * partSize);
  };
  return { source, made };
}

const noWait = vi.fn(async (_ms: number) => undefined);
let server: ReturnType<typeof createFakeUploadServer>;

/** The page's network: fetch for every call, XMLHttpRequest for the parts (their progress), both to `next`. */
function serve(next: ReturnType<typeof createFakeUploadServer>) {
  server = next;
  vi.stubGlobal('fetch', vi.fn(next.fetch));
  vi.stubGlobal('XMLHttpRequest', next.XMLHttpRequest);
}

beforeEach(() => {
  serve(createFakeUploadServer(SECRET, TOKEN, files));
  noWait.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const run = (source: ReturnType<typeof sliceSource>['source'], extra: Partial<Parameters<typeof runUpload>[2]> = {}) =>
  runUpload(target, source, { signal: new AbortController().signal, wait: noWait, ...extra });

describe('the upload controller', () => {
  it('sends every part of every file, full parts but the last, then completes', async () => {
    const { source, made } = sliceSource();
    const progress: UploadCounts[] = [];
    const status = await run(source, { onProgress: (counts) => progress.push(counts) });
    expect(status.complete).toBe(true);
    expect(server.stored(0)).toEqual(streams[0]);
    expect(server.stored(1)).toEqual(streams[1]);
    expect(made).toEqual(['0:1', '0:2', '0:3', '1:1']);
    expect(server.state.completes).toBe(1);
    expect(progress[0]).toEqual({ sent: [0, 0], sizes: [files[0]!.size, files[1]!.size] });
    expect(progress.at(-1)!.sent).toEqual(progress.at(-1)!.sizes);
  });

  it('keeps at most `concurrency` parts in flight', async () => {
    const { source } = sliceSource();
    await run(source, { concurrency: 2 });
    expect(server.state.maxInFlight).toBeLessThanOrEqual(2);
    expect(server.isComplete()).toBe(true);
  });

  it('tries a part again after a network error, a 503 and a 429, waiting longer each time', async () => {
    server.state.faults.set('0:2', ['network', 503, 429]);
    const { source, made } = sliceSource();
    await run(source, { backoffMs: 100 });
    expect(server.state.puts.filter((put) => put === '0:2')).toHaveLength(4);
    expect(made.filter((part) => part === '0:2')).toHaveLength(1); // encrypted once, sent four times
    const waits = noWait.mock.calls.map(([ms]) => ms);
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
    expect(waits[2]).toBeGreaterThanOrEqual(400);
    expect(server.stored(0)).toEqual(streams[0]);
  });

  it('gives up after the retries, and a refusal is never retried and stops the other parts', async () => {
    server.state.faults.set('0:1', [503, 503, 503, 503]);
    await expect(run(sliceSource().source)).rejects.toMatchObject({ status: 503 });
    expect(server.state.completes).toBe(0);

    serve(createFakeUploadServer(SECRET, TOKEN, files));
    server.state.faults.set('0:1', [400]);
    const error = await run(sliceSource().source, { concurrency: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('files.part_size');
    expect(server.state.puts).toEqual(['0:1']);
    expect(server.isComplete()).toBe(false);

    serve(createFakeUploadServer(SECRET, TOKEN, files));
    server.state.faults.set('0:1', ['network', 'network', 'network', 'network']);
    await expect(run(sliceSource().source, { concurrency: 1 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'network.unreachable',
    });
  });

  it('stops at once when the server’s storage is full (507): waiting seconds does not free a disk', async () => {
    server.state.faults.set('0:2', [507]);
    const error = await run(sliceSource().source, { concurrency: 1 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ApiError', status: 507, code: 'storage.full' });
    expect(server.state.puts.filter((put) => put === '0:2')).toHaveLength(1);
    expect(noWait).not.toHaveBeenCalled();
    expect(server.isComplete()).toBe(false);
  });

  it('resumes: asks the server what it holds and makes and sends only the missing parts', async () => {
    server.hold(0, 1, streams[0]!.slice(0, 4 * KIB));
    server.hold(0, 3, streams[0]!.slice(8 * KIB));
    const { source, made } = sliceSource();
    const progress: UploadCounts[] = [];
    await run(source, { onProgress: (counts) => progress.push(counts) });
    expect(made).toEqual(['0:2', '1:1']);
    expect(server.state.puts).toEqual(['0:2', '1:1']);
    expect(server.stored(0)).toEqual(streams[0]);
    // What the server held counts as done from the start.
    expect(progress[0]!.sent).toEqual([4 * KIB + 2 * KIB + 5, 0]);
  });

  it('lists missing parts file by file, in order', () => {
    const status = {
      id: SECRET,
      complete: false,
      files: [
        { ...files[0]!, parts: 3, received: [2] },
        { ...files[1]!, parts: 1, received: [] },
      ],
    };
    expect(missingParts(status).map(({ fileIndex, part }) => `${fileIndex}:${part}`)).toEqual(['0:1', '0:3', '1:1']);
  });

  it('sends parts the server lost again when completing says they are missing', async () => {
    server.state.lose.push('1:1');
    await run(sliceSource().source);
    expect(server.state.completes).toBe(2);
    expect(server.state.puts.filter((put) => put === '1:1')).toHaveLength(2);
    expect(server.isComplete()).toBe(true);
  });

  it('cancel aborts the parts in flight, sends nothing more and never completes', async () => {
    server.state.faults.set('0:1', ['hang']);
    server.state.faults.set('0:2', ['hang']);
    const controller = new AbortController();
    const { source } = sliceSource();
    const upload = run(source, { signal: controller.signal, concurrency: 2 });
    await vi.waitFor(() => expect(server.state.puts).toEqual(['0:1', '0:2']));
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.state.puts).toEqual(['0:1', '0:2']);
    expect(server.state.xhrAborts).toBe(2);
    expect(server.state.completes).toBe(0);
    expect(server.stored(0)).toHaveLength(0);
  });

  it('sends the upload token with every call, and the server refuses a wrong one', async () => {
    const error = await runUpload({ secretId: SECRET, token: 'wrong' }, sliceSource().source, {
      signal: new AbortController().signal,
      wait: noWait,
    }).catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('files.upload_forbidden');
  });
});

describe('upload progress', () => {
  const size = 3 * KIB;
  const small = Uint8Array.from({ length: size }, (_, i) => i & 255);
  const source = async () => small.slice();

  beforeEach(() => serve(createFakeUploadServer(SECRET, TOKEN, [{ id: 'x'.repeat(22), size, partSize: 4 * KIB }])));

  it('moves with the bytes of a small file going out, before the server holds its only part', async () => {
    const seen: { sent: number; held: number }[] = [];
    await run(source, { onProgress: ({ sent }) => seen.push({ sent: sent[0]!, held: server.stored(0).length }) });
    expect(seen[0]).toEqual({ sent: 0, held: 0 });
    // Half the part, then all of it, went out while the server still held nothing; then it was stored.
    expect(seen).toContainEqual({ sent: size / 2, held: 0 });
    expect(seen).toContainEqual({ sent: size, held: 0 });
    expect(seen.at(-1)).toEqual({ sent: size, held: size });
    expect(server.state.xhrSends).toBe(1);
  });

  it('shows a part under way, then cancel aborts it and nothing more is told', async () => {
    server.state.faults.set('0:1', ['hang']);
    const controller = new AbortController();
    const sent: number[] = [];
    const upload = run(source, { signal: controller.signal, onProgress: (counts) => sent.push(counts.sent[0]!) });
    await vi.waitFor(() => expect(sent).toContain(size));
    expect(server.stored(0)).toHaveLength(0);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.state.xhrAborts).toBe(1);
    expect(sent).toEqual([0, size / 2, size]);
    expect(server.state.completes).toBe(0);
  });

  it('drops what a failed try sent: never over the size, never under what the server confirmed', async () => {
    serve(createFakeUploadServer(SECRET, TOKEN, files));
    server.state.faults.set('0:2', [503]);
    server.state.faults.set('1:1', ['network']);
    const progress: UploadCounts[] = [];
    await run(sliceSource().source, { concurrency: 1, onProgress: (counts) => progress.push(counts) });
    const last = files[0]!.size - 8 * KIB;
    // prettier-ignore
    expect(progress.map(({ sent }) => sent)).toEqual([
      [0, 0],
      [2 * KIB, 0], [4 * KIB, 0], [4 * KIB, 0], // part 1 goes out, then is stored
      [6 * KIB, 0], [8 * KIB, 0], [4 * KIB, 0], // part 2 goes out and fails: back to what is stored
      [6 * KIB, 0], [8 * KIB, 0], [8 * KIB, 0], // part 2 again, stored once
      [8 * KIB + Math.floor(last / 2), 0], [files[0]!.size, 0], [files[0]!.size, 0],
      [files[0]!.size, 1.5 * KIB], [files[0]!.size, 3 * KIB], [files[0]!.size, 0], // the network fails
      [files[0]!.size, 1.5 * KIB], [files[0]!.size, 3 * KIB], [files[0]!.size, 3 * KIB],
    ]);
    expect(server.state.puts.filter((put) => put === '0:2')).toHaveLength(2);
  });

  it('with parts in flight side by side and failing, counts each once and stays within what is confirmed and the size', async () => {
    serve(createFakeUploadServer(SECRET, TOKEN, files));
    server.state.faults.set('0:1', ['network', 503]);
    server.state.faults.set('0:3', [429]);
    // What the upload learned was stored: the parts whose answer came back (the server's, as the client saw it).
    const confirmed = files.map(() => 0);
    const held = () => files.map((_, index) => server.stored(index).length);
    const progress: { sent: number[]; floor: number[] }[] = [];
    await run(sliceSource().source, {
      concurrency: 3,
      onProgress: ({ sent }) => {
        progress.push({ sent, floor: [...confirmed] });
        held().forEach((bytes, index) => (confirmed[index] = bytes));
      },
    });
    for (const { sent, floor } of progress) {
      sent.forEach((bytes, index) => {
        expect(bytes).toBeLessThanOrEqual(files[index]!.size);
        expect(bytes).toBeGreaterThanOrEqual(floor[index]!);
      });
    }
    expect(progress.at(-1)!.sent).toEqual(files.map((file) => file.size));
  });

  it('without XMLHttpRequest (fetch only) counts each part once it is stored', async () => {
    vi.stubGlobal('XMLHttpRequest', undefined);
    const sent: number[] = [];
    await run(source, { onProgress: (counts) => sent.push(counts.sent[0]!) });
    expect(sent).toEqual([0, size]);
    expect(server.isComplete()).toBe(true);
  });
});
