/** Every HUSH_* setting: its variable, default, check and description (the README's table is made from it). */
import { z } from 'zod';
import { Email, Password, Username } from '../shared/api/auth.contract.js';
import { isValidIpOrCidr, normalizeIp } from '../shared/rules/ip.js';
import { LANGUAGE_CODES } from '../shared/rules/languages.js';
import { REQUIRE_TWO_FACTOR } from '../shared/rules/two-factor.js';
import { bool, GiB, HOSTNAME, int, list, MAX_BYTES, MiB, pinnedBool, pinnedDomain, setting } from './config-kinds.js';
import { deliverySettings } from './config-delivery.js';
import { oidcSettings, type OidcProviderConfig } from './config-oidc.js';
import { headerSettings } from './config-header.js';

export type { Setting } from './config-kinds.js';

/** Every setting Hush reads: its environment variable, default and meaning. The README table is generated from this. */
export const settings = {
  host: setting(
    'HUSH_HOST',
    '127.0.0.1',
    z
      .string()
      .refine((value) => normalizeIp(value) !== null || HOSTNAME.test(value), 'must be an IP address or a host name'),
    'Address to listen on (0.0.0.0 for all interfaces).',
  ),
  port: setting('HUSH_PORT', '3000', int(0, 65535), 'Port to listen on.'),
  dataDir: setting('HUSH_DATA_DIR', './data', z.string().min(1), 'Folder for the SQLite database and stored files.'),
  databaseUrl: setting(
    'HUSH_DATABASE_URL',
    '',
    z.union([z.literal(''), z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://')]),
    'PostgreSQL connection URL (postgres://…). Empty: SQLite in the data folder.',
  ),
  databaseConnectTimeoutSeconds: setting(
    'HUSH_DATABASE_CONNECT_TIMEOUT',
    '60',
    int(0, 3600),
    'Seconds to wait at start-up for PostgreSQL to accept connections, retrying with backoff (0: try once).',
  ),
  redisUrl: setting(
    'HUSH_REDIS_URL',
    '',
    z.union([z.literal(''), z.string().regex(/^rediss?:\/\//, 'must start with redis://')]),
    'Redis URL for rate limits shared by several instances. Empty: in memory.',
  ),
  s3Endpoint: setting(
    'HUSH_S3_ENDPOINT',
    '',
    z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
    'S3-compatible endpoint for file attachments (https://…). Empty: files on disk in the data folder.',
  ),
  s3Bucket: setting(
    'HUSH_S3_BUCKET',
    '',
    z.string().max(63),
    'S3 bucket for file attachments (needed with an endpoint).',
  ),
  s3Region: setting('HUSH_S3_REGION', 'us-east-1', z.string().min(1), 'S3 region.'),
  s3AccessKeyId: setting(
    'HUSH_S3_ACCESS_KEY_ID',
    '',
    z.string(),
    'S3 access key id. Empty, with no secret key: the AWS SDK default credentials (environment, instance role).',
  ),
  s3SecretAccessKey: setting('HUSH_S3_SECRET_ACCESS_KEY', '', z.string(), 'S3 secret access key.'),
  s3ForcePathStyle: setting(
    'HUSH_S3_FORCE_PATH_STYLE',
    'true',
    bool,
    'Address the bucket in the path (host/bucket/key), as MinIO and most self-hosted stores need; false: bucket.host.',
  ),
  trustedProxies: setting(
    'HUSH_TRUSTED_PROXIES',
    '',
    list.refine((items) => items.every(isValidIpOrCidr), 'must be a comma-separated list of IPs or CIDR ranges'),
    'Reverse proxies (IPs or CIDRs) whose X-Forwarded-For and X-Forwarded-Proto are believed. Empty: only the socket address counts.',
  ),
  publicUrl: setting(
    'HUSH_PUBLIC_URL',
    '',
    z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
    'The address users reach Hush at (https://…). https: HSTS and Secure cookies on every request; otherwise per request, from a trusted proxy’s X-Forwarded-Proto.',
  ),
  maxTextBytes: setting(
    'HUSH_MAX_TEXT_BYTES',
    '1048576',
    int(1024, 64 * 1024 * 1024),
    'Largest secret text, in bytes.',
  ),
  maxFileBytes: setting(
    'HUSH_MAX_FILE_BYTES',
    String(GiB),
    int(1, MAX_BYTES),
    'Largest file a signed-in user may attach, in plaintext bytes.',
  ),
  maxSecretFileBytes: setting(
    'HUSH_MAX_SECRET_FILE_BYTES',
    String(2 * GiB),
    int(1, MAX_BYTES),
    'Most the files of one secret may add up to, in plaintext bytes.',
  ),
  maxUserFileBytes: setting(
    'HUSH_MAX_USER_FILE_BYTES',
    String(10 * GiB),
    int(1, MAX_BYTES),
    'Most the stored files of one user may add up to, in plaintext bytes.',
  ),
  uploadRestriction: setting(
    'HUSH_UPLOAD_RESTRICTION',
    'true',
    bool,
    'Only signed-in users may attach files; false: anonymous callers may too, within HUSH_ANONYMOUS_MAX_FILE_BYTES.',
  ),
  anonymousMaxFileBytes: setting(
    'HUSH_ANONYMOUS_MAX_FILE_BYTES',
    String(10 * MiB),
    int(1, MAX_BYTES),
    'Without the upload restriction: the most an anonymous secret’s files may add up to (each and together).',
  ),
  downloadKeyMinutes: setting(
    'HUSH_DOWNLOAD_KEY_MINUTES',
    '15',
    int(1, 24 * 60),
    'Minutes a reader’s download keys stay valid; files of a used-up secret are deleted after that.',
  ),
  uploadAbandonMinutes: setting(
    'HUSH_UPLOAD_ABANDON_MINUTES',
    '60',
    int(1, 7 * 24 * 60),
    'Minutes an upload may take from the create; secrets still uploading then are deleted with their parts.',
  ),
  passwordAttempts: setting(
    'HUSH_PASSWORD_ATTEMPTS',
    '5',
    int(1, 100),
    'Wrong passwords allowed before a secret is burned.',
  ),
  argon2Concurrency: setting('HUSH_ARGON2_CONCURRENCY', '2', int(1, 64), 'Password hashes computed at once, at most.'),
  rateLimitEnabled: setting('HUSH_RATE_LIMIT', 'true', bool, 'Limit requests per client IP and route.'),
  rateLimitMax: setting(
    'HUSH_RATE_LIMIT_MAX',
    '120',
    int(1, 1_000_000),
    'Requests allowed per IP and route per window.',
  ),
  rateLimitWindowSeconds: setting('HUSH_RATE_LIMIT_WINDOW', '60', int(1, 86400), 'Rate limit window, in seconds.'),
  responseRateLimit: setting(
    'HUSH_RESPONSE_RATE_LIMIT',
    '10',
    int(1, 1_000_000),
    'Responses to requests one IP may send per minute (fill links are public), when HUSH_RATE_LIMIT is on.',
  ),
  purgeIntervalSeconds: setting(
    'HUSH_PURGE_INTERVAL',
    '60',
    int(1, 86400),
    'Seconds between purges of expired secrets.',
  ),
  requestTimeoutSeconds: setting(
    'HUSH_REQUEST_TIMEOUT',
    '30',
    int(1, 3600),
    'Seconds a client has to send a whole request.',
  ),
  forcedLanguage: setting(
    'HUSH_FORCED_LANGUAGE',
    '',
    z
      .string()
      .refine(
        (value) => value === '' || (LANGUAGE_CODES as string[]).includes(value),
        `must be one of ${LANGUAGE_CODES.join(', ')}`,
      ),
    `Force the interface language (${LANGUAGE_CODES.join(', ')}). Empty: follow the browser.`,
  ),
  sessionDays: setting('HUSH_SESSION_DAYS', '7', int(1, 365), 'Days a sign-in lasts without a refresh.'),
  sessionMaxDays: setting(
    'HUSH_SESSION_MAX_DAYS',
    '30',
    int(1, 3650),
    'Days a sign-in lasts at most, refreshes included.',
  ),
  adminUsername: setting(
    'HUSH_ADMIN_USERNAME',
    '',
    z.union([z.literal(''), Username]),
    'Creates this admin at start-up if it does not exist (with HUSH_ADMIN_PASSWORD).',
  ),
  adminPassword: setting(
    'HUSH_ADMIN_PASSWORD',
    '',
    z.union([z.literal(''), Password]),
    'Password of HUSH_ADMIN_USERNAME (5 to 50 characters). No admin, no password: a setup link is printed.',
  ),
  adminEmail: setting(
    'HUSH_ADMIN_EMAIL',
    '',
    z.union([z.literal(''), Email]),
    'Email of HUSH_ADMIN_USERNAME (default: <username>@localhost.invalid).',
  ),
  analytics: setting('HUSH_ANALYTICS', 'false', bool, 'Record anonymous page views (no IP addresses, no secret ids).'),
  analyticsRetentionDays: setting(
    'HUSH_ANALYTICS_RETENTION_DAYS',
    '90',
    int(1, 3650),
    'UTC days page views are kept (today included); the purge deletes older ones.',
  ),
  sourceUrl: setting(
    'HUSH_SOURCE_URL',
    '',
    z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
    'Link to the source code shown in the footer (empty: no link).',
  ),
  settingDisableUsers: setting(
    'HUSH_SETTING_DISABLE_USERS',
    '',
    pinnedBool,
    'Pins the disable_users setting (true or false). Empty: admins set it.',
  ),
  settingDisableUserAccountCreation: setting(
    'HUSH_SETTING_DISABLE_USER_ACCOUNT_CREATION',
    '',
    pinnedBool,
    'Pins the disable_user_account_creation setting (true or false). Empty: admins set it.',
  ),
  settingReadOnly: setting(
    'HUSH_SETTING_READ_ONLY',
    '',
    pinnedBool,
    'Pins the read_only setting (true or false). Empty: admins set it.',
  ),
  settingDisableFileUpload: setting(
    'HUSH_SETTING_DISABLE_FILE_UPLOAD',
    '',
    pinnedBool,
    'Pins the disable_file_upload setting (true or false). Empty: admins set it.',
  ),
  settingHideAllowedIpInput: setting(
    'HUSH_SETTING_HIDE_ALLOWED_IP_INPUT',
    '',
    pinnedBool,
    'Pins the hide_allowed_ip_input setting (true or false). Empty: admins set it.',
  ),
  settingRestrictOrganizationEmail: setting(
    'HUSH_SETTING_RESTRICT_ORGANIZATION_EMAIL',
    '',
    pinnedDomain,
    'Pins the restrict_organization_email setting to a domain (example.com). Empty: admins set it.',
  ),
  settingDisableRequests: setting(
    'HUSH_SETTING_DISABLE_REQUESTS',
    '',
    pinnedBool,
    'Pins the disable_requests setting (true or false): requests for secrets off. Empty: admins set it.',
  ),
  settingDisableWebhooks: setting(
    'HUSH_SETTING_DISABLE_WEBHOOKS',
    '',
    pinnedBool,
    'Pins the disable_webhooks setting (true or false): no webhook delivered or added. Empty: admins set it.',
  ),
  settingDisableEmailNotifications: setting(
    'HUSH_SETTING_DISABLE_EMAIL_NOTIFICATIONS',
    '',
    pinnedBool,
    'Pins the disable_email_notifications setting (true or false): no notification email. Empty: admins set it.',
  ),
  settingRequireTwoFactor: setting(
    'HUSH_SETTING_REQUIRE_TWO_FACTOR',
    '',
    z.union([z.literal('').transform(() => null), z.enum(REQUIRE_TWO_FACTOR)]),
    'Pins the require_two_factor setting (off, admins or everyone): who must set up a second factor. Empty: admins set it.',
  ),
  logLevel: setting(
    'HUSH_LOG_LEVEL',
    'info',
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'Log level: info writes one JSON line per request (no paths, ids or keys); warn only problems.',
  ),
  metrics: setting('HUSH_METRICS', 'false', bool, 'Serve Prometheus metrics at /metrics.'),
  metricsToken: setting(
    'HUSH_METRICS_TOKEN',
    '',
    z.union([
      z.literal(''),
      z.string().min(16, 'must be at least 16 characters').regex(/^\S+$/, 'must have no spaces'),
    ]),
    'Bearer token /metrics requires (Authorization: Bearer …). Empty: /metrics is open to whoever reaches it.',
  ),
  ...deliverySettings,
  ...oidcSettings,
  ...headerSettings,
  shutdownTimeoutSeconds: setting(
    'HUSH_SHUTDOWN_TIMEOUT',
    '8',
    int(1, 600),
    'Seconds requests in flight get to finish after SIGTERM before connections are closed.',
  ),
};

export type Settings = typeof settings;
export type Config = { [K in keyof Settings]: z.output<Settings[K]['schema']> } & {
  /** Read from HUSH_OIDC_* and the numbered HUSH_OIDC_<n>_* (config-oidc.ts). */
  oidcProviders: OidcProviderConfig[];
};
