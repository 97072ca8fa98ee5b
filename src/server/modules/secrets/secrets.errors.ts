import { httpError, rateLimited } from '../../http/errors.js';

/** The instance is read-only: no secret may be created (spec §9). */
export const readOnly = () => httpError(403, 'secret.read_only');
export const secretNotFound = () => httpError(404, 'secret.not_found');
/** Says what the reader's page needs to know to ask for the right things: attempts left, and public or not. */
export const passwordRequired = (attemptsLeft: number, isPublic: boolean) =>
  httpError(401, 'secret.password_required', { attemptsLeft, isPublic });
export const passwordInvalid = (attemptsLeft: number) =>
  httpError(
    401,
    'secret.password_invalid',
    { attemptsLeft },
    attemptsLeft > 0
      ? `Wrong password: ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left`
      : 'Wrong password: no attempts left, the secret has been deleted',
  );
export const keyInvalid = () => httpError(403, 'secret.key_invalid');
export const ipNotAllowed = () => httpError(403, 'secret.ip_not_allowed');
export const burnForbidden = () => httpError(403, 'secret.burn_forbidden');
/** Every place in the attempt budget is held by a password verification in flight: none runs for this request. */
export const attemptsBusy = () =>
  rateLimited(1, 'Other password attempts for this secret are being checked; try again in a moment');
