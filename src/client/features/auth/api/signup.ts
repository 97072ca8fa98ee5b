import { api } from '../../../lib/api-client';
import type { SessionInfo, SignupInput, SignupPending } from './auth.types';

/**
 * Spec §7: the new account's session; on an instance that sends email, `{pending: true}` (the account is made by
 * the link emailed to the address, the same answer whether or not it has one). A failure (403: sign-up disabled,
 * email domain not allowed; 409: username taken) is an ApiError.
 */
export const signup = (body: SignupInput) => api<SessionInfo | SignupPending>('/authentication/signup', { body });
