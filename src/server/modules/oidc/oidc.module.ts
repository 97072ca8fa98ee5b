import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { SIGN_IN_THROTTLE, type Throttles } from '../auth/attempts.js';
import type { AuthService } from '../auth/auth.service.js';
import type { CookieOptions } from '../auth/cookies.js';
import type { SignedIn } from '../auth/signed-in.js';
import type { UsersRepository } from '../auth/users.repository.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Db } from '../../db/schema.js';
import { createOidcAccounts } from './oidc.accounts.js';
import { createOidcClients } from './oidc.clients.js';
import { createOidcIdentities } from './oidc.identities.js';
import { createOidcRepository } from './oidc.repository.js';
import { oidcRoutes } from './oidc.routes.js';
import { createOidcService } from './oidc.service.js';

export interface OidcModuleDeps {
  config: Config;
  db: Db;
  users: UsersRepository;
  auth: AuthService;
  settings: SettingsService;
  passwords: PasswordHasher;
  clock: Clock;
  /** Makes the callbacks' throttles (shared by every instance when Redis is there). */
  throttles: Throttles;
  log: { warn(object: object, message: string): void };
  /** Whether an account signs in with a second factor: a password alone then never links an identity to it. */
  hasSecondFactor(userId: string): Promise<boolean>;
}

/** OpenID Connect sign-in (issue 16.1), built from the config: its service, its routes, and what the purge clears. */
export function createOidcModule(deps: OidcModuleDeps) {
  const { config, clock } = deps;
  const providers = config.oidcProviders;
  const throttle = (prefix: string) => deps.throttles(SIGN_IN_THROTTLE, prefix);
  const repository = createOidcRepository(deps.db);
  const providerName = (id: string) => providers.find((provider) => provider.id === id)?.name ?? id;
  const identities = createOidcIdentities({ repository, users: deps.users, providerName, ssoOnly: config.ssoOnly });
  const clients = createOidcClients(providers, { allowHttp: config.oidcAllowHttp, clock });
  const accounts = createOidcAccounts({
    repository,
    users: deps.users,
    auth: deps.auth,
    settings: deps.settings,
    passwords: deps.passwords,
    clock,
    autoCreate: config.oidcAutoCreate,
    roles: config.oidcRoleClaim
      ? { claim: config.oidcRoleClaim, admin: config.oidcAdminValues, creator: config.oidcCreatorValues }
      : null,
    providerName,
    throttle: throttle('hush-oidc-link:'),
    hasSecondFactor: deps.hasSecondFactor,
    log: deps.log,
  });
  const service = createOidcService({
    clients,
    repository,
    accounts,
    clock,
    publicUrl: config.publicUrl,
    throttle: throttle('hush-oidc:'),
  });
  return {
    service,
    accounts,
    routes: (cookies: CookieOptions, signedIn: SignedIn) =>
      oidcRoutes(service, accounts, identities, cookies, signedIn),
    /** Sign-in flows and link tickets past their 10 minutes. */
    retained: { purge: () => service.purge() },
  };
}

export type OidcModule = ReturnType<typeof createOidcModule>;
