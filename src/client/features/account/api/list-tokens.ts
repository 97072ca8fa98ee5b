import { api } from '../../../lib/api-client';
import type { ApiToken } from './account.types';

/** The user's API tokens: names and dates, never the tokens themselves. */
export const listTokens = (signal?: AbortSignal) => api<ApiToken[]>('/account/tokens', signal ? { signal } : {});
