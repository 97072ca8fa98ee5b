import { api, ApiError } from '../../../lib/api-client';
import type { SessionInfo, Unauthorized } from './auth.types';

export type RefreshResult = { status: 200; session: SessionInfo } | Unauthorized;

/** Spec §7: extends the session; 401 (the session is gone) is a result, other failures throw an ApiError. */
export async function refreshSession(): Promise<RefreshResult> {
  try {
    return { status: 200, session: await api<SessionInfo>('/authentication/refresh') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { status: 401 };
    throw error;
  }
}
