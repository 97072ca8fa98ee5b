import { api } from '../../../lib/api-client';

/** Deletes the account with its secrets and tokens; the server clears the session cookies. */
export const deleteAccount = (currentPassword: string) =>
  api<{ deleted: true }>('/account/delete', { body: { currentPassword } });
