import { httpError } from '../../http/errors.js';

/** Unknown, expired, used up or revoked: one answer for all, so a fill link tells nothing more. */
export const requestNotFound = () => httpError(404, 'secret_request.not_found');
export const requestsDisabled = () => httpError(403, 'secret_request.disabled');
export const requestIpNotAllowed = () => httpError(403, 'secret_request.ip_not_allowed');
export const requestFilesNotAllowed = () => httpError(400, 'secret_request.files_not_allowed');
export const requestIdTaken = () => httpError(409, 'secret_request.id_taken');
