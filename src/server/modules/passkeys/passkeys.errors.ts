import { httpError } from '../../http/errors.js';

export const passkeyNotFound = () => httpError(404, 'passkey.not_found');
export const passkeyLimit = () => httpError(409, 'passkey.limit');
export const passkeyExists = () => httpError(409, 'passkey.exists');
export const challengeInvalid = () => httpError(400, 'passkey.challenge_invalid');
export const registrationFailed = () => httpError(400, 'passkey.registration_failed');

/** Why a passkey sign-in was refused: the code the caller gets, and the reason the security log shows. */
export type Refusal = 'unknown' | 'other_account' | 'invalid' | 'cloned' | 'signin_expired';
export const passkeyRefused = (reason: Refusal) => httpError(401, `passkey.${reason}`);
