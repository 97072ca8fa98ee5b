import { httpError } from '../../http/errors.js';

/** Expired, used, replaced or forged: one answer for all, so a guesser learns nothing about which. */
export const resetLinkInvalid = () => httpError(400, 'auth.reset_link_invalid', { field: 'token' });
export const verifyLinkInvalid = () => httpError(400, 'auth.verify_link_invalid', { field: 'token' });
export const signupLinkInvalid = () => httpError(400, 'auth.signup_link_invalid', { field: 'token' });
/** No SMTP server or no public address to put in a link: the admin resets passwords (Account → Users). */
export const emailUnavailable = () => httpError(409, 'auth.email_unavailable');
export const alreadyVerified = () => httpError(409, 'account.email_verified');
