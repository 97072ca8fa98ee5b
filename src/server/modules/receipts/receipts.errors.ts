import { httpError } from '../../http/errors.js';

/** Never existed, wrong token, not yours, or past its retention: one answer for all. */
export const receiptNotFound = () => httpError(404, 'receipt.not_found');
