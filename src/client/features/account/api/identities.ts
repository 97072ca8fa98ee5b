import type { z } from 'zod';
import type { LinkedIdentity as LinkedIdentitySchema } from '../../../../shared/api/oidc.contract';
import { api } from '../../../lib/api-client';

export type LinkedIdentity = z.output<typeof LinkedIdentitySchema>;

const IDENTITIES = '/account/identities';

/** The OpenID providers linked to the account. */
export const listIdentities = (signal?: AbortSignal) => api<LinkedIdentity[]>(IDENTITIES, signal ? { signal } : {});

/** Unlinks one; the server refuses the account's only way in (409 oidc.last_method). */
export const unlinkIdentity = (id: string) =>
  api<{ unlinked: true }>(`${IDENTITIES}/${encodeURIComponent(id)}`, { method: 'DELETE' });
