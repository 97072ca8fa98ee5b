import type { z } from 'zod';
import type {
  SecondFactorNeeded as SecondFactorNeededSchema,
  SessionInfo as SessionInfoSchema,
  SetupBody,
  SigninBody,
  SignupBody,
} from '../../../../shared/api/auth.contract';

export type SessionInfo = z.output<typeof SessionInfoSchema>;
/** The password was right; the sign-in goes on with a second factor (issue 16.2). */
export type SecondFactorNeeded = z.output<typeof SecondFactorNeededSchema>;
export type SigninInput = z.input<typeof SigninBody>;
export type SignupInput = z.input<typeof SignupBody>;
export type SetupInput = z.input<typeof SetupBody>;
