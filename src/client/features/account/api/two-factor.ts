import type { z } from 'zod';
import type { TotpEnrolment, TwoFactorStatus } from '../../../../shared/api/two-factor.contract';
import { api } from '../../../lib/api-client';

export type TwoFactor = z.output<typeof TwoFactorStatus>;
export type Enrolment = z.output<typeof TotpEnrolment>;

/** Two-factor codes of the signed-in account (issue 16.2): each call here needs its session. */
export const getTwoFactor = (signal?: AbortSignal) => api<TwoFactor>('/account/two-factor', signal ? { signal } : {});

export const enrolTotp = (currentPassword: string) =>
  api<Enrolment>('/account/two-factor/totp', { body: { currentPassword } });

export const confirmTotp = (code: string) =>
  api<{ backupCodes: string[] }>('/account/two-factor/totp/confirm', { body: { code } });

export const disableTotp = (currentPassword: string, code: string) =>
  api<{ disabled: true }>('/account/two-factor/totp/disable', { body: { currentPassword, code } });

export const regenerateBackupCodes = (currentPassword: string) =>
  api<{ backupCodes: string[] }>('/account/two-factor/backup-codes', { body: { currentPassword } });
