import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './test-utils/database.js';
import { NGINX, OPENSSL, selfSignedCertificate, siteFromDocs, startNginx } from './test-utils/nginx.js';
import { rollingRestart, type Instance } from './test-utils/rolling-restart.js';
import { createRunStore } from './test-utils/run-store.js';
import { bundleServer, type ServerBundle } from './test-utils/server-bundle.js';
import { freePort, startServerProcess } from './test-utils/server-process.js';

/**
 * Issue 29, point 11: two real server processes behind Debian's nginx, configured by docs/nginx.conf (its upstream
 * with both), restarted one at a time (SIGTERM, start, ready, nginx sends it requests again) while eight clients
 * create and read secrets through nginx without a pause. Not one request may fail: every create answers 201 and
 * every read 200 with its text, and no connection is reset.
 */

const missing = [!NGINX && 'nginx', !OPENSSL && 'openssl'].filter(Boolean);
if (missing.length > 0) {
  console.warn(
    `⚠ SKIPPED shutdown.nginx.test.ts: ${missing.join(' and ')} not found (Debian: apt-get install nginx openssl)`,
  );
}

let bundle: ServerBundle | undefined;
beforeAll(async () => {
  if (missing.length === 0) bundle = await bundleServer();
});
afterAll(() => bundle?.remove());

describeEachDialect('a rolling restart of two instances behind nginx (docs/nginx.conf)', (dialect) => {
  it.skipIf(missing.length > 0)(
    'drops no request: every create and read through nginx is answered, none with an error',
    async () => {
      const cleanups: (() => Promise<unknown>)[] = [];
      try {
        const store = await createRunStore(dialect);
        cleanups.push(() => store.cleanup());
        const certDir = await mkdtemp(join(tmpdir(), 'hush-certificate-'));
        cleanups.push(() => rm(certDir, { recursive: true, force: true }));
        const certificate = await selfSignedCertificate(certDir);

        const start = (port: number) =>
          startServerProcess(
            {
              HUSH_TRUSTED_PROXIES: '127.0.0.1',
              HUSH_RATE_LIMIT: 'false',
              // One line per request: how the scenario sees that nginx sends requests to an instance.
              HUSH_LOG_LEVEL: 'info',
              ...store.env,
            },
            { dataDir: store.dataDir, port, entry: bundle!.entry },
          );
        const instances: Instance[] = [];
        // One after the other: the first runs the migrations.
        for (const port of [await freePort(), await freePort()]) {
          const instance: Instance = { current: await start(port), start: () => start(port) };
          instances.push(instance);
          cleanups.push(() => instance.current.stop());
        }

        const ports = { http: await freePort(), https: await freePort() };
        const docs = await readFile(new URL('../../docs/nginx.conf', import.meta.url), 'utf8');
        const hush: [number, number] = [instances[0]!.current.port, instances[1]!.current.port];
        const nginx = await startNginx(siteFromDocs(docs, { ...ports, hush }, certificate, '127.0.0.9'), [
          ports.http,
          ports.https,
        ]);
        cleanups.push(() => nginx.stop());

        const result = await rollingRestart({
          url: `https://127.0.0.1:${ports.https}`,
          ca: certificate.pem,
          clients: 8,
          instances,
        });
        console.info(`rolling restart (${dialect}): ${JSON.stringify(result)}`);
        expect({
          exitCodes: result.exitCodes,
          answers: result.answers,
          socketErrors: result.socketErrors,
          refused: result.refused,
        }).toEqual({ exitCodes: [0, 0], answers: {}, socketErrors: {}, refused: 0 });
        expect(result.acknowledged).toBeGreaterThan(600);
        expect(result.served.every((requests) => requests > 100)).toBe(true);
      } finally {
        for (const cleanup of cleanups.reverse()) await cleanup();
      }
    },
    180_000,
  );
});
