import { api } from '../../../lib/api-client';
import type { CreatedRequest, NewRequest } from './requests.types';

/** Stores a request sealed in this browser: envelopes, the public key and the wrapped private key, never a key. */
export const createRequest = (body: NewRequest) => api<CreatedRequest>('/requests', { body });
