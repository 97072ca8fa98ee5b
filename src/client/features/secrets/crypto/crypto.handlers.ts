import { deriveKeys, type SecretKeys } from '../../../../shared/crypto/envelope';
import { openFileMeta, sealFileMeta, type FileMeta } from '../../../../shared/crypto/file-meta';
import { createFileEncryptor } from '../../../../shared/crypto/file-stream';
import { readerProofs, sealSecretWithKeys, unsealSecret } from '../../../../shared/crypto/seal';
import type { CryptoRequest, CryptoResponse, SealedFile } from './crypto.protocol';
import { FilePartEncoder, partDigest } from '../../../../shared/crypto/file-parts';

/** Keys kept between messages, by the id of the request that made them, with the files being encrypted. */
interface Session {
  keys: SecretKeys;
  files: Map<number, FilePartEncoder>;
}

export interface Handled {
  result: CryptoResponse;
  /** Buffers to move to the page rather than copy (encrypted parts). */
  transfer: Transferable[];
}

/**
 * What the crypto worker does with each message (crypto.worker.ts only wires it up, so this runs in tests too).
 * Reader keys stay here between the proof step and the opening step; a creator's keys stay while files upload.
 */
export function createCryptoHandlers() {
  const sessions = new Map<number, Session>();
  const session = (id: number) => {
    const found = sessions.get(id);
    if (!found) throw new Error('The key is gone; start again');
    return found;
  };
  const keep = (id: number, keys: SecretKeys) => sessions.set(id, { keys, files: new Map() });
  const done = (result: CryptoResponse): Handled => ({ result, transfer: [] });

  async function sealFiles(keys: SecretKeys, metas: FileMeta[]): Promise<SealedFile[]> {
    const sealed: SealedFile[] = [];
    for (const [index, meta] of metas.entries()) {
      // A fresh random header per file; the part encoder later rebuilds the same stream from it.
      const { header } = await createFileEncryptor(keys, { fileIndex: index });
      sealed.push({ meta: await sealFileMeta(keys, index, meta), header });
    }
    return sealed;
  }

  async function handle(request: CryptoRequest): Promise<Handled> {
    switch (request.op) {
      case 'seal': {
        const { key, keys, fields } = await sealSecretWithKeys(request.input, undefined, request.key);
        if (!request.files?.length) return done({ op: 'seal', key, fields });
        keep(request.id, keys);
        return done({ op: 'seal', key, fields, session: request.id, files: await sealFiles(keys, request.files) });
      }
      case 'unlock':
        keep(request.id, await deriveKeys(request.key, request.password));
        return done({ op: 'unlock', session: request.id });
      case 'proofs': {
        const { keys, keyProof, password } = await readerProofs(request.key, request.password);
        keep(request.id, keys);
        return done({ op: 'proofs', keyProof, password });
      }
      case 'open': {
        const { keys } = session(request.readerId);
        sessions.delete(request.readerId);
        const metas = request.content.files ?? [];
        const files = await Promise.all(metas.map((meta, i) => openFileMeta(keys, i, meta).catch(() => null)));
        const fileKeys = metas.length > 0 ? keys.fileKeyMaterial : null;
        const { bytes, ...opened } = await unsealSecret(keys, request.content);
        if (!bytes) return done({ op: 'open', ...opened, files, fileKeys });
        return { result: { op: 'open', ...opened, binary: bytes, files, fileKeys }, transfer: [bytes.buffer] };
      }
      case 'openFile': {
        const found = session(request.session);
        const header = new Uint8Array(request.header);
        found.files.set(request.fileIndex, new FilePartEncoder(found.keys, request.fileIndex, request.file, header));
        return done({ op: 'openFile' });
      }
      case 'encryptPart': {
        const encoder = session(request.session).files.get(request.fileIndex);
        if (!encoder) throw new Error(`File ${request.fileIndex} was not opened`);
        // Parts are numbered from 1, as in the upload API.
        const bytes = await encoder.part(request.part - 1, request.partSize);
        return { result: { op: 'encryptPart', bytes, digest: await partDigest(bytes) }, transfer: [bytes.buffer] };
      }
      case 'release':
        sessions.delete(request.session);
        return done({ op: 'release' });
    }
  }

  return { handle, sessions: () => sessions.size };
}
