import { api } from '../../../lib/api-client';
import type { SessionInfo } from './auth.types';

/**
 * Issue 16.6: a session for the user the trusted forward-auth proxy names (POST /authentication/header). The proxy
 * adds its header to this request itself; the page sends nothing but the call.
 */
export const headerSignIn = (signal?: AbortSignal) =>
  api<SessionInfo>('/authentication/header', { method: 'POST', signal });
