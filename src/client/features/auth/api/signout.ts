import { api } from '../../../lib/api-client';

/**
 * Ends the session on the server, which clears both cookies. `endSessionUrl`: the session came from an OpenID
 * provider, whose sign-out page ends its session too.
 */
export const signout = () =>
  api<{ signedOut: true; endSessionUrl?: string }>('/authentication/signout', { method: 'POST' });
