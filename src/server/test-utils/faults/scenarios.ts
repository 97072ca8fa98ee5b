import type { Scenario } from './runner.js';
import { diskFull } from './scenario-disk-full.js';
import { rollingRestartBehindNginx } from './scenario-shutdown.js';

/*
 * The fault runner's scenarios (runner.ts says how to add one). Each breaks one thing while the load runs and mends
 * it; the shares of the cycle are chosen so that the load runs before, during and after the fault. (a) to (d) are
 * here, (e) and (f) in files of their own (SCENARIOS, below).
 */

/** (a) PostgreSQL stops at once (no shutdown checkpoint, connections cut) and comes back. */
export const postgresOutage: Scenario = {
  name: 'pg-outage',
  title: 'PostgreSQL stops (immediate) under load and starts again',
  async play({ world, wait, log }) {
    await wait(0.3);
    log('stopping PostgreSQL');
    await world.postgres.stop();
    await wait(0.25);
    log('starting PostgreSQL');
    await world.postgres.start();
  },
};

/** (b) Redis goes away: limits are counted in memory meanwhile, and nothing else should notice. */
export const redisOutage: Scenario = {
  name: 'redis-outage',
  title: 'Redis is killed under load and starts again',
  async play({ world, wait, log }) {
    await wait(0.3);
    log('killing redis-server');
    await world.redis.stop();
    await wait(0.35);
    log('starting redis-server');
    await world.redis.start();
  },
};

/** (c) One instance dies without a word (SIGKILL) and is started again on the same data. */
export const killInstance: Scenario = {
  name: 'kill',
  title: 'instance B is killed (SIGKILL) under load and started again',
  async play({ world, wait, log }) {
    const b = world.instances[1];
    await wait(0.3);
    log('SIGKILL to instance B');
    await b.kill();
    await wait(0.15);
    log('starting instance B');
    await b.start();
  },
};

/** How far instance B's clock runs ahead in the skew scenario (issue 29, point 12 saw 2 s). */
export const SKEW_MS = 2000;

/**
 * (d) Instance B's clock runs 2 s ahead of A's and of the database's, while a third of the secrets expire within
 * seconds: neither instance may refuse or delete one before its expiry, nor serve one after it.
 */
export const clockSkew: Scenario = {
  name: 'skew',
  title: `instance B runs with its clock ${SKEW_MS / 1000} s ahead, secrets expiring within seconds`,
  traffic: { shortLived: 0.3 },
  async play({ world, wait, log }) {
    const b = world.instances[1];
    log(`restarting instance B with its clock ${SKEW_MS} ms ahead`);
    await b.stop();
    await b.start({ clockOffsetMs: SKEW_MS });
    await wait(0.75);
    log('restarting instance B with the machine’s clock');
    await b.stop();
    await b.start();
  },
};

/**
 * Every scenario, in the order they run: (e) and (f) have files of their own, scenario-shutdown.ts (a rolling
 * restart behind nginx; skipped without nginx and openssl) and scenario-disk-full.ts (instance B's file storage on a
 * tmpfs that fills up; skipped when a tmpfs cannot be mounted: not root).
 */
export const SCENARIOS: readonly Scenario[] = [
  postgresOutage,
  redisOutage,
  killInstance,
  clockSkew,
  rollingRestartBehindNginx,
  diskFull,
];
