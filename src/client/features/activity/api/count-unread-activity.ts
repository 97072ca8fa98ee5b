import { api } from '../../../lib/api-client';

/** How many of the user's events they have not seen yet. */
export const countUnreadActivity = (signal?: AbortSignal) =>
  api<{ unread: number }>('/account/activity/unread', { signal });
