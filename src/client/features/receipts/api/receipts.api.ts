import type { ReceiptData } from '../../../../shared/api/receipts.contract';
import { api } from '../../../lib/api-client';

export type Receipt = ReceiptData;

/** For whoever holds the receipt link. The token goes in the body, never in a URL; reading spends no view. */
export const readReceipt = (id: string, deleteToken: string, signal?: AbortSignal) =>
  api<Receipt>(`/receipt/${encodeURIComponent(id)}`, { body: { deleteToken }, signal });

/** The owner's view of one of their secrets: the session proves ownership. */
export const getOwnReceipt = (id: string, signal?: AbortSignal) =>
  api<Receipt>(`/account/secrets/${encodeURIComponent(id)}/receipt`, { signal });
