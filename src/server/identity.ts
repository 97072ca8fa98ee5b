import type { FastifyInstance } from 'fastify';
import type { Language } from '../shared/rules/languages.js';
import type { Config } from './config.js';
import type { Db } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import type { PasswordHasher } from './lib/passwords.js';
import { accountEmailRoutes } from './modules/account-email/account-email.routes.js';
import { createAccountEmailService } from './modules/account-email/account-email.service.js';
import { emailThrottles } from './modules/account-email/account-email.throttles.js';
import { createEmailTokensRepository } from './modules/account-email/email-tokens.repository.js';
import { createSignupRequestsRepository } from './modules/account-email/signup-requests.repository.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { CookieOptions } from './modules/auth/cookies.js';
import { signInMethodsRoutes } from './modules/auth/methods.js';
import { createPendingSigninsRepository } from './modules/auth/pending-signins.repository.js';
import type { Throttles } from './modules/auth/attempts.js';
import { createSecondFactor, SECOND_FACTOR_THROTTLE } from './modules/auth/second-factor.js';
import { signedInResponder, type Devices } from './modules/auth/signed-in.js';
import type { UsersRepository } from './modules/auth/users.repository.js';
import type { Mailer } from './modules/delivery/mailer.js';
import { createOidcModule } from './modules/oidc/oidc.module.js';
import { createPasskeys } from './modules/passkeys/passkeys.module.js';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.js';
import { createAccountSessionsRepository } from './modules/sessions/account-sessions.repository.js';
import { accountSessionsRoutes } from './modules/sessions/account-sessions.routes.js';
import { createAccountSessionsService } from './modules/sessions/account-sessions.service.js';
import { registerSessionActivity } from './modules/sessions/session-activity.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import { registerTrustedHeader } from './modules/trusted-header/trusted-header.hook.js';
import { headerUserOf, trustedHeaderReader } from './modules/trusted-header/trusted-header.reader.js';
import { trustedHeaderRoutes } from './modules/trusted-header/trusted-header.routes.js';
import { createTrustedHeaderService } from './modules/trusted-header/trusted-header.service.js';
import { ownRequirementGuard, registerTwoFactorRequirement } from './modules/two-factor/requirement.js';
import { createTwoFactor } from './modules/two-factor/two-factor.module.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';

export interface IdentityDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Makes the throttles (attempts.ts): shared by every instance when Redis is there. */
  throttles: Throttles;
  users: UsersRepository;
  auth: AuthService;
  settings: SettingsService;
  passwords: PasswordHasher;
  mailer: Mailer | null;
  devices: Devices;
  cookies: CookieOptions;
  log: { warn(object: object, message: string): void };
}

/**
 * The ways of signing in beside the password (issue 16), wired in one place: account emails (verification, reset),
 * the second factor (codes and passkeys), the sessions list, OpenID Connect and the trusted header. app.ts builds it
 * once, registers its hooks after authentication and its routes under each API prefix.
 */
export function createIdentity(deps: IdentityDeps) {
  const { config, db, clock, users, auth, settings, passwords, cookies } = deps;
  const { throttles } = deps;
  const accountSessions = createAccountSessionsService({ repository: createAccountSessionsRepository(db), clock });
  const signedIn = signedInResponder(cookies, deps.devices, accountSessions);

  const accountEmail = createAccountEmailService({
    tokens: createEmailTokensRepository(db),
    signups: createSignupRequestsRepository(db),
    users,
    auth,
    passwords,
    clock,
    mailer: deps.mailer,
    publicUrl: config.publicUrl || null,
    forcedLanguage: (config.forcedLanguage || null) as Language | null,
    throttles: emailThrottles(throttles),
    log: deps.log,
  });
  const twoFactor = createTwoFactor({ db, passwords, clock, throttles });
  // The second step of password sign-ins: codes (modules/two-factor) and passkeys are its sources.
  const secondFactor = createSecondFactor({
    pending: createPendingSigninsRepository(db),
    sources: [twoFactor.secondFactor, { method: 'passkey', has: (userId) => passkeys.secondFactor.has(userId) }],
    clock,
    // Each account's answers, counted across clients and shared by every instance when Redis is there.
    throttle: throttles(SECOND_FACTOR_THROTTLE, 'hush-2fa-account:'),
  });
  const passkeys = createPasskeys({
    pending: secondFactor,
    db,
    users,
    settings,
    auth,
    clock,
    publicUrl: config.publicUrl,
    ssoOnly: config.ssoOnly,
    throttles,
  });
  const oidc = createOidcModule({
    config,
    db,
    users,
    auth,
    settings,
    passwords,
    clock,
    throttles,
    log: deps.log,
    hasSecondFactor: async (userId) => (await secondFactor.methodsOf(userId)).length > 0,
  });
  const readTrustedHeader = trustedHeaderReader({
    header: config.authHeader,
    emailHeader: config.authHeaderEmail,
    trustedProxies: config.trustedProxies,
  });
  const trustedHeader = createTrustedHeaderService({ auth, users, settings, autoCreate: config.authHeaderAutoCreate });

  return {
    accountEmail,
    secondFactor,
    oidc,
    /** How every sign-in ends: the device remembered, the session described, the cookies set. */
    signedIn,
    /** For the admin settings: a require_two_factor that would hold the admin's own session is refused. */
    ownRequirement: ownRequirementGuard(secondFactor.methodsOf),
    /** What the purge clears past its time: used email links, sign-in flows and link tickets, pending sign-ins. */
    retained: [accountEmail, oidc.retained, secondFactor],

    /** After the authentication hook: sessions' last activity, the required second factor, the trusted header. */
    registerHooks(app: FastifyInstance): void {
      registerSessionActivity(app, accountSessions);
      registerTwoFactorRequirement(app, { settings, methodsOf: secondFactor.methodsOf });
      if (readTrustedHeader) {
        registerTrustedHeader(app, { read: readTrustedHeader, header: config.authHeader, auth, cookies });
      }
    },

    /** The routes, under one API prefix. */
    async registerRoutes(app: FastifyInstance, prefix: string): Promise<void> {
      const twoFactorDeps = { twoFactor: twoFactor.service, secondFactor, auth, users, cookies };
      await app.register(twoFactorRoutes({ ...twoFactorDeps, signedIn, publicUrl: config.publicUrl }), {
        prefix,
      });
      await app.register(accountSessionsRoutes(accountSessions, cookies), { prefix });
      await app.register(oidc.routes(cookies, signedIn), { prefix });
      await app.register(trustedHeaderRoutes(trustedHeader, readTrustedHeader, cookies, signedIn), { prefix });
      await app.register(
        signInMethodsRoutes({
          settings,
          ssoOnly: config.ssoOnly,
          providers: config.oidcProviders,
          passwordReset: accountEmail.available,
          header: headerUserOf(readTrustedHeader, config.authHeaderSignoutUrl),
        }),
        { prefix },
      );
      await app.register(accountEmailRoutes(accountEmail, signedIn), { prefix });
      await app.register(passkeysRoutes({ ...passkeys, passkeys: passkeys.service, signedIn, cookies }), { prefix });
    },
  };
}

export type Identity = ReturnType<typeof createIdentity>;
