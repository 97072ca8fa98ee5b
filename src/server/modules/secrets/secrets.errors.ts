import { httpError } from '../../http/errors.js';

export const secretNotFound = () => httpError(404, 'secret.not_found');
export const passwordRequired = (attemptsLeft: number) => httpError(401, 'secret.password_required', { attemptsLeft });
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
export const filesUnsupported = () => httpError(400, 'secret.files_unsupported', { field: 'files' });
