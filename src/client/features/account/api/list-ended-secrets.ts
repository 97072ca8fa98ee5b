import type { ReceiptData } from '../../../../shared/api/receipts.contract';
import { api } from '../../../lib/api-client';

export type EndedSecret = ReceiptData;

/** The signed-in user's secrets that have ended, newest first, while their status is kept. */
export const listEndedSecrets = (signal?: AbortSignal) => api<EndedSecret[]>('/account/secrets/ended', { signal });
