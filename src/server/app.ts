import { API_ALIAS_BASE, API_BASE } from '../shared/rules/api-path.js';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Language } from '../shared/rules/languages.js';
import type { Database } from './db/database.js';
import { followDatabaseClock } from './db/database-clock.js';
import { registerDraining } from './http/draining.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerRateLimit } from './http/rate-limit.js';
import { registerRequestLog } from './http/request-log.js';
import { serverOptions } from './http/server-options.js';
import { headersFor, httpsCheck, registerSecurityHeaders } from './http/security.js';
import { systemClock, type Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords.js';
import { serverFallback } from './lib/redis-fallback.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { createAccountService } from './modules/account/account.service.js';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { registerAuthentication } from './modules/auth/authenticate.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { SIGN_IN_THROTTLE, throttleStores } from './modules/auth/attempts.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionsRepository } from './modules/auth/sessions.repository.js';
import { createSetupTokensRepository, createTokensRepository } from './modules/auth/tokens.repository.js';
import { createUsersRepository } from './modules/auth/users.repository.js';
import { countedStorage } from './storage/counted.js';
import { createBlobStorage, type BlobStorage } from './storage/index.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createMetrics } from './modules/metrics/metrics.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { openApiRoutes } from './modules/openapi/openapi.routes.js';
import { createFilesRepository } from './modules/secrets/attachments/attachments.repository.js';
import { createAttachments } from './modules/secrets/attachments/attachments.service.js';
import { filesRoutes } from './modules/secrets/files.routes.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { createActivityService } from './modules/activity/activity.service.js';
import { createAudience } from './modules/delivery/audience.js';
import { createHttpSender } from './modules/delivery/http-sender.js';
import { mailerFromConfig } from './modules/delivery/mailer.js';
import { createOutboxWorker } from './modules/delivery/outbox.worker.js';
import { webhooksRoutes } from './modules/delivery/webhooks.routes.js';
import { createWebhooksService } from './modules/delivery/webhooks.service.js';
import { receiptsRoutes } from './modules/receipts/receipts.routes.js';
import { createReceiptsService } from './modules/receipts/receipts.service.js';
import { createStatusRecorder } from './modules/receipts/status-record.js';
import { createSecretsRepository } from './modules/secrets/secrets.repository.js';
import { secretsRoutes } from './modules/secrets/secrets.routes.js';
import { createSecretsService } from './modules/secrets/secrets.service.js';
import { createRequestsRepository } from './modules/requests/requests.repository.js';
import { requestsRoutes } from './modules/requests/requests.routes.js';
import { createRequestsService, responseHooks } from './modules/requests/requests.service.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService, pinnedSettings } from './modules/settings/settings.service.js';
import { createCountsRepository } from './modules/stats/counts.repository.js';
import { createStatsRepository } from './modules/stats/stats.repository.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { createStatsService } from './modules/stats/stats.service.js';
import { API_ROUTES } from './api-routes.js';
import { createIdentity } from './identity.js';
import { VERSION } from './version.js';
import { registerWebClient } from './web/static.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  redis?: Redis;
  /** Where file attachments live; default: built from the config (disk, or S3). An injected one is not closed. */
  storage?: BlobStorage;
  /** Folder of the built web client; null serves the API only. */
  clientDir?: string | null;
  commit?: string;
  /** Where log lines go (default: standard output; tests read them), or the process's logger (server.ts's). */
  logStream?: { write(line: string): void };
  logger?: Logger;
  /** argon2id hashing; default: the real one with the configured concurrency (tests wrap it to count the work). */
  passwords?: PasswordHasher;
}

/** How many more part uploads than other requests an IP may make per rate-limit window. */
const PART_RATE_FACTOR = 100;

