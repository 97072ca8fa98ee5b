import { httpError } from '../../http/errors.js';

/** The admin module's refusals. */
export const userNotFound = () => httpError(404, 'admin.user_not_found', { field: 'username' });
export const lastAdmin = () => httpError(409, 'admin.last_admin');
