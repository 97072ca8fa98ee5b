import { api, ApiError } from '../../../lib/api-client';
import { refused, type Refused, type SessionInfo, type SignupInput } from './auth.types';

export type SignupResult = { status: 201; session: SessionInfo } | Refused;

/** Spec §7: 403 (sign-up disabled, email domain not allowed) is a result; other failures throw an ApiError. */
export async function signup(body: SignupInput): Promise<SignupResult> {
  try {
    return { status: 201, session: await api<SessionInfo>('/authentication/signup', { body }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return refused(error);
    throw error;
  }
}
