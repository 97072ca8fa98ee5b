import { validateMetricName } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import type { Dialect } from '../../db/database.js';
import { createSecret, createTestApp, createTestClock, type TestApp } from '../../test-utils/app.js';
import { describeEachDialect } from '../../test-utils/database.js';
import { anonymousFiles, fakeCiphertext, filesApi } from '../../test-utils/files.js';
import { parsePrometheus, sampleValue } from '../../test-utils/prometheus.js';
import { VERSION } from '../../version.js';
import { namingProblems } from '../../test-utils/metric-names.js';

const TOKEN = 'scrape-token-0123456789';

describeEachDialect('Prometheus metrics', (dialect: Dialect) => {
  let t: TestApp;
  const clock = createTestClock();
  afterEach(async () => t?.close());

  const start = async (config: Partial<Config> = {}) => {
    t = await createTestApp({ dialect, clock, config: { metrics: true, ...config } });
    return t;
  };
  const scrape = async (headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: '/metrics', headers });
    expect(response.statusCode, response.body).toBe(200);
    return parsePrometheus(response.body).samples;
  };

  it('are off by default: /metrics is a bare 404', async () => {
    t = await createTestApp({ dialect });
    const response = await t.app.inject('/metrics');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'request.not_found' });
  });

  it('serve the Prometheus text format, every line of which parses, with the process metrics', async () => {
    await start();
    const response = await t.app.inject('/metrics');
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const { samples, types } = parsePrometheus(response.body);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(
        samples.some((sample) => sample.name === name),
        name,
      ).toBe(true);
    }
    expect(types.get('hush_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('hush_secrets_live')).toBe('gauge');
    for (const counter of ['created', 'read', 'burned', 'expired']) {
      expect(types.get(`hush_secrets_${counter}_total`)).toBe('counter');
    }
    // The pool is PostgreSQL's; SQLite has none.
    expect(samples.some((sample) => sample.name === 'hush_db_pool_connections')).toBe(dialect === 'postgres');
  });

  it('name the build: hush_build_info{version,revision} is 1', async () => {
    await start();
    const samples = (await scrape()).filter((sample) => sample.name === 'hush_build_info');
    expect(samples).toEqual([{ name: 'hush_build_info', labels: { version: VERSION, revision: 'dev' }, value: 1 }]);
  });

  it('follow the Prometheus naming conventions, every one of them, checked by prom-client too', async () => {
    await start();
    const registered = await t.services.metrics.registry!.getMetricsAsJSON();
    const ours = registered.filter((metric) => metric.name.startsWith('hush_'));
    expect(ours.length).toBeGreaterThan(15);
    for (const metric of ours) {
      // prom-client's typings say an enum of numbers; what it holds is the type's name ('counter').
      const type = metric.type as unknown as string;
      expect(['counter', 'gauge', 'histogram', 'summary']).toContain(type);
      expect(validateMetricName(metric.name), metric.name).toBe(true);
      expect(namingProblems(metric.name, type), metric.name).toEqual([]);
    }
  });

  it.runIf(dialect === 'postgres')('report the pool of an idle instance with no client waiting', async () => {
    await start();
    await createSecret(t.app);
    const pool = (await scrape()).filter((sample) => sample.name === 'hush_db_pool_connections');
    const value = (state: string) => pool.find((sample) => sample.labels.state === state)?.value;
    expect(value('waiting')).toBe(0);
    expect(value('total')).toBeGreaterThanOrEqual(1);
    expect(value('idle')).toBe(value('total'));
  });

  it('count secrets created, read, burned and expired, wrong passwords, and the live ones', async () => {
    await start();
    const once = await createSecret(t.app, { maxViews: 1 });
    const twice = await createSecret(t.app, { maxViews: 2 });
    const protectedOne = await createSecret(t.app, { password: 'verifier-of-the-password' });
    const doomed = await createSecret(t.app, { ttl: 3600 });
    await createSecret(t.app, { ttl: 86400 });
    expect(sampleValue(await scrape(), 'hush_secrets_live')).toBe(5);

    const read = (id: string, payload = {}) => t.app.inject({ method: 'POST', url: `/api/v1/secret/${id}`, payload });
    expect((await read(once.id)).statusCode).toBe(200);
    expect((await read(twice.id)).statusCode).toBe(200);
    expect((await read(protectedOne.id, { password: 'wrong-verifier' })).statusCode).toBe(401);
    expect((await read(protectedOne.id, { password: 'also-wrong' })).statusCode).toBe(401);
    const burn = await t.app.inject({
      method: 'POST',
      url: `/api/v1/secret/${twice.id}/burn`,
      payload: { deleteToken: twice.deleteToken },
    });
    expect(burn.statusCode).toBe(200);
    clock.advance(2 * 3600 * 1000);
    await t.services.secrets.purge();

    const samples = await scrape();
    expect(sampleValue(samples, 'hush_secrets_created_total')).toBe(5);
    expect(sampleValue(samples, 'hush_secrets_read_total')).toBe(2);
    // The last view of `once`, and the burn of `twice`.
    expect(sampleValue(samples, 'hush_secrets_burned_total')).toBe(2);
    expect(sampleValue(samples, 'hush_secret_password_failures_total')).toBe(2);
    // `doomed` and `protectedOne` (an hour each) expired; the one of a day is left.
    expect(sampleValue(samples, 'hush_secrets_expired_total')).toBe(2);
    expect(sampleValue(samples, 'hush_secrets_live')).toBe(1);
    expect(doomed.id).toBeDefined();
  });

  it('count file bytes stored and served', async () => {
    await start(anonymousFiles());
    const api = filesApi(t);
    const content = fakeCiphertext(150_000);
    const created = await api.createFor([content]);
    await api.uploadAll(created, [content]);
    expect((await api.complete(created.id, created.upload!.token)).statusCode).toBe(200);
    const opened = await api.read(created.id);
    const [file] = opened.json<{ files: { downloadKey: string }[] }>().files;
    const download = await api.download(file!.downloadKey, created.id);
    expect(download.rawPayload.length).toBe(content.length);

    const samples = await scrape();
    expect(sampleValue(samples, 'hush_file_stored_bytes_total')).toBe(content.length);
    expect(sampleValue(samples, 'hush_file_served_bytes_total')).toBe(content.length);
  });

  it('time requests by route pattern, method and status class: never an id or a path in a label', async () => {
    await start({ rateLimitEnabled: true, rateLimitMax: 2 });
    const secret = await createSecret(t.app);
    await t.app.inject({ method: 'POST', url: `/api/v1/secret/${secret.id}`, payload: {} });
    await t.app.inject(`/api/secret/${secret.id}/exist`);
    for (const url of ['/wp-login.php', '/.env', `/secret/key-in-the-path/${secret.id}`]) await t.app.inject(url);
    await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/v1/secret' });
    for (let i = 0; i < 3; i++) await t.app.inject('/api/v1/secret/public/');

    const samples = (await scrape()).filter((sample) => sample.name.startsWith('hush_http_request_duration_seconds'));
    const labelValues = samples.flatMap((sample) => Object.entries(sample.labels).filter(([name]) => name !== 'le'));
    expect(labelValues.length).toBeGreaterThan(0);
    for (const [name, value] of labelValues) {
      expect(value).not.toContain(secret.id);
      if (name === 'route') expect(value).toMatch(/^(\/[A-Za-z0-9/:_-]*|\((not found|page|static)\))$/);
      if (name === 'method')
        expect(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'OTHER']).toContain(value);
      if (name === 'status') expect(value).toMatch(/^[1-5]xx$/);
    }
    const count = (labels: Record<string, string>) =>
      sampleValue(samples, 'hush_http_request_duration_seconds_count', labels);
    expect(count({ route: '/api/v1/secret/:id', method: 'POST', status: '2xx' })).toBe(1);
    expect(count({ route: '/api/secret/:id/exist', method: 'GET', status: '4xx' })).toBe(1);
    expect(count({ route: '(not found)' })).toBeGreaterThanOrEqual(3);
    expect(count({ route: '/api/v1/secret/public/', status: '4xx' })).toBe(1);
    // …and that refusal was a rate limit.
    expect(sampleValue(await scrape(), 'hush_rate_limited_total')).toBe(1);
  });

  it('are never rate limited, and neither are the health checks', async () => {
    await start({ rateLimitEnabled: true, rateLimitMax: 1 });
    for (const url of ['/metrics', '/healthz', '/readyz']) {
      for (let i = 0; i < 4; i++) expect((await t.app.inject(url)).statusCode, `${url} #${i + 1}`).toBe(200);
    }
  });

  it('with HUSH_METRICS_TOKEN, answer nothing without that Bearer token', async () => {
    await start({ metricsToken: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toMatchObject({ code: 'metrics.token_invalid' });
      expect(response.body).not.toContain('hush_');
    }
    expect((await scrape({ authorization: `Bearer ${TOKEN}` })).length).toBeGreaterThan(0);
  });
});

