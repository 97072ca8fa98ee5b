import { api } from '../../../lib/api-client';
import type { OwnSecret } from './account.types';

/** The signed-in user's secrets that can still be opened, newest first. */
export const listOwnSecrets = (signal?: AbortSignal) => api<OwnSecret[]>('/secret', signal ? { signal } : {});
