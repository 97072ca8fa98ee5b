import { buildSecretUrl, parseSecretUrl } from '../shared/rules/link.js';
import { readerProofs, sealSecret, unsealSecret } from '../shared/crypto/index.js';

export interface CreateOptions {
  server: string;
  text: string;
  title?: string;
  password?: string;
  ttl: number;
  maxViews: number;
}

export class CliError extends Error {}

async function call(url: string, body: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new CliError(`Cannot reach ${new URL(url).origin}: ${(error as Error).message}`);
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new CliError(String(json.message ?? `The server answered ${response.status}`));
  return json;
}

/** Encrypts locally, stores the envelope, and returns the link (key in the fragment) and the delete token. */
export async function createSecret(options: CreateOptions) {
  const { key, fields } = await sealSecret(options);
  const created = await call(`${options.server}/api/v1/secret`, {
    ...fields,
    ttl: options.ttl,
    maxViews: options.maxViews,
  });
  return {
    link: buildSecretUrl(options.server, String(created.id), key),
    deleteToken: String(created.deleteToken),
    expiresAt: String(created.expiresAt),
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
  const content = await call(`${origin}/api/v1/secret/${parsed.id}`, { keyProof, password });
  return unsealSecret(keys, { text: String(content.text), title: (content.title as string | null) ?? null });
}
