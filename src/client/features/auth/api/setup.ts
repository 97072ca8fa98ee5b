import { api } from '../../../lib/api-client';
import type { SessionInfo, SetupInput } from './auth.types';

/** Creates the first admin with the one-time token from the start-up log, and signs them in. */
export const setupAdmin = (body: SetupInput) => api<SessionInfo>('/authentication/setup', { body });
