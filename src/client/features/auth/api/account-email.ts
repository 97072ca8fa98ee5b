import type { z } from 'zod';
import type { PasswordResetDone } from '../../../../shared/api/account-email.contract';
import { api } from '../../../lib/api-client';
import type { SessionInfo } from './auth.types';

/**
 * Issue 16.4, the emailed links (shared/api/account-email.contract.ts). Each failure is an ApiError whose code the
 * pages translate: auth.reset_link_invalid, auth.verify_link_invalid, auth.signup_link_invalid,
 * auth.email_unavailable, rate_limited.
 */

/** Answers the same whether or not the account exists: the page says so. */
export const requestPasswordReset = (login: string) =>
  api<{ accepted: true }>('/authentication/password-reset', { body: { login } });

/** What the reset ended and removed (issue 29.1): the page tells its owner. */
export type ResetDone = z.output<typeof PasswordResetDone>;

export const confirmPasswordReset = (token: string, password: string) =>
  api<ResetDone>('/authentication/password-reset/confirm', { body: { token, password } });

export const verifyEmail = (token: string) =>
  api<{ verified: true; email: string }>('/authentication/verify-email', { body: { token } });

/** A sign-up's emailed link with the password chosen (issue 29.1): the account, signed in. */
export const confirmSignup = (token: string, password: string) =>
  api<SessionInfo>('/authentication/signup/confirm', { body: { token, password } });
