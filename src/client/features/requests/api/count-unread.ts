import { api } from '../../../lib/api-client';

/** How many responses to the user's requests were never opened. */
export const countUnread = (signal?: AbortSignal) =>
  api<{ unread: number }>('/requests/unread', signal ? { signal } : {});
