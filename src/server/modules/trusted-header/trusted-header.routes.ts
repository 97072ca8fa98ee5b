import type { FastifyInstance } from 'fastify';
import { trustedHeaderRoutes as api } from '../../../shared/api/trusted-header.contract.js';
import { addRoute } from '../../http/route.js';
import type { CookieOptions } from '../auth/cookies.js';
import type { SignedIn } from '../auth/signed-in.js';
import { headerMissing } from './trusted-header.errors.js';
import type { TrustedHeaderReader } from './trusted-header.reader.js';
import type { TrustedHeaderService } from './trusted-header.service.js';

/** POST /authentication/header. `read` is null when HUSH_AUTH_HEADER is off: the route then says no proxy vouches. */
export function trustedHeaderRoutes(
  service: TrustedHeaderService,
  read: TrustedHeaderReader | null,
  cookies: CookieOptions,
  signedIn: SignedIn,
) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.headerSignIn, async ({ request, reply }) => {
      const vouched = read?.(request);
      if (vouched?.kind !== 'user') throw headerMissing();
      const current = request.auth.kind === 'session' ? request.auth.session.id : null;
      return signedIn(reply, await service.signIn(vouched, current));
    });
  };
}
