import { httpError } from '../../http/errors.js';

/** The account module's refusals. */
export const currentPasswordInvalid = () =>
  httpError(400, 'auth.current_password_invalid', { field: 'currentPassword' });
export const lastAdminAccount = () => httpError(409, 'account.last_admin');
