import { describe, expect, it } from 'vitest';
import { deriveKeys, encryptText, EnvelopeError, generateKey, type KdfParams } from './envelope.js';
import { openFileMeta, sealFileMeta } from './file-meta.js';

const LIGHT: KdfParams = { memoryKiB: 64, iterations: 1, parallelism: 1 };

describe('file details', () => {
  it('round-trip, bound to their file and key', async () => {
    const keys = await deriveKeys(generateKey(), 'pw', LIGHT);
    const meta = { name: 'plan <b>.txt', type: 'text/plain', size: 12345 };
    const sealed = await sealFileMeta(keys, 3, meta);
    expect(sealed).not.toContain('plan');
    expect(await openFileMeta(keys, 3, sealed)).toEqual(meta);
    await expect(openFileMeta(keys, 4, sealed)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(openFileMeta(await deriveKeys(generateKey()), 3, sealed)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(openFileMeta(keys, 3, await encryptText(keys, 'title', JSON.stringify(meta)))).rejects.toThrow(
      EnvelopeError,
    );
  });

  it('refuses details that are not a name, a type and a size', async () => {
    const keys = await deriveKeys(generateKey());
    expect(() => sealFileMeta(keys, 0, { name: 'a', type: '', size: -1 })).toThrow(TypeError);
    expect(() => sealFileMeta(keys, -1, { name: 'a', type: '', size: 1 })).toThrow(RangeError);
    for (const text of ['not json', '[]', '{"name":"a","type":"","size":"1"}', '{"name":1,"type":"","size":1}']) {
      await expect(openFileMeta(keys, 0, await encryptText(keys, 'file:0:meta', text))).rejects.toThrow(
        /file details are not valid/,
      );
    }
  });
});
