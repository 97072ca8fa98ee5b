import type { FastifyInstance } from 'fastify';
import { passkeyRoutes as api } from '../../../shared/api/passkeys.contract.js';
import { callerOf } from '../../http/caller.js';
import { addRoute } from '../../http/route.js';
import { requireSession } from '../auth/authenticate.js';
import { securityEvent } from '../auth/security-events.js';
import { clearPendingCookie, PENDING_COOKIE } from '../auth/second-factor.js';
import type { SignedIn } from '../auth/signed-in.js';
import type { PasskeySignin } from './passkey-signin.service.js';
import type { PasskeysService } from './passkeys.service.js';
import type { RelyingPartyOf } from './relying-party.js';
import type { CookieOptions } from '../auth/cookies.js';

export interface PasskeyRoutesDeps {
  passkeys: PasskeysService;
  signin: PasskeySignin;
  relyingParty: RelyingPartyOf;
  signedIn: SignedIn;
  cookies: CookieOptions;
}

export function passkeysRoutes({ passkeys, signin, relyingParty, signedIn, cookies }: PasskeyRoutesDeps) {
  return async (app: FastifyInstance) => {
    // The account's passkeys change, and are listed, with a session only: an API token cannot.
    addRoute(app, api.passkeys, async ({ request }) => passkeys.list(requireSession(request).user));
    addRoute(app, api.passkeyRegistrationOptions, async ({ request }) =>
      passkeys.registrationOptions(requireSession(request).user, relyingParty(request)),
    );
    addRoute(app, api.registerPasskey, async ({ request, body }) =>
      passkeys.register(requireSession(request).user, relyingParty(request), body),
    );
    addRoute(app, api.renamePasskey, async ({ request, params, body }) =>
      passkeys.rename(requireSession(request).user, params.id, body.name),
    );
    addRoute(app, api.removePasskey, async ({ request, params }) =>
      passkeys.remove(requireSession(request).user, params.id),
    );

    addRoute(app, api.passkeySigninOptions, async ({ request }) =>
      signin.options(relyingParty(request), request.cookies[PENDING_COOKIE]),
    );
    addRoute(app, api.passkeySignin, async ({ request, reply, body }) => {
      const pendingToken = request.cookies[PENDING_COOKIE];
      const started = await signin.signin({
        rp: relyingParty(request),
        ip: callerOf(request).ip,
        credential: body.credential,
        pendingToken,
        refused: (details) => securityEvent(request, 'signin.passkey', details),
      });
      // A pending sign-in is used up by now (or was not there): its cookie goes with it.
      if (pendingToken !== undefined) clearPendingCookie(reply, cookies);
      return signedIn(reply, started);
    });
  };
}
