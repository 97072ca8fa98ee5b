import { accountRoutes } from './account.contract.js';
import { authRoutes } from './auth.contract.js';
import { errorResponse, routeKey, type RouteContract } from './contract.js';
import { oidcRoutes } from './oidc.contract.js';
import { passkeyRoutes } from './passkeys.contract.js';
import { sessionsRoutes } from './sessions.contract.js';
import { settingsRoutes } from './settings.contract.js';
import { twoFactorRoutes } from './two-factor.contract.js';

/**
 * The instance setting require_two_factor (issue 16.2) holds a password session whose user has no second factor yet:
 * it reaches only these routes, what it takes to set one up and what the security page shows (the account, its
 * factors, passkeys, sessions and linked providers), and signing out. Every other route answers it 403
 * auth.two_factor_required, and says so in its contract (`withSecondFactorRefusal`).
 * The server's hook (modules/two-factor/requirement.ts) lets exactly these through.
 */
export const BEFORE_SECOND_FACTOR: readonly RouteContract[] = [
  authRoutes.signout,
  authRoutes.verify,
  authRoutes.refresh,
  authRoutes.methods,
  settingsRoutes.publicSettings,
  accountRoutes.account,
  twoFactorRoutes.twoFactorStatus,
  twoFactorRoutes.enrolTotp,
  twoFactorRoutes.confirmTotp,
  passkeyRoutes.passkeys,
  passkeyRoutes.passkeyRegistrationOptions,
  passkeyRoutes.registerPasskey,
  sessionsRoutes.sessions,
  sessionsRoutes.revokeSession,
  sessionsRoutes.signOutOthers,
  oidcRoutes.identities,
];

const exempt = new Set(BEFORE_SECOND_FACTOR.map(routeKey));

export const SECOND_FACTOR_REFUSAL =
  'a password session that has yet to set up the second factor this instance requires (auth.two_factor_required)';

/** The route as published: a route the requirement holds declares its 403 for it too. */
export function withSecondFactorRefusal<T extends RouteContract>(route: T): T {
  if (exempt.has(routeKey(route))) return route;
  const refused = route.responses[403];
  const declared = refused
    ? { ...refused, description: `${refused.description}; or ${SECOND_FACTOR_REFUSAL}` }
    : errorResponse(`Refused: ${SECOND_FACTOR_REFUSAL}`);
  return { ...route, responses: { ...route.responses, 403: declared } };
}
