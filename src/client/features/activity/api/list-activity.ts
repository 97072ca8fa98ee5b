import { api } from '../../../lib/api-client';
import type { ActivityPage } from './activity.types';

/** A page of the user's events, newest first; `before` is the `next` of the page before. */
export const listActivity = (before?: string | null, signal?: AbortSignal) =>
  api<ActivityPage>(`/account/activity${before ? `?before=${encodeURIComponent(before)}` : ''}`, { signal });

/** The first page (a stable function, for `useAccountResource`). */
export const listFirstActivityPage = (signal?: AbortSignal) => listActivity(null, signal);
