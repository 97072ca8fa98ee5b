import { setTimeout as sleep } from 'node:timers/promises';
import { addCounts, emptyCounts, startTraffic, type Counts, type Traffic, type TrafficOptions } from './traffic.js';
import { startFaultWorld, type FaultWorld } from './world.js';

/*
 * The fault runner (issue 29): real Hush instances on a PostgreSQL and a Redis of the runner's own, under real HTTP
 * load, while something goes wrong; then every acknowledged secret is checked against what its answers promised.
 * The scenarios (scenarios.ts): PostgreSQL and Redis outages, a SIGKILL, a clock 2 s ahead, a rolling restart
 * (SIGTERM) behind nginx, a full file storage. `npm run test:faults` runs it long (scripts/faults.ts: `--minutes 30`,
 * `--only pg-outage,skew`); src/server/faults.test.ts runs it short in CI.
 *
 * Each scenario prints: requests sent, acknowledged, failed by outcome ("read 404 secret.not_found", "create 503
 * server.unavailable", "read no answer (ECONNREFUSED)"), and the counts that must be 0: views over-served,
 * acknowledged secrets lost, receipts lost, views served after expiry. A run fails when one of those is not 0,
 * when any request is answered 500, or when a scenario's own `check` finds a problem.
 *
 * Adding a scenario: write a `Scenario` in a file of its own (as scenario-shutdown.ts and scenario-disk-full.ts) or
 * in scenarios.ts, and add it to SCENARIOS there.
 * - `play(ctx)` runs while the load runs, and spends the cycle's time with `ctx.wait(share)` (shares of
 *   `ctx.cycleMs`; the runner waits out what is left). It breaks something and mends it before it returns: the runner
 *   then waits until every instance's /readyz answers 200 and verifies. It may `throw` to fail the run.
 * - `ctx.world` holds `postgres` and `redis` (stop/start), and `instances` A and B: `kill()` (SIGKILL), `stop()`
 *   (SIGTERM, graceful), `start({ clockOffsetMs, env, dataDir })` on the same port and, unless told, the same data
 *   folder; `process` is the running ServerProcess (its `signal()`, `exited`, `output()` log, `dataDir`);
 *   `startAgain()` after a signal sent to `process` by someone else (a rolling restart) starts it with the options of
 *   its last start. Both instances keep their files on their own disk (`<dataDir>/files`): the load sends no files
 *   (a scenario that does sends them to one instance, as disk-full does to B).
 * - `traffic` (optional): the load's options for this scenario (`clients`, `pauseMs`, `shortLived`: a share of the
 *   secrets that expire within seconds, through the database; `apiBase`).
 * - `setup(world)` / `teardown(world)` (optional): once around the scenario's cycles (a small filesystem for
 *   the file storage, a proxy in front, the instances started with `env` of the scenario's and started again
 *   without it); `check(counts)` (optional): the scenario's own rules for its counts and for what its play saw
 *   (kept in the scenario's module), problems as strings. A play that catches its own failure and leaves it to
 *   `check` lets the other scenarios run.
 * - `unavailable()` (optional): why the scenario cannot run here (nginx missing, not root), or null: it is then
 *   reported SKIPPED with that reason, and neither passes nor fails.
 * - The load is test-utils/faults/traffic.ts; a scenario may run its own beside it (shutdown's through nginx), and
 *   put its counts into `ctx.extra`, which the report prints. A play may take longer than the cycle (a rolling
 *   restart waits for nginx to send requests to each instance again): the cycle then lasts as long as the play.
 */

export interface ScenarioContext {
  world: FaultWorld;
  /** This cycle's length (ms): the scenario's time is shares of it. */
  cycleMs: number;
  /** Waits `share` of the cycle. */
  wait(share: number): Promise<void>;
  /** The load's counts so far. */
  counts: Counts;
  /** Lines the report prints under the scenario's counts (what it did, another load's counts). */
  extra: string[];
  log(message: string): void;
}

export interface Scenario {
  /** For --only and the report. */
  name: string;
  /** What goes wrong, in a line. */
  title: string;
  traffic?: Partial<Omit<TrafficOptions, 'urls' | 'databaseUrl'>>;
  /** Why it cannot run here (a program missing, not root), or null. */
  unavailable?(): string | null;
  setup?(world: FaultWorld): Promise<void>;
  play(ctx: ScenarioContext): Promise<void>;
  teardown?(world: FaultWorld): Promise<void>;
  check?(counts: Counts): string[];
}

export interface RunOptions {
  scenarios: readonly Scenario[];
  /** Length of one cycle of load and fault (ms). */
  cycleMs: number;
  /** Cycles per scenario (each with its fault, its own ledger and its verification). */
  cycles: number;
  clients: number;
  log?: (message: string) => void;
}

export interface ScenarioReport {
  name: string;
  title: string;
  cycles: number;
  /** How long it took, its setup and teardown included (s). */
  seconds: number;
  counts: Counts;
  extra: string[];
  /** Why the scenario fails (empty: it passed, or was skipped). */
  failures: string[];
  /** Why it did not run (it neither passed nor failed). */
  skipped?: string;
}

