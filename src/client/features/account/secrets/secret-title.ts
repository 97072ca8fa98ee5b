import type { OwnSecret } from '../api/account.types';

/**
 * What the list can say about a title. Titles of private secrets are encrypted with the secret's key, which only
 * the link holds, so they cannot be read here; public secrets' titles are plain text.
 */
export function secretTitle(
  secret: Pick<OwnSecret, 'title' | 'isPublic'>,
): { kind: 'plain'; text: string } | { kind: 'encrypted' } | { kind: 'none' } {
  if (!secret.title) return { kind: 'none' };
  return secret.isPublic ? { kind: 'plain', text: secret.title } : { kind: 'encrypted' };
}
