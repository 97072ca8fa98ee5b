import { api } from '../../../lib/api-client';

/** Ends the session on the server, which clears both cookies. */
export const signout = () => api<{ signedOut: true }>('/authentication/signout', { method: 'POST' });
