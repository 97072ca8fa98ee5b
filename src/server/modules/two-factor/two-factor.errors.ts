import { httpError } from '../../http/errors.js';

/** The two-factor module's refusals. */
export const codeInvalid = (status: 400 | 401 = 400) => httpError(status, 'two_factor.code_invalid', { field: 'code' });
export const codeReused = (status: 400 | 401 = 400) => httpError(status, 'two_factor.code_reused', { field: 'code' });
export const alreadyEnabled = () => httpError(409, 'two_factor.already_enabled');
export const notEnabled = () => httpError(409, 'two_factor.not_enabled');
export const notEnrolling = () => httpError(409, 'two_factor.not_enrolling');
/** No pending sign-in: never started, expired, used, or spent on wrong codes. */
export const pendingInvalid = () => httpError(401, 'two_factor.pending_invalid');
