import { api } from '../../../lib/api-client';
import type { SessionInfo, SigninInput } from './auth.types';

/**
 * Spec §7: the new session. A failure is an ApiError: 401 (wrong credentials) is reported by its status alone, 403
 * (signing in disabled) with the server's message and code.
 */
export const signin = (body: SigninInput) => api<SessionInfo>('/authentication/signin', { body });
