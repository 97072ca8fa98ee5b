import { api } from '../../../lib/api-client';
import type { SessionInfo } from './auth.types';

/** Spec §7: extends the session; a failure is an ApiError (401: the session is gone). */
export const refreshSession = () => api<SessionInfo>('/authentication/refresh');