/** What the run must never see, whatever broke. */
export function failuresOf(counts: Counts): string[] {
  const failures: string[] = [];
  if (counts.overServed > 0) failures.push(`${counts.overServed} views over-served`);
  if (counts.lost > 0) failures.push(`${counts.lost} acknowledged secrets lost`);
  if (counts.receiptsLost > 0) failures.push(`${counts.receiptsLost} receipts lost`);
  if (counts.servedAfterExpiry > 0) failures.push(`${counts.servedAfterExpiry} views served after expiry`);
  const errors = Object.entries(counts.failed).filter(([what]) => / 500( |$)/.test(what));
  if (errors.length > 0) failures.push(`answered 500: ${errors.map(([what, n]) => `${what} ×${n}`).join(', ')}`);
  return failures;
}

async function untilReady(world: FaultWorld, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const instance of world.instances) {
    for (;;) {
      const ok = await fetch(`${instance.url}/readyz`, { signal: AbortSignal.timeout(2000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`instance ${instance.name} is not ready after the scenario`);
      await sleep(200);
    }
  }
}

async function runCycle(world: FaultWorld, scenario: Scenario, options: RunOptions, extra: string[]) {
  const traffic: Traffic = startTraffic({
    urls: world.instances.map((instance) => instance.url),
    clients: options.clients,
    pauseMs: 5,
    databaseUrl: world.postgres.url,
    ...scenario.traffic,
  });
  const log = options.log ?? (() => {});
  const began = Date.now();
  try {
    await scenario.play({
      world,
      cycleMs: options.cycleMs,
      wait: (share) => sleep(share * options.cycleMs),
      counts: traffic.counts,
      extra,
      log: (message) => log(`  [${scenario.name}] ${message}`),
    });
    await sleep(Math.max(0, began + options.cycleMs - Date.now()));
  } finally {
    await traffic.stop();
  }
  await untilReady(world);
  await traffic.verify(world.instances[0].url);
  return traffic.counts;
}

/** Starts the world, runs each scenario's cycles, and reports; the world is closed whatever happens. */
export async function runFaults(options: RunOptions): Promise<ScenarioReport[]> {
  const log = options.log ?? (() => {});
  log('starting PostgreSQL, Redis and two instances of Hush');
  const world = await startFaultWorld();
  const reports: ScenarioReport[] = [];
  try {
    for (const scenario of options.scenarios) {
      const skipped = scenario.unavailable?.();
      if (skipped) {
        const report = { name: scenario.name, title: scenario.title, cycles: 0, seconds: 0, counts: emptyCounts() };
        reports.push({ ...report, extra: [], failures: [], skipped });
        log(formatReport(reports.at(-1)!));
        continue;
      }
      log(`${scenario.name}: ${scenario.title}`);
      const began = Date.now();
      const counts = emptyCounts();
      const extra: string[] = [];
      await scenario.setup?.(world);
      try {
        for (let cycle = 0; cycle < options.cycles; cycle++) {
          addCounts(counts, await runCycle(world, scenario, options, extra));
        }
      } finally {
        await scenario.teardown?.(world);
      }
      const failures = [...failuresOf(counts), ...(scenario.check?.(counts) ?? [])];
      const seconds = Math.round((Date.now() - began) / 1000);
      const report = { name: scenario.name, title: scenario.title, cycles: options.cycles, seconds, counts, extra };
      reports.push({ ...report, failures });
      log(formatReport(reports.at(-1)!));
    }
  } finally {
    await world.close();
  }
  return reports;
}

export function formatReport(report: ScenarioReport): string {
  const { name, title, cycles, seconds, counts, extra, failures, skipped } = report;
  if (skipped) return `${name} (${title}): SKIPPED: ${skipped}`;
  const failed = Object.entries(counts.failed).sort(([, a], [, b]) => b - a);
  const lines = [
    `${name} (${title}; ${cycles} cycle${cycles === 1 ? '' : 's'}, ${seconds} s): ${failures.length === 0 ? 'PASSED' : 'FAILED'}`,
    `  requests sent ${counts.sent}, acknowledged ${counts.acknowledged}, failed ${failed.reduce((n, [, c]) => n + c, 0)}`,
    ...failed.map(([what, count]) => `    ${what}: ${count}`),
    `  views over-served ${counts.overServed} (must be 0), acknowledged secrets lost ${counts.lost} (must be 0), ` +
      `receipts lost ${counts.receiptsLost} (must be 0), views served after expiry ${counts.servedAfterExpiry} (must be 0)`,
    ...extra.map((line) => `  ${line}`),
    ...counts.problems.slice(0, 20).map((problem) => `  ! ${problem}`),
    ...(counts.problems.length > 20 ? [`  ! … and ${counts.problems.length - 20} more`] : []),
    ...failures.map((failure) => `  FAILED: ${failure}`),
  ];
  return lines.join('\n');
}
