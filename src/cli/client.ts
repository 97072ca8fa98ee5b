import { buildSecretUrl, parseSecretUrl } from '../shared/rules/link.js';
import { secretRoutes } from '../shared/api/secrets.contract.js';
import { readerProofs, sealSecret, unsealSecret } from '../shared/crypto/index.js';
import { callRoute, CliError } from './api.js';

export { CliError };

export interface CreateOptions {
  server: string;
  text: string;
  title?: string;
  password?: string;
  ttl: number;
  maxViews: number;
}

/** Encrypts locally, stores the envelope, and returns the link (key in the fragment) and the delete token. */
export async function createSecret(options: CreateOptions) {
  const { key, fields } = await sealSecret(options);
  const created = await callRoute(options.server, secretRoutes.create, {
    body: { ...fields, ttl: options.ttl, maxViews: options.maxViews },
  });
  return {
    link: buildSecretUrl(options.server, created.id, key),
    deleteToken: created.deleteToken,
    expiresAt: created.expiresAt,
  };
}

/** Opens a link: spends a view, decrypts locally. */
export async function openSecret(link: string, options: { password?: string; key?: string } = {}) {
  const parsed = parseSecretUrl(link);
  if (!parsed) throw new CliError('That is not a Hush secret link');
  const key = parsed.key ?? options.key;
  if (!key) throw new CliError('The link has no key: pass it with --key');
  const origin = new URL(link).origin;
  const { keys, keyProof, password } = await readerProofs(key, options.password);
  const content = await callRoute(origin, secretRoutes.read, {
    params: { id: parsed.id },
    body: { keyProof, password },
  });
  return unsealSecret(keys, { text: content.text, title: content.title ?? null });
}
