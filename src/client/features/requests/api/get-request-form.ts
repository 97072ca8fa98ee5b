import { api } from '../../../lib/api-client';
import type { RequestForm } from './requests.types';

/** What a responder needs (no account): who asks, the sealed title and instructions, the public key. */
export const getRequestForm = (id: string, signal?: AbortSignal) =>
  api<RequestForm>(`/requests/${encodeURIComponent(id)}/form`, signal ? { signal } : {});
