import { api } from '../../../lib/api-client';
import type { SessionInfo } from './auth.types';

/**
 * The second step of a password sign-in: an authenticator or backup code, with the pending sign-in's cookie (set by
 * the password step, httpOnly: the page never sees it).
 */
export const signinSecondFactor = (code: string) =>
  api<SessionInfo>('/authentication/signin/second-factor', { body: { code } });
