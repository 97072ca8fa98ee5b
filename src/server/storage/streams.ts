import { Transform, type TransformCallback } from 'node:stream';
import { PartSizeMismatch } from './errors.js';

/** Passes bytes through and errors with {@link PartSizeMismatch} as soon as they exceed `size`, or end short of it. */
export class LengthGuard extends Transform {
  private received = 0;

  constructor(private readonly size: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.size) callback(new PartSizeMismatch(this.size, this.received));
    else callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.received === this.size ? null : new PartSizeMismatch(this.size, this.received));
  }
}

/** The first error in a chain of causes that is one of ours, for errors a client library wrapped. */
export function findCause<T extends Error>(error: unknown, type: abstract new (...args: never[]) => T): T | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof type) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
