import { api } from '../../../lib/api-client';
import type { CreatedResponse, NewResponse } from './requests.types';

/** Sends a response sealed to the request's key; with files, the answer holds the upload ticket. */
export const respond = (id: string, body: NewResponse) =>
  api<CreatedResponse>(`/requests/${encodeURIComponent(id)}/responses`, { body });
