import { api } from '../../../lib/api-client';

/**
 * Issue 16.4, the emailed links (shared/api/account-email.contract.ts). Each failure is an ApiError whose code the
 * pages translate: auth.reset_link_invalid, auth.verify_link_invalid, auth.email_unavailable, rate_limited.
 */

/** Answers the same whether or not the account exists: the page says so. */
export const requestPasswordReset = (login: string) =>
  api<{ accepted: true }>('/authentication/password-reset', { body: { login } });

export const confirmPasswordReset = (token: string, password: string) =>
  api<{ reset: true; username: string }>('/authentication/password-reset/confirm', { body: { token, password } });

export const verifyEmail = (token: string) =>
  api<{ verified: true; email: string }>('/authentication/verify-email', { body: { token } });
