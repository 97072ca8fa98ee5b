import { api } from '../../../lib/api-client';
import type { RequestDetail } from './requests.types';

/** One of the user's requests, with its wrapped key and the responses that can still be opened. */
export const getRequest = (id: string, signal?: AbortSignal) =>
  api<RequestDetail>(`/requests/${encodeURIComponent(id)}`, signal ? { signal } : {});
