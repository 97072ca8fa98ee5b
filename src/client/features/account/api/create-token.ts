import { api } from '../../../lib/api-client';
import type { CreatedToken, NewToken } from './account.types';

/** Creates a token; the answer holds the token itself, which is never shown again. */
export const createToken = (body: NewToken) => api<CreatedToken>('/account/tokens', { body });
