import { api, ApiError } from '../../../lib/api-client';
import { refused, type Refused, type SessionInfo, type SigninInput, type Unauthorized } from './auth.types';

export type SigninResult = { status: 200; session: SessionInfo } | Unauthorized | Refused;

/** Spec §7: 401 (wrong credentials) and 403 (signing in disabled) are results; other failures throw an ApiError. */
export async function signin(body: SigninInput): Promise<SigninResult> {
  try {
    return { status: 200, session: await api<SessionInfo>('/authentication/signin', { body }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 401 };
    if (error instanceof ApiError && error.status === 403) return refused(error);
    throw error;
  }
}
