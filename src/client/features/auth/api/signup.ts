import { api } from '../../../lib/api-client';
import type { SessionInfo, SignupInput } from './auth.types';

/** Spec §7: the new account's session; a failure (403: sign-up disabled, email domain not allowed) is an ApiError. */
export const signup = (body: SignupInput) => api<SessionInfo>('/authentication/signup', { body });
