import { api } from '../../../lib/api-client';
import type { Account } from './account.types';

/** The signed-in account: username, email, role, generated flag, created date. */
export const getAccount = (signal?: AbortSignal) => api<Account>('/account', signal ? { signal } : {});
