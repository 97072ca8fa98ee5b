import { httpError } from '../../http/errors.js';

/** No trusted proxy named a user on this request (the feature is off, the peer is not trusted, or no header). */
export const headerMissing = () => httpError(401, 'auth.header_missing');
/** The proxy's user name breaks the USERNAME rules, or its email is no address: an operator's mapping to fix. */
export const headerInvalid = (field: 'username' | 'email') => httpError(400, 'auth.header_invalid', { field });
/** HUSH_AUTH_HEADER_AUTO_CREATE=false and the named user has no account. */
export const headerUnknownUser = () => httpError(403, 'auth.header_unknown_user');