describe('metrics off', () => {
  it('count nothing, load nothing and serve nothing', async () => {
    const t = await createTestApp();
    try {
      await createSecret(t.app);
      expect(t.services.metrics).toMatchObject({ enabled: false, registry: null });
      expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('the naming rules the metrics are checked against', () => {
  it('refuse names against the conventions, and take those that follow them', () => {
    expect(namingProblems('hush_file_bytes_stored_total', 'counter')).toEqual(['bytes: the unit comes last']);
    expect(namingProblems('hush_secrets_opened', 'counter')).toEqual(['a counter must end in _total']);
    expect(namingProblems('hush_secrets_live_total', 'gauge')).toEqual(['only counters end in _total']);
    expect(namingProblems('hush_request_duration_ms', 'histogram')).toEqual(['ms: use a base unit (seconds, bytes)']);
    expect(namingProblems('http_requests_total', 'counter')).toEqual(['not under hush_']);
    expect(namingProblems('hush_Requests_total', 'counter')).toEqual(['not snake case']);
    expect(namingProblems('hush_build_info', 'counter')).toContain('an _info metric is a gauge');
    for (const [name, type] of [
      ['hush_file_stored_bytes_total', 'counter'],
      ['hush_http_request_duration_seconds', 'histogram'],
      ['hush_build_info', 'gauge'],
      ['hush_secrets_live', 'gauge'],
    ] as const) {
      expect(namingProblems(name, type), name).toEqual([]);
    }
  });
});
