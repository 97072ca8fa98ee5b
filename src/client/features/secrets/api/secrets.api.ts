import type { z } from 'zod';
import type {
  CreateSecretInput,
  CreateSecretResponse,
  PublicSecretList,
  SecretContent,
  SecretStatus,
} from '../../../../shared/api/secrets.contract';
import { api } from '../../../lib/api-client';

export type CreatedSecret = z.output<typeof CreateSecretResponse>;
export type SecretStatusBody = z.output<typeof SecretStatus>;
export type SecretContentBody = z.output<typeof SecretContent>;
export type PublicSecretItem = z.output<typeof PublicSecretList>[number];

export const createSecret = (body: CreateSecretInput) => api<CreatedSecret>('/secret', { body });

/** Side-effect free: spends no view. */
export const getSecretStatus = (id: string, signal?: AbortSignal) =>
  api<SecretStatusBody>(`/secret/${encodeURIComponent(id)}/exist`, signal ? { signal } : {});

/** Spends one view. */
export const readSecret = (id: string, proofs: { keyProof: string | null; password: string | null }) =>
  api<SecretContentBody>(`/secret/${encodeURIComponent(id)}`, { body: proofs });

export const burnSecret = (id: string, proof: { deleteToken?: string; keyProof?: string }) =>
  api<{ id: string; burned: true }>(`/secret/${encodeURIComponent(id)}/burn`, { body: proof });

export const listPublicSecrets = (username?: string) =>
  api<PublicSecretItem[]>(username ? `/public-secrets/${encodeURIComponent(username)}` : '/public-secrets');
