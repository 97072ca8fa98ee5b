import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BEFORE_SECOND_FACTOR } from '../../../shared/api/second-factor.js';
import {
  twoFactorRequiredFor,
  type RequireTwoFactor,
  type SecondFactorMethod,
} from '../../../shared/rules/two-factor.js';
import { httpError } from '../../http/errors.js';
import { fastifyPath } from '../../http/route.js';
import type { SessionRow } from '../auth/sessions.repository.js';
import type { SettingsService } from '../settings/settings.service.js';

/**
 * The instance setting require_two_factor (issue 16.2): a user it concerns who signed in with a password and has no
 * second factor yet keeps a session, but it only reaches what it takes to set one up (and to read the account, sign
 * out, see the sessions and whatever else the security page shows: BEFORE_SECOND_FACTOR, shared with the contracts
 * that declare the refusal); anything else answers 403 auth.two_factor_required, and the page sends them to the
 * security settings. Sessions from an identity provider, a trusted proxy or a passkey alone are not concerned: those
 * bring their own factors. API tokens are not either: making one needs such a session.
 *
 * Signing in to a provider (or linking one, from the security page) is let through for the same reason: the provider
 * brings its factors, and a password alone that may enrol a code already holds as much as one that may link. Removing
 * things (a passkey, a linked provider) is not: that waits for the second factor.
 */

export const twoFactorRequired = () => httpError(403, 'auth.two_factor_required');
export const ownSecondFactorMissing = () => httpError(409, 'settings.own_second_factor_missing');

/** Sessions from before the sessions recorded their method were all password sign-ins. */
const byPassword = (session: SessionRow) => session.method === null || session.method === 'password';

/** The provider sign-in is a browser navigation, not a contract route (oidc.routes.ts). */
const PROVIDER_SIGN_IN = ['GET /authentication/oidc/:provider/start', 'GET /authentication/oidc/:provider/callback'];
const allowed = new Set([
  ...BEFORE_SECOND_FACTOR.map((route) => `${route.method} ${fastifyPath(route.path)}`),
  ...PROVIDER_SIGN_IN,
]);
const API_PREFIX = /^\/api(\/v1)?(?=\/)/;

export function registerTwoFactorRequirement(
  app: FastifyInstance,
  deps: { settings: Pick<SettingsService, 'get'>; methodsOf(userId: string): Promise<SecondFactorMethod[]> },
): void {
  app.addHook('preHandler', async (request) => {
    if (request.auth?.kind !== 'session') return;
    const { user, session } = request.auth;
    if (!byPassword(session)) return;
    if (!twoFactorRequiredFor((await deps.settings.get()).require_two_factor, user.role)) return;
    const route = `${request.routeOptions.method} ${(request.routeOptions.url ?? '').replace(API_PREFIX, '')}`;
    if (allowed.has(route)) return;
    if ((await deps.methodsOf(user.id)).length > 0) return;
    throw twoFactorRequired();
  });
}

/**
 * Issue 29.7: an admin's password session without a second factor may not save a require_two_factor that would hold
 * it. Saved, it would reach the setting again only after setting one up, and an admin who cannot (no authenticator at
 * hand, the last admin) could not undo it: so the page's warning becomes a refusal (409), and the admin sets up a
 * factor first. Letting held sessions reach the setting instead would let a stolen password lift the requirement.
 * Tokens and sessions the requirement does not hold (a provider's, a passkey's) are not concerned.
 */
export function ownRequirementGuard(methodsOf: (userId: string) => Promise<SecondFactorMethod[]>) {
  return async (request: FastifyRequest, setting: RequireTwoFactor | undefined): Promise<void> => {
    if (setting === undefined || request.auth.kind !== 'session' || !byPassword(request.auth.session)) return;
    const { user } = request.auth;
    if (twoFactorRequiredFor(setting, user.role) && (await methodsOf(user.id)).length === 0) {
      throw ownSecondFactorMissing();
    }
  };
}
