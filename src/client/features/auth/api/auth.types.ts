import type { z } from 'zod';
import type {
  SessionInfo as SessionInfoSchema,
  SetupBody,
  SigninBody,
  SignupBody,
} from '../../../../shared/api/auth.contract';
import type { ApiError } from '../../../lib/api-client';

export type SessionInfo = z.output<typeof SessionInfoSchema>;
export type SigninInput = z.input<typeof SigninBody>;
export type SignupInput = z.input<typeof SignupBody>;
export type SetupInput = z.input<typeof SetupBody>;

/** Spec §7: a 401 is reported by its status alone. */
export interface Unauthorized {
  status: 401;
}

/** Spec §7: a 403 is reported with its status and the server's message (and its code, which the page translates). */
export interface Refused {
  status: 403;
  message: string;
  code: string;
}

export const refused = (error: ApiError): Refused => ({ status: 403, message: error.message, code: error.code });
