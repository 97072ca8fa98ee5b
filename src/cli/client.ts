import { secretRoutes } from '../shared/api/secrets.contract.js';
import { readerProofs, sealSecret, unsealSecret } from '../shared/crypto/index.js';
import { buildSecretUrl } from '../shared/rules/link.js';
import { callRoute, CliError } from './api.js';
import { receiptLink } from './commands/create.js';
import { readLink } from './commands/open.js';

export { CliError };

/**
 * The CLI's text-only calls as a library, for tests and scripts in this repository (e2e/helpers.ts): the same
 * envelope, link and API client as `hush create` and `hush open`.
 */
export interface CreateOptions {
  server: string;
  /** Text, or bytes that need not be UTF-8 (a binary content, as `hush create < photo.jpg` sends). */
  text: string | Uint8Array<ArrayBuffer>;
  title?: string;
  password?: string;
  ttl: number;
  maxViews: number;
  token?: string;
}

/**
 * Encrypts locally, stores the envelope, and returns the link (key in the fragment), the receipt link and the delete
 * token.
 */
export async function createSecret(options: CreateOptions) {
  const { key, fields } = await sealSecret(options);
  const created = await callRoute({ server: options.server, token: options.token ?? null }, secretRoutes.create, {
    body: { ...fields, ttl: options.ttl, maxViews: options.maxViews },
  });
  return {
    link: buildSecretUrl(options.server, created.id, key),
    receiptLink: receiptLink({ server: options.server }, created.receiptPath),
    deleteToken: created.deleteToken,
    expiresAt: created.expiresAt,
  };
}

/** Opens a link: spends a view, decrypts locally. */
export async function openSecret(link: string, options: { password?: string; key?: string } = {}) {
  const parsed = readLink(link, options.key);
  if (!parsed.key) throw new CliError('The link has no key: pass it with --key');
  const { keys, keyProof, password } = await readerProofs(parsed.key, options.password);
  const content = await callRoute({ server: parsed.server }, secretRoutes.read, {
    params: { id: parsed.id },
    body: { keyProof, password },
  });
  return unsealSecret(keys, { text: content.text, title: content.title ?? null });
}
