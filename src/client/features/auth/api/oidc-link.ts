import type { z } from 'zod';
import type { OidcLinkInfo } from '../../../../shared/api/oidc.contract';
import { api } from '../../../lib/api-client';
import type { SessionInfo } from './auth.types';

export type OidcLink = z.output<typeof OidcLinkInfo>;

/** The account an identity from a provider waits to be linked to (the callback's cookie names it). */
export const getOidcLink = (signal?: AbortSignal) =>
  api<OidcLink>('/authentication/oidc/link', { method: 'GET', signal });

/** The account's password confirms the link; the session starts. A 401 is a wrong password. */
export const confirmOidcLink = (password: string) =>
  api<SessionInfo & { next: string }>('/authentication/oidc/link', { body: { password } });
