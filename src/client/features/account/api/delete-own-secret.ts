import { api } from '../../../lib/api-client';

/** Burns one of the user's own secrets: the session cookie proves ownership, so the body carries no proof. */
export const deleteOwnSecret = (id: string) =>
  api<{ id: string; burned: true }>(`/secret/${encodeURIComponent(id)}/burn`, { body: {} });
