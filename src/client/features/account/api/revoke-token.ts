import { api } from '../../../lib/api-client';

export const revokeToken = (id: string) =>
  api<{ revoked: true }>(`/account/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
