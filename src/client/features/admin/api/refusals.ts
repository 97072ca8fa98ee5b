import { ApiError } from '../../../lib/api-client';

/** A 403: the visitor is not an admin (auth.admin_required), or no longer is; the pages show the forbidden state. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
