import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRoutes as api } from '../../../shared/api/auth.contract.js';
import { addRoute } from '../../http/route.js';
import type { SettingsService } from '../settings/settings.service.js';

/**
 * GET /authentication/methods: what the sign-in page offers. Each way of signing in owns its field and the fact it
 * is made from (the shared decision of issue 16): the password form and sign-up, the OpenID providers' buttons.
 */
export interface SignInMethodsDeps {
  settings: SettingsService;
  /** HUSH_SSO_ONLY: the password form is for break-glass admins only, and nobody signs up with a password. */
  ssoOnly: boolean;
  /** The OpenID providers configured (ids and button names; no issuer or client details). */
  providers: { id: string; name: string }[];
  /** A password can be reset by emailed link (modules/account-email: SMTP and HUSH_PUBLIC_URL are set). */
  passwordReset: boolean;
  /** The user a trusted forward-auth proxy names on this request (modules/trusted-header), else null. */
  header: (request: FastifyRequest) => { username: string; signoutUrl: string | null } | null;
}

export function signInMethodsRoutes(deps: SignInMethodsDeps) {
  const providers = deps.providers.map(({ id, name }) => ({ id, name }));
  return async (app: FastifyInstance) => {
    addRoute(app, api.methods, async ({ request }) => {
      const settings = await deps.settings.get();
      return {
        password: !deps.ssoOnly,
        signup: !deps.ssoOnly && !settings.disable_users && !settings.disable_user_account_creation,
        providers,
        passwordReset: deps.passwordReset,
        // A passkey alone is a local sign-in, like the password: in SSO-only mode the identity provider decides.
        passkeys: !deps.ssoOnly,
        header: deps.header(request),
      };
    });
  };
}