/** Builds the whole server without listening: tests drive it with `app.inject()` or `app.listen({port: 0})`. */
export async function createApp(deps: AppDeps) {
  const { config, database } = deps;
  // On PostgreSQL, time is the database's, so that instances agree on expiry (db/database-clock.ts); an injected clock
  // (tests that move time) decides alone.
  const databaseClock =
    !deps.clock && database.dialect === 'postgres' ? await followDatabaseClock(database) : undefined;
  const clock = deps.clock ?? databaseClock?.now ?? systemClock;
  const metrics = await createMetrics({ enabled: config.metrics });
  const stats = createStatsRepository(database.db, {
    observe: (name, by) => {
      if (name === 'secrets_created') metrics.secretsCreated.inc(by);
      else if (name === 'secrets_burned') metrics.secretsBurned.inc(by);
      else if (name === 'secrets_expired') metrics.secretsExpired.inc(by);
    },
  });
  const passwords = deps.passwords ?? createPasswordHasher(config.argon2Concurrency);
  const audience = createAudience(database.db, { pinned: config.webhookUrl !== '' });
  await audience.refresh();
  const recorder = createStatusRecorder({
    db: database.db,
    dialect: database.dialect,
    audience,
    readerIps: config.statusReaderIp,
    log: { error: (object, message) => app.log.error(object, message) },
  });
  // Statuses a killed process left waiting (status-pending.ts) move now (or with the next move: receipts read them
  // where they are meanwhile).
  await recorder
    .settle()
    .catch((error: unknown) => app.log.error({ err: error }, 'could not move the statuses of last views'));
  const secretsRepository = createSecretsRepository(database.db, {
    lastViews: recorder.lastViews,
  });
  const receipts = createReceiptsService({
    db: database.db,
    clock,
    retentionDays: config.statusRetentionDays,
    settle: recorder.settle,
  });
  const settings = createSettingsService(
    createSettingsRepository(database.db),
    database.changes,
    pinnedSettings(config),
  );
  const baseStorage = deps.storage ?? (await createBlobStorage(config));
  const storage = metrics.enabled
    ? countedStorage(baseStorage, {
        stored: (bytes) => metrics.fileBytesStored.inc(bytes),
        served: (bytes) => metrics.fileBytesServed.inc(bytes),
      })
    : baseStorage;
  const attachments = createAttachments({
    repository: createFilesRepository(database.db),
    storage,
    settings,
    clock,
    limits: {
      maxFileBytes: config.maxFileBytes,
      maxSecretFileBytes: config.maxSecretFileBytes,
      maxUserFileBytes: config.maxUserFileBytes,
      uploadRestriction: config.uploadRestriction,
      anonymousMaxFileBytes: config.anonymousMaxFileBytes,
    },
    downloadKeyMinutes: config.downloadKeyMinutes,
    uploadAbandonMinutes: config.uploadAbandonMinutes,
    log: { warn: (object, message) => app.log.warn(object, message) },
  });
  const requestsRepository = createRequestsRepository(database.db);
  const secrets = createSecretsService({
    repository: secretsRepository,
    stats,
    attachments,
    settings,
    passwords,
    clock,
    maxTextBytes: config.maxTextBytes,
    passwordAttempts: config.passwordAttempts,
    counters: { read: () => metrics.secretsRead.inc(), passwordFailed: () => metrics.passwordFailures.inc() },
    responses: responseHooks(requestsRepository, stats),
    recorder,
  });
  const requests = createRequestsService({
    db: database.db,
    repository: requestsRepository,
    secrets,
    settings,
    stats,
    clock,
  });

  const tokens = createTokensRepository(database.db);
  const users = createUsersRepository(database.db, database.dialect);
  const sessions = createSessionsRepository(database.db);
  const mailer = mailerFromConfig(config);
  // Rate limits and throttles shared by every instance when Redis is there (each its own while it cannot be reached).
  const redis = deps.redis && serverFallback(deps.redis, () => app.log, metrics.rateLimitFallbacks);
  const throttles = throttleStores(redis);
  const auth = createAuthService({
    users,
    sessions,
    setupTokens: createSetupTokensRepository(database.db),
    settings,
    passwords,
    clock,
    sessionDays: config.sessionDays,
    sessionMaxDays: config.sessionMaxDays,
    throttle: throttles(SIGN_IN_THROTTLE, 'hush-signin:'),
    ssoOnly: config.ssoOnly,
    // With email, a sign-up's account waits for the link emailed to its address (issue 29.1).
    ...(mailer !== null &&
      config.publicUrl !== '' && {
        emailSignup: (input, asker) => identity.accountEmail.requestSignup(input, asker),
      }),
  });
  const account = createAccountService({
    users,
    sessions,
    tokens,
    secrets,
    settings,
    passwords,
    clock,
    emailChanged: (user) => identity.accountEmail.sendVerification(user, { ip: null }),
  });
  const activity = createActivityService({
    db: database.db,
    clock,
    emailAvailable: async () => mailer !== null && !(await settings.get()).disable_email_notifications,
    forcedLanguage: (config.forcedLanguage || null) as Language | null,
    defaultEmailEvents: config.emailEvents,
  });
  const https = httpsCheck(config.publicUrl);
  const cookies = { secure: https };
  // Signing in beside the password: emails, second factor, sessions, OpenID Connect, trusted header (identity.ts).
  const identity = createIdentity({
    config,
    db: database.db,
    clock,
    throttles,
    users,
    auth,
    settings,
    passwords,
    mailer,
    devices: activity,
    cookies,
    log: { warn: (object, message) => app.log.warn(object, message) },
  });
  const worker = createOutboxWorker({
    db: database.db,
    clock,
    send: createHttpSender({
      timeoutMs: config.webhookTimeoutSeconds * 1000,
      allowPrivate: config.webhookAllowPrivate,
      userAgent: `Hush/${VERSION} (webhooks)`,
    }),
    mailer,
    switches: async () => {
      const current = await settings.get();
      return { webhooks: !current.disable_webhooks, email: !current.disable_email_notifications };
    },
    emailChoices: activity.emailEventsOf,
    pinned: config.webhookUrl ? { url: config.webhookUrl, secret: config.webhookSecret } : null,
    retryMs: config.deliveryRetryMs,
    windowMs: config.deliveryWindowHours * 3_600_000,
    // One send: a webhook's timeout, or an email's connect, greeting and send (each bounded), with a margin.
    leaseMs: (Math.max(config.webhookTimeoutSeconds, mailer ? config.smtpTimeoutSeconds * 3 : 0) + 5) * 1000,
    counters: {
      webhookDelivered: () => metrics.webhookDeliveries.inc(),
      webhookFailed: () => metrics.webhookFailures.inc(),
      emailDelivered: () => metrics.emailDeliveries.inc(),
      emailFailed: () => metrics.emailFailures.inc(),
      givenUp: () => metrics.deliveriesGivenUp.inc(),
      webhookDisabled: () => metrics.webhooksDisabled.inc(),
    },
    log: { warn: (object, message) => app.log.warn(object, message), error: (o, m) => app.log.error(o, m) },
  });
  const webhooks = createWebhooksService({
    db: database.db,
    clock,
    allowPrivate: config.webhookAllowPrivate,
    pinnedUrl: config.webhookUrl || null,
    changed: () => audience.refresh(),
    poke: () => worker.poke(),
    turnedOff: async () => (await settings.get()).disable_webhooks,
  });
  const retentionMs = config.statusRetentionDays * 86_400_000;
  const analytics = createAnalyticsService({
    repository: createAnalyticsRepository(database.db),
    clock,
    enabled: config.analytics,
    retentionDays: config.analyticsRetentionDays,
  });
  const counts = createCountsRepository(database.db);
  const statsService = createStatsService({ tallies: stats, counts, clock });
  const admin = createAdminService({ users, settings, secrets, createUser: auth.createUser });

  const headers = headersFor(https);
  const app: FastifyInstance = Fastify(serverOptions(config, headers, deps));
  /** Every route registered, with its methods (the HTTP method sweep test walks them all). */
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  registerErrorHandler(app);
  registerRequestLog(app, metrics);
  if (databaseClock) app.addHook('onClose', async () => databaseClock.stop());
  app.addHook('onClose', () => stats.close());
  if (!deps.storage) app.addHook('onClose', () => baseStorage.close());
  app.addHook('onClose', async () => {
    await recorder.close();
    await worker.stop();
    await identity.accountEmail.settled();
    mailer?.close();
  });
  registerSecurityHeaders(app, headers);
  const drain = registerDraining(app);
  if (config.rateLimitEnabled) {
    await registerRateLimit(app, { limits: config, redis, limited: () => metrics.rateLimited.inc() });
  }

  await app.register(cookie);
  registerAuthentication(app, { auth, tokens, settings, clock, publicUrl: config.publicUrl });
  identity.registerHooks(app);

  await app.register(healthRoutes({ database, storage, redis: deps.redis }));
  if (config.metrics) {
    metrics.collect({
      liveSecrets: async () => (await counts.secrets(clock())).active,
      ...(database.poolStats && { pool: database.poolStats }),
      build: { version: VERSION, revision: deps.commit ?? 'dev' },
    });
    await app.register(metricsRoutes(metrics, { token: config.metricsToken }));
  }
  // Part uploads come a thousand to a gigabyte: their allowance is that of other routes times PART_RATE_FACTOR.
  const partRateLimit = config.rateLimitEnabled
    ? { max: config.rateLimitMax * PART_RATE_FACTOR, timeWindow: config.rateLimitWindowSeconds * 1000 }
    : undefined;
  const openApi = openApiRoutes(API_ROUTES, VERSION);
  for (const prefix of [API_BASE, API_ALIAS_BASE]) {
    await app.register(secretsRoutes(secrets), { prefix });
    await app.register(filesRoutes(secrets.files, { partRateLimit }), { prefix });
    await app.register(
      requestsRoutes(requests, { responsesPerMinute: config.rateLimitEnabled ? config.responseRateLimit : undefined }),
      { prefix },
    );
    await app.register(receiptsRoutes(receipts), { prefix });
    await app.register(settingsRoutes(settings), { prefix });
    await app.register(
      authRoutes(auth, cookies, identity.signedIn, identity.oidc.service.endSessionUrl, identity.secondFactor),
      { prefix },
    );
    await identity.registerRoutes(app, prefix);
    await app.register(accountRoutes(account, cookies), { prefix });
    await app.register(activityRoutes(activity), { prefix });
    await app.register(webhooksRoutes(webhooks), { prefix });
    await app.register(adminRoutes(admin, { ownRequirement: identity.ownRequirement }), { prefix });
    await app.register(analyticsRoutes(analytics), { prefix });
    await app.register(statsRoutes(statsService), { prefix });
    await app.register(openApi, { prefix });
  }
  await registerWebClient(app, deps.clientDir ?? null, {
    forcedLanguage: config.forcedLanguage,
    version: VERSION,
    commit: deps.commit ?? 'dev',
    analyticsEnabled: config.analytics,
    sourceUrl: config.sourceUrl,
    maxTextBytes: config.maxTextBytes,
    files: {
      uploadRestriction: config.uploadRestriction,
      maxFileBytes: config.maxFileBytes,
      maxSecretFileBytes: config.maxSecretFileBytes,
      anonymousMaxFileBytes: config.anonymousMaxFileBytes,
    },
  });

  return {
    app,
    services: {
      secrets,
      requests,
      receipts,
      /** Moves the statuses of last views that wait (SQLite: status-pending.ts), for tests that read the table. */
      settleStatuses: () => recorder.settle(),
      activity,
      webhooks,
      worker,
      /** What the purge deletes past its retention, besides secrets. */
      retained: [receipts, { purge: () => worker.purge(retentionMs) }, ...identity.retained],
      stats,
      settings,
      auth,
      accountEmail: identity.accountEmail,
      /** Who an OpenID identity is here (the callback's last step, after the ID token was checked). */
      oidcAccounts: identity.oidc.accounts,
      tokens,
      analytics,
      sweep: secrets.files.sweep,
      storage,
      metrics,
    },
    routes,
    /** From now on, new requests are refused (503) and every answer closes its connection; app.close() does it too. */
    drain,
  };
}
