import { api } from '../../../lib/api-client';
import type { SecondFactorNeeded, SessionInfo, SigninInput } from './auth.types';

/**
 * Spec §7: the new session. A failure is an ApiError: 401 (wrong credentials) is reported by its status alone, 403
 * (signing in disabled) with the server's message and code. An account with a second factor gets no session yet:
 * the answer names the second factors it can give (SecondFactorStep).
 */
export const signin = (body: SigninInput) => api<SessionInfo | SecondFactorNeeded>('/authentication/signin', { body });
