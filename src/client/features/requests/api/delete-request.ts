import { api } from '../../../lib/api-client';

/** Deletes a request with every response to it and their files. */
export const deleteRequest = (id: string) =>
  api<{ id: string; deleted: true }>(`/requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
