import type { Registry } from 'prom-client';

/** What the metrics read from the rest of the server when scraped. */
export interface MetricsSources {
  /** Secrets that can still be opened now. */
  liveSecrets(): Promise<number>;
  /** The PostgreSQL pool's connections; undefined on SQLite. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** What runs: the version (package.json) and the commit, as hush_build_info's labels. */
  build: { version: string; revision: string };
}

export interface Count {
  inc(by?: number): void;
}

const COUNTERS = {
  secretsCreated: ['hush_secrets_created_total', 'Secrets created.'],
  secretsRead: ['hush_secrets_read_total', 'Secret views delivered to readers.'],
  secretsBurned: [
    'hush_secrets_burned_total',
    'Secrets deleted before they expired: burned, last view taken, or password attempts used up.',
  ],
  secretsExpired: ['hush_secrets_expired_total', 'Secrets deleted by the purge after they expired.'],
  passwordFailures: ['hush_secret_password_failures_total', 'Wrong passwords given for secrets.'],
  rateLimited: ['hush_rate_limited_total', 'Requests refused by the rate limits (429).'],
  rateLimitFallbacks: [
    'hush_rate_limit_memory_fallbacks_total',
    'Rate-limit and sign-in throttle checks answered from memory because Redis could not be reached.',
  ],
  fileBytesStored: ['hush_file_stored_bytes_total', 'Encrypted file bytes stored.'],
  fileBytesServed: ['hush_file_served_bytes_total', 'Encrypted file bytes sent to readers.'],
  webhookDeliveries: ['hush_webhook_deliveries_total', 'Webhook deliveries accepted by their endpoint (2xx).'],
  webhookFailures: [
    'hush_webhook_delivery_failures_total',
    'Webhook delivery attempts that failed (each retry counts; a delivery given up after its window counts once more in hush_deliveries_given_up_total).',
  ],
  emailDeliveries: ['hush_email_deliveries_total', 'Notification emails accepted by the SMTP server.'],
  emailFailures: ['hush_email_delivery_failures_total', 'Notification email attempts that failed.'],
  deliveriesGivenUp: [
    'hush_deliveries_given_up_total',
    'Deliveries (webhook or email) given up after their retry window.',
  ],
  webhooksDisabled: ['hush_webhooks_disabled_total', 'Webhooks turned off after failing for the whole retry window.'],
} as const;

export type Metrics = { [name in keyof typeof COUNTERS]: Count } & {
  enabled: boolean;
  /** The Prometheus registry; null while metrics are off. */
  registry: Registry | null;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** Starts collecting what is read at scrape time. */
  collect(sources: MetricsSources): void;
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
const NOTHING: Count = { inc() {} };

/**
 * Prometheus metrics of one server (DESIGN.md §9), in a registry of its own so that several apps in one process
 * (tests) never share counters. Off, nothing is loaded and counting costs a call to an empty function.
 */
export async function createMetrics(options: { enabled: boolean }): Promise<Metrics> {
  if (!options.enabled) {
    const counters = Object.fromEntries(Object.keys(COUNTERS).map((name) => [name, NOTHING]));
    return {
      ...(counters as Record<keyof typeof COUNTERS, Count>),
      enabled: false,
      registry: null,
      observeRequest() {},
      collect() {},
    };
  }
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  const counters = Object.fromEntries(
    Object.entries(COUNTERS).map(([key, [name, help]]): [string, Count] => [
      key,
      new Counter({ name, help, registers: [registry] }),
    ]),
  ) as Record<keyof typeof COUNTERS, Count>;

  const requestDuration = new Histogram({
    name: 'hush_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  return {
    ...counters,
    enabled: true,
    registry,

    observeRequest(route, method, status, seconds) {
      requestDuration.observe(
        { route, method: METHODS.has(method) ? method : 'OTHER', status: statusClass(status) },
        seconds,
      );
    },

    collect(sources) {
      // First: a scrape reads its gauges in the order they were registered, and hush_secrets_live's query would
      // otherwise be in the pool's queue already when this one is read (an idle instance showing 1 waiting).
      const pool = sources.pool;
      if (pool) {
        new Gauge({
          name: 'hush_db_pool_connections',
          help: 'PostgreSQL pool connections by state (total, idle, waiting clients).',
          labelNames: ['state'] as const,
          registers: [registry],
          collect() {
            const { total, idle, waiting } = pool();
            this.set({ state: 'total' }, total);
            this.set({ state: 'idle' }, idle);
            this.set({ state: 'waiting' }, waiting);
          },
        });
      }
      collectDefaultMetrics({ register: registry });
      new Gauge({
        name: 'hush_build_info',
        help: 'The version and commit running (always 1).',
        labelNames: ['version', 'revision'] as const,
        registers: [registry],
      }).set({ version: sources.build.version, revision: sources.build.revision }, 1);
      new Gauge({
        name: 'hush_secrets_live',
        help: 'Secrets that can still be opened.',
        registers: [registry],
        async collect() {
          this.set(await sources.liveSecrets());
        },
      });
    },
  };
}
