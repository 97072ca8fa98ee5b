import { api } from '../../../lib/api-client';
import type { RequestSummary } from './requests.types';

/** The signed-in user's requests, newest first, with their state and unread responses. */
export const listRequests = (signal?: AbortSignal) => api<RequestSummary[]>('/requests', signal ? { signal } : {});
