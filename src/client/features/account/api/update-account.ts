import { api } from '../../../lib/api-client';
import type { Account, AccountUpdate } from './account.types';

/** Changes email and/or password; the current password is always needed. Other sessions end on a new password. */
export const updateAccount = (body: AccountUpdate) => api<Account>('/account/update', { method: 'PUT', body });
