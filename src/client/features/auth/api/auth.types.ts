import type { z } from 'zod';
import type {
  SecondFactorNeeded as SecondFactorNeededSchema,
  SessionInfo as SessionInfoSchema,
  SetupBody,
  SigninBody,
  SignupBody,
  SignupPending as SignupPendingSchema,
} from '../../../../shared/api/auth.contract';

export type SessionInfo = z.output<typeof SessionInfoSchema>;
/** The password was right; the sign-in goes on with a second factor (issue 16.2). */
export type SecondFactorNeeded = z.output<typeof SecondFactorNeededSchema>;
export type SigninInput = z.input<typeof SigninBody>;
export type SignupInput = z.input<typeof SignupBody>;
/** On an instance that sends email, a sign-up's account is made by the link emailed to its address (issue 29.1). */
export type SignupPending = z.output<typeof SignupPendingSchema>;
export type SetupInput = z.input<typeof SetupBody>;
