import { api } from '../../../lib/api-client';

/** Marks every event so far as seen. */
export const markActivitySeen = () => api<{ unread: number }>('/account/activity/seen', { body: {} });
