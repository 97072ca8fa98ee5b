import { api } from '../../../lib/api-client';

/** "Send the link again": a new verification link to the account's address (issue 16.4). */
export const sendEmailVerification = () =>
  api<{ sent: true; email: string }>('/account/email/verification', { method: 'POST' });
