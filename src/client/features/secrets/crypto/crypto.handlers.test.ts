import { describe, expect, it } from 'vitest';
import { concatBytes } from '../../../../shared/crypto/bytes';
import { deriveKeys, generateKey } from '../../../../shared/crypto/envelope';
import { openFileMeta, sealFileMeta } from '../../../../shared/crypto/file-meta';
import { cipherSize, FILE_HEADER_BYTES } from '../../../../shared/crypto/file-stream';
import { decryptFileBytes } from '../../../../shared/crypto/file-transform';
import { partCount } from '../../../../shared/rules/files';
import { createCryptoHandlers } from './crypto.handlers';
import type { CryptoRequest, CryptoResponse } from './crypto.protocol';

const MIB = 1024 * 1024;
const PART = 700 * 1024; // parts and 1 MiB chunks never line up
/** Not random (getRandomValues takes 64 KiB at a time), but never repeating within a chunk either. */
const plain = Uint8Array.from({ length: 2.5 * MIB }, (_, i) => (i * 131 + (i >> 8) * 7) & 255);
const file = new Blob([plain]);
const meta = { name: '<img src=x onerror=alert(1)>.svg', type: 'image/svg+xml', size: plain.length };

/** Compared by hand: a deep equality over millions of elements takes seconds. */
const same = (a: Uint8Array, b: Uint8Array | undefined) =>
  a.length === b?.length && a.every((byte, i) => byte === b[i]);

type Body = CryptoRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** A worker in the test: requests numbered like crypto-client.ts numbers them. */
function worker() {
  const { handle, sessions } = createCryptoHandlers();
  let id = 1;
  const send = async <T extends CryptoResponse['op']>(request: Body & { op: T }) => {
    const handled = await handle({ ...request, id: id++ } as CryptoRequest);
    return handled as { result: Extract<CryptoResponse, { op: T }>; transfer: Transferable[] };
  };
  return { send, sessions };
}

async function allParts(send: ReturnType<typeof worker>['send'], session: number, fileIndex: number) {
  const parts: Uint8Array[] = [];
  for (let part = 1; part <= partCount(cipherSize(plain.length), PART); part++) {
    parts.push((await send({ op: 'encryptPart', session, fileIndex, part, partSize: PART })).result.bytes);
  }
  return parts;
}

