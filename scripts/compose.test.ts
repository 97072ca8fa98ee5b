// compose.yaml and the Dockerfile cannot be run here (no image registry), so their configuration is checked instead:
// every HUSH_* variable they name is one Hush reads, the values pass Hush's own validation, both Hush services are
// configured alike, and the services they wait for exist and report their health.
import fs from 'node:fs';
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
  configs?: { source: string }[];
  networks?: { default?: { ipv4_address?: string } };
};
const compose = parseYaml(composeText) as unknown as {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
};
const services = compose.services;
const hushNames = Object.keys(services).filter((name) => services[name]!.image?.startsWith('hush:'));

/** Compose's interpolation, with a stand-in for each required value: ${X:-default}, ${X:?message}, ${X}, $$. */
function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_all, _name: string, fallback?: string) => fallback ?? 'secret')
    .replace(/\$\$/g, '$');
}

describe('compose.yaml and Dockerfile', () => {
  it('name only HUSH_* variables that Hush reads', () => {
    const named = [...`${composeText}\n${dockerfile}`.matchAll(/\bHUSH_[A-Z0-9_]+\b/g)].map((m) => m[0]);
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

  it('Hush trusts exactly the proxy, which sends every request to both instances', () => {
    const proxy = services.proxy!;
    expect(services['hush-1']!.environment!.HUSH_TRUSTED_PROXIES).toBe(proxy.networks?.default?.ipv4_address);
    const nginx = compose.configs[proxy.configs![0]!.source]!.content;
    for (const name of hushNames) expect(nginx).toContain(`server ${name}:3000`);
    expect(nginx).toContain('X-Forwarded-For $$proxy_add_x_forwarded_for');
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
    const nginx = compose.configs[services.proxy!.configs![0]!.source]!.content;
    const documented = effectiveInLocations(parseNginx(read('docs/nginx.conf')), retry);
    expect(documented['/']).toMatchObject({ proxy_next_upstream: 'error http_503 non_idempotent' });
    expect(effectiveInLocations(parseNginx(interpolate(nginx)), retry)).toEqual(documented);
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
