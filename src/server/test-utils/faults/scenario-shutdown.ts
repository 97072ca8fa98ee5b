import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../services.js';
import { NGINX, OPENSSL, selfSignedCertificate, siteFromDocs, startNginx, type TestNginx } from '../nginx.js';
import { rollingRestart, type RollingRestart } from '../rolling-restart.js';
import type { Scenario } from './runner.js';
import type { FaultWorld, Instance } from './world.js';

/**
 * (e) A rolling restart behind nginx (issue 29, point 11, under the runner's load): both instances behind Debian's
 * nginx configured from docs/nginx.conf, stopped (SIGTERM) and started again one at a time, while clients send
 * through nginx on kept-alive connections (test-utils/rolling-restart.ts, as shutdown.nginx.test.ts runs it). Not
 * one request through nginx may fail: no answer but 201 and 200, no socket error, no connection refused, and every
 * stop exits 0. The runner's own load goes on meanwhile, straight to the instances (at /api, so that the request
 * logs tell its requests from nginx's): what it sends to a stopping instance may be answered 503 or refused (now
 * and then reset, when it crosses the close of an idle kept-alive connection: nginx sends such a request on, the
 * runner's clients do not), never 500, and no view is over-served nor acknowledged secret lost.
 */

/** Settings the instances run with during the scenario. */
const ENV = {
  // nginx is the proxy in front: its X-Forwarded-For is believed.
  HUSH_TRUSTED_PROXIES: '127.0.0.1',
  // A line per request: how rollingRestart sees that nginx sends requests to an instance again.
  HUSH_LOG_LEVEL: 'info',
};
/** Clients sending through nginx (shutdown.nginx.test.ts has as many). */
const CLIENTS = 8;

let nginx: TestNginx | null = null;
let certificate: { dir: string; pem: string } | null = null;
let httpsUrl = '';
/** Each cycle's rolling restart, or why it failed. */
let results: (RollingRestart | { error: string })[] = [];

/** Whether the instance is down: never started again, or its process exited (or exits within 20 ms). */
const down = (instance: Instance) =>
  instance.process
    ? Promise.race([instance.process.exited.then(() => true), sleep(20).then(() => false)])
    : Promise.resolve(true);

async function close(world: FaultWorld) {
  await nginx?.stop();
  nginx = null;
  if (certificate) await rm(certificate.dir, { recursive: true, force: true });
  certificate = null;
  // Back to the world's own settings (both at once: the migrations were run at the world's start).
  await Promise.all(
    world.instances.map(async (instance) => {
      await instance.stop();
      await instance.start();
    }),
  );
}

/** What a rolling restart saw, in a line for the report. */
function describe(cycle: number, result: RollingRestart | { error: string }): string {
  if ('error' in result) return `through nginx, cycle ${cycle}: the rolling restart failed: ${result.error}`;
  const failed = [
    ...Object.entries(result.answers).map(([what, n]) => `answered ${what}: ${n}`),
    ...Object.entries(result.socketErrors).map(([what, n]) => `no answer (${what}): ${n}`),
    ...(result.refused > 0 ? [`refused: ${result.refused}`] : []),
  ];
  return (
    `through nginx, cycle ${cycle} (rolling restart, ${CLIENTS} kept-alive clients): requests sent ${result.sent}, ` +
    `acknowledged ${result.acknowledged}, failed ${failed.length === 0 ? '0' : failed.join(', ')}; ` +
    `exit codes ${result.exitCodes.join(', ')}; served by A ${result.served[0]}, by B ${result.served[1]}; ` +
    `answered 503 by a stopping instance and sent on by nginx ${result.refusedWhileStopping}`
  );
}

export const rollingRestartBehindNginx: Scenario = {
  name: 'shutdown',
  title: 'a rolling restart (SIGTERM, one instance at a time) behind nginx (docs/nginx.conf), kept-alive clients',
  traffic: { apiBase: '/api' },
  unavailable() {
    const missing = [!NGINX && 'nginx', !OPENSSL && 'openssl'].filter(Boolean);
    return missing.length === 0 ? null : `${missing.join(' and ')} not found (Debian: apt-get install nginx openssl)`;
  },
  async setup(world) {
    results = [];
    try {
      const dir = await mkdtemp(join(tmpdir(), 'hush-faults-certificate-'));
      certificate = { dir, pem: '' };
      const files = await selfSignedCertificate(dir);
      certificate.pem = files.pem;
      await Promise.all(
        world.instances.map(async (instance) => {
          await instance.stop();
          await instance.start({ env: ENV });
        }),
      );
      const ports = { http: await freePort(), https: await freePort() };
      const docs = await readFile(new URL('../../../../docs/nginx.conf', import.meta.url), 'utf8');
      const hush = world.instances.map((instance) => Number(new URL(instance.url).port)) as [number, number];
      nginx = await startNginx(siteFromDocs(docs, { ...ports, hush }, files, '127.0.0.9'), [ports.http, ports.https]);
      httpsUrl = `https://127.0.0.1:${ports.https}`;
    } catch (error) {
      await close(world);
      throw error;
    }
  },
  // The load runs a while before the first SIGTERM: rollingRestart waits for 200 requests acknowledged through nginx.
  async play({ world, extra, log }) {
    log('rolling restart behind nginx: A, then B (SIGTERM, start, nginx sends it requests again)');
    let result: RollingRestart | { error: string };
    try {
      result = await rollingRestart({
        url: httpsUrl,
        ca: certificate!.pem,
        clients: CLIENTS,
        instances: world.instances.map((instance) => ({
          current: instance.process!,
          start: () => instance.startAgain(),
        })),
      });
    } catch (error) {
      result = { error: (error as Error).message };
      // An instance left stopped is started again, so that the runner can verify.
      for (const instance of world.instances) if (await down(instance)) await instance.startAgain();
    }
    results.push(result);
    extra.push(describe(results.length, result));
    log('rolling restart done');
  },
  async teardown(world) {
    await close(world);
  },
  check() {
    return results.flatMap((result, index) => {
      const cycle = `cycle ${index + 1}`;
      if ('error' in result) return [`${cycle}: the rolling restart failed: ${result.error}`];
      const problems: string[] = [];
      const answers = Object.entries(result.answers);
      const socketErrors = Object.entries(result.socketErrors);
      if (answers.length > 0) {
        problems.push(`${cycle}: nginx answered ${answers.map(([what, n]) => `${what} ×${n}`).join(', ')}`);
      }
      if (socketErrors.length > 0) {
        problems.push(
          `${cycle}: no answer through nginx: ${socketErrors.map(([what, n]) => `${what} ×${n}`).join(', ')}`,
        );
      }
      if (result.refused > 0) problems.push(`${cycle}: nginx refused ${result.refused} connections`);
      if (result.exitCodes.some((code) => code !== 0)) {
        problems.push(`${cycle}: a stopped instance exited with ${result.exitCodes.join(', ')} (must be 0)`);
      }
      if (result.acknowledged === 0) problems.push(`${cycle}: nothing acknowledged through nginx`);
      return problems;
    });
  },
};
