import { linkUrl } from './link.js';

/**
 * Receipts (issue 15): what happened to a secret, without its content. A receipt link `/receipt/{id}#{deleteToken}`
 * carries the delete token the create answered with, in the fragment (never sent in a URL): it shows the status and
 * can burn the secret, and it is never the secret's key. Keep the receipt; send the secret link.
 */

/** How a secret ended. */
export const END_REASONS = [
  'last_view',
  'burned_by_creator',
  'burned_by_reader',
  'burned_by_attempts',
  'expired',
  'expired_unread',
] as const;
export type EndReason = (typeof END_REASONS)[number];

/** A receipt's state: openable, still uploading its files, or gone (with an end reason). */
export const RECEIPT_STATES = ['open', 'uploading', 'ended'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/** Days a status is kept after its secret ended (HUSH_STATUS_RETENTION_DAYS). */
export const DEFAULT_STATUS_RETENTION_DAYS = 30;

const ID = /^[A-Za-z0-9_-]{22}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function receiptPath(id: string, deleteToken: string): string {
  return `/receipt/${id}#${deleteToken}`;
}

export interface ParsedReceiptLink {
  id: string;
  deleteToken: string;
}

/** A receipt link (absolute, or a path) → its id and delete token; null when it is not one. */
export function parseReceiptLink(link: string): ParsedReceiptLink | null {
  const url = linkUrl(link.trim());
  if (!url) return null;
  // The instance may be served below a path (/hush/receipt/…): the id follows the last `receipt` segment.
  const parts = url.pathname.split('/').filter(Boolean);
  const at = parts.lastIndexOf('receipt');
  const id = parts[at + 1];
  const token = url.hash.replace(/^#/, '');
  if (at < 0 || at !== parts.length - 2 || !id || !ID.test(id) || !TOKEN.test(token)) return null;
  return { id, deleteToken: token };
}
