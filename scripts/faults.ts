/*
 * npm run test:faults [-- --short | --minutes N] [--only pg-outage,redis-outage,kill,skew,shutdown,disk-full]
 *
 * The fault runner (src/server/test-utils/faults/runner.ts says what it does and how to add a scenario): two real
 * Hush instances on a PostgreSQL and a redis-server of its own, under HTTP load, through PostgreSQL and Redis
 * outages, a SIGKILL of one instance, a clock 2 s ahead, a rolling restart (SIGTERM) behind nginx and a full file
 * storage. Long by default (10 minutes shared by the scenarios, each repeating its fault every 30 s; the rolling
 * restart takes about 25 s whatever the cycle); --short is what CI runs (src/server/faults.test.ts), about two and a
 * half minutes. Prints each scenario's counts, then how many passed; exits 1 when a scenario fails. Needs
 * PostgreSQL's binaries and redis-server, run as root (PostgreSQL runs as postgres; the full disk mounts a tmpfs);
 * shutdown needs nginx and openssl. A scenario that cannot run here is reported SKIPPED, with why.
 */
import { parseArgs } from 'node:util';
import { formatReport, runFaults } from '../src/server/test-utils/faults/runner.js';
import { SCENARIOS } from '../src/server/test-utils/faults/scenarios.js';
import { hasPostgresBinaries, hasRedisServer } from '../src/server/test-utils/services.js';

const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});

if (!hasPostgresBinaries || !hasRedisServer) {
  console.error('The fault runner needs PostgreSQL (initdb, pg_ctl) and redis-server installed.');
  process.exit(1);
}
const only = values.only?.split(',').map((name) => name.trim());
const scenarios = only ? SCENARIOS.filter((scenario) => only.includes(scenario.name)) : SCENARIOS;
if (scenarios.length === 0) {
  console.error(`No such scenario: ${values.only}. There are: ${SCENARIOS.map((s) => s.name).join(', ')}.`);
  process.exit(1);
}
const minutes = Number(values.minutes);
if (!values.short && !(minutes > 0)) {
  console.error('--minutes takes a number of minutes above 0.');
  process.exit(1);
}

const cycleMs = values.short ? 12_000 : 30_000;
const cycles = values.short ? 1 : Math.max(1, Math.floor((minutes * 60_000) / scenarios.length / cycleMs));
const began = Date.now();
const reports = await runFaults({
  scenarios,
  cycleMs,
  cycles,
  clients: values.short ? 8 : 12,
  log: (message) => console.log(message),
});
const failed = reports.filter((report) => report.failures.length > 0);
const skipped = reports.filter((report) => report.skipped);
const passed = reports.length - failed.length - skipped.length;
console.log(
  `\n${passed} of ${reports.length} scenarios passed${skipped.length > 0 ? `, ${skipped.length} skipped` : ''} ` +
    `in ${Math.round((Date.now() - began) / 1000)} s`,
);
for (const report of [...failed, ...skipped]) console.log(formatReport(report));
process.exit(failed.length > 0 ? 1 : 0);