describe('the crypto worker, for files', () => {
  it('seals a secret with files: keeps the keys, seals each file’s details and gives it a stream header', async () => {
    const { send, sessions } = worker();
    const { result } = await send({ op: 'seal', input: { text: 'see files' }, files: [meta, { ...meta, name: 'b' }] });
    expect(result.session).toBeTypeOf('number');
    expect(sessions()).toBe(1);
    const keys = await deriveKeys(result.key);
    expect(result.files).toHaveLength(2);
    expect(await openFileMeta(keys, 0, result.files![0]!.meta)).toEqual(meta);
    expect(await openFileMeta(keys, 1, result.files![1]!.meta)).toEqual({ ...meta, name: 'b' });
    expect(result.files![0]!.header).toHaveLength(FILE_HEADER_BYTES);
    expect(result.files![0]!.header).not.toEqual(result.files![1]!.header);
  });

  it('keeps no keys for a secret without files', async () => {
    const { send, sessions } = worker();
    const { result } = await send({ op: 'seal', input: { text: 'no files' } });
    expect(result.session).toBeUndefined();
    expect(sessions()).toBe(0);
  });

  it('seals under the key it is given (a response to a request), with files too', async () => {
    const { send } = worker();
    const key = generateKey();
    const { result: plain } = await send({ op: 'seal', input: { text: 'answer' }, key });
    expect(plain.key).toBe(key);
    const { result: withFiles } = await send({ op: 'seal', input: { text: 'answer' }, files: [meta], key });
    expect(withFiles.key).toBe(key);
    const keys = await deriveKeys(key);
    expect(plain.fields.keyProof).toBe(keys.keyProof);
    expect(await openFileMeta(keys, 0, withFiles.files![0]!.meta)).toEqual(meta);
  });

  it('cuts the encrypted stream into parts that join into a file the reader decrypts, and moves each buffer', async () => {
    const { send } = worker();
    const { result: sealed } = await send({ op: 'seal', input: { text: 't' }, files: [meta, meta] });
    const session = sealed.session!;
    await send({ op: 'openFile', session, fileIndex: 1, file, header: sealed.files![1]!.header });
    const handled = await send({ op: 'encryptPart', session, fileIndex: 1, part: 1, partSize: PART });
    expect(handled.transfer).toEqual([handled.result.bytes.buffer]);
    expect(handled.result.bytes.subarray(0, FILE_HEADER_BYTES)).toEqual(sealed.files![1]!.header);
    const parts = await allParts(send, session, 1);
    expect(parts.slice(0, -1).every((part) => part.length === PART)).toBe(true);
    const stream = concatBytes(...parts);
    expect(stream.length).toBe(cipherSize(plain.length));
    const keys = await deriveKeys(sealed.key);
    expect(same(await decryptFileBytes(keys, stream, { fileIndex: 1 }), plain)).toBe(true);
    await expect(decryptFileBytes(keys, stream, { fileIndex: 0 })).rejects.toThrow();
  });

  it('after a reload, the key and password rebuild the same parts byte for byte, in any order', async () => {
    const first = worker();
    const input = { text: 't', password: 'pw ✓' };
    const { result: sealed } = await first.send({ op: 'seal', input, files: [meta] });
    const header = sealed.files![0]!.header;
    await first.send({ op: 'openFile', session: sealed.session!, fileIndex: 0, file, header });
    const before = await allParts(first.send, sealed.session!, 0);

    const again = worker();
    const { result: unlocked } = await again.send({ op: 'unlock', key: sealed.key, password: input.password });
    await again.send({ op: 'openFile', session: unlocked.session, fileIndex: 0, file, header });
    for (const part of [3, 1, 4, 2]) {
      const { result } = await again.send({
        op: 'encryptPart',
        session: unlocked.session,
        fileIndex: 0,
        part,
        partSize: PART,
      });
      expect(same(result.bytes, before[part - 1])).toBe(true);
    }
  });

  it('gives the same digest for the same part, and another for a changed file', async () => {
    const { send } = worker();
    const { result: sealed } = await send({ op: 'seal', input: { text: 't' }, files: [meta] });
    const session = sealed.session!;
    const header = sealed.files![0]!.header;
    const digest = async (blob: Blob) => {
      await send({ op: 'openFile', session, fileIndex: 0, file: blob, header });
      return (await send({ op: 'encryptPart', session, fileIndex: 0, part: 2, partSize: PART })).result.digest;
    };
    const changed = plain.slice();
    changed[PART] = (changed[PART]! + 1) & 255;
    expect(await digest(file)).toBe(await digest(file));
    expect(await digest(new Blob([changed]))).not.toBe(await digest(file));
  });

  it('opens a reader’s files: their details, null for damaged ones, and the key material', async () => {
    const { send, sessions } = worker();
    const { result: sealed } = await send({ op: 'seal', input: { text: 'hello' }, files: [meta, meta] });
    await send({ op: 'proofs', key: sealed.key, password: null });
    const readerId = 2; // the proofs request's id
    const damaged = await sealFileMeta(await deriveKeys(sealed.key), 0, meta); // sealed for file 0, given as file 1
    const files = [sealed.files![0]!.meta, damaged];
    const { result } = await send({ op: 'open', readerId, content: { text: sealed.fields.text, title: null, files } });
    expect(result.text).toBe('hello');
    expect(result.files).toEqual([meta, null]);
    expect(result.fileKeys).not.toBeNull();
    expect(sessions()).toBe(1); // the reader's keys are gone; the creator's remain
  });

  it('opens a text that is not UTF-8 as its bytes (sealed by the CLI from a photo), moved to the page', async () => {
    const { send } = worker();
    const bytes = Uint8Array.from([0xff, 0xd8, 0xff, 0x00, 0xc3, 0x28, 0x00]);
    const { result: sealed } = await send({ op: 'seal', input: { text: bytes, title: 'photo' } });
    await send({ op: 'proofs', key: sealed.key, password: null });
    const content = { text: sealed.fields.text, title: sealed.fields.title };
    const handled = await send({ op: 'open', readerId: 2, content });
    expect(handled.result).toMatchObject({ text: null, title: 'photo', binary: bytes });
    expect(handled.transfer).toEqual([handled.result.binary!.buffer]);
  });

  it('refuses parts of a file it was not given, and forgets keys on release', async () => {
    const { send, sessions } = worker();
    const { result: sealed } = await send({ op: 'seal', input: { text: 't' }, files: [meta] });
    const session = sealed.session!;
    await expect(send({ op: 'encryptPart', session, fileIndex: 0, part: 1, partSize: PART })).rejects.toThrow(
      /not opened/,
    );
    await send({ op: 'release', session });
    expect(sessions()).toBe(0);
    await expect(
      send({ op: 'openFile', session, fileIndex: 0, file, header: sealed.files![0]!.header }),
    ).rejects.toThrow(/key is gone/);
  });
});
