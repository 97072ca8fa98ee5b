import type { z } from 'zod';
import type {
  SessionInfo as SessionInfoSchema,
  SetupBody,
  SigninBody,
  SignupBody,
} from '../../../../shared/api/auth.contract';

export type SessionInfo = z.output<typeof SessionInfoSchema>;
export type SigninInput = z.input<typeof SigninBody>;
export type SignupInput = z.input<typeof SignupBody>;
export type SetupInput = z.input<typeof SetupBody>;
