import { api } from '../../../lib/api-client';
import type { RequestSummary } from './requests.types';

/** Closes the fill link; responses already sent stay. */
export const revokeRequest = (id: string) =>
  api<RequestSummary>(`/requests/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
