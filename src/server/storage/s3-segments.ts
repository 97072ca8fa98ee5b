import { Readable } from 'node:stream';

/** The bytes `from`..`to` (inclusive, within the part) of one part; `whole` when that is all of it. */
export interface Segment {
  partNumber: number;
  from: number;
  to: number;
  whole: boolean;
}

/** Which bytes of which parts (of the given sizes, in order) make up the inclusive byte range of the blob. */
export function partSegments(sizes: readonly number[], range: { start: number; end: number }): Segment[] {
  const segments: Segment[] = [];
  let offset = 0;
  sizes.forEach((size, index) => {
    const first = offset;
    const last = offset + size - 1;
    offset += size;
    if (size === 0 || last < range.start || first > range.end) return;
    const from = Math.max(range.start, first) - first;
    const to = Math.min(range.end, last) - first;
    segments.push({ partNumber: index + 1, from, to, whole: from === 0 && to === size - 1 });
  });
  return segments;
}

/**
 * One byte stream of the segments in order. The first is opened before this resolves, so a missing blob rejects
 * rather than failing the stream; each next one is requested while the one before streams, so a download does not
 * wait a round trip between parts. At most two responses are open; destroying the stream closes both.
 */
export async function openSegments(
  segments: readonly Segment[],
  open: (segment: Segment) => Promise<Readable>,
): Promise<Readable> {
  const [first, ...rest] = segments;
  if (!first) return Readable.from([]);
  const opened = await open(first);
  return Readable.from(chain(opened, rest, open), { objectMode: false });
}

async function* chain(
  opened: Readable,
  rest: readonly Segment[],
  open: (segment: Segment) => Promise<Readable>,
): AsyncGenerator<Buffer> {
  let body: Readable | undefined = opened;
  let pending: Promise<Readable> | undefined;
  try {
    for (let index = 0; body; index += 1) {
      const next = rest[index];
      pending = next ? open(next) : undefined;
      pending?.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled
      yield* body as AsyncIterable<Buffer>;
      body = undefined;
      if (pending) body = await pending;
      pending = undefined;
    }
  } finally {
    body?.destroy();
    pending?.then(
      (abandoned) => abandoned.destroy(),
      () => {},
    );
  }
}
