import type { z } from 'zod';
import type { AccountSession } from '../../../../shared/api/sessions.contract';
import { api } from '../../../lib/api-client';

export type Session = z.output<typeof AccountSession>;

/** Where the account is signed in: this session first. */
export const listSessions = (signal?: AbortSignal) => api<Session[]>('/account/sessions', signal ? { signal } : {});

export const revokeSession = (id: string) =>
  api<{ revoked: true; current: boolean }>(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const signOutOthers = () => api<{ signedOut: number }>('/account/sessions/sign-out-others', { method: 'POST' });
