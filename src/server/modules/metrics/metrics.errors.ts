import { httpError } from '../../http/errors.js';

export const metricsTokenInvalid = () => httpError(401, 'metrics.token_invalid');
