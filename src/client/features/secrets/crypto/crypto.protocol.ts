import type { SealedFields, SealInput } from '../../../../shared/crypto/seal';

export type CryptoRequest =
  | { id: number; op: 'seal'; input: SealInput }
  | { id: number; op: 'proofs'; key: string; password: string | null }
  | { id: number; op: 'open'; readerId: number; content: { text: string; title: string | null } };

export type CryptoResponse =
  | { op: 'seal'; key: string; fields: SealedFields }
  | { op: 'proofs'; keyProof: string; password: string | null }
  | { op: 'open'; text: string; title: string | null };

export type WorkerReply =
  | { id: number; ok: true; result: CryptoResponse }
  | { id: number; ok: false; error: { name: string; message: string; reason?: string } };
