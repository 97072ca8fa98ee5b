// The printed report: one line per scenario, then the goals.
import type { Measurement } from './load.js';

export type ScenarioName = 'create' | 'exist' | 'read-burn' | 'bare';

/** Hush's goal, as a fraction of the bare node:http server's requests/s. */
export const GOAL = { floor: 0.25, aim: 0.5, scenarios: ['create', 'read-burn'] as const };
/** Hemmelig's published figure, for comparison: creates per second on a 2-core machine. */
export const HEMMELIG_CREATES_PER_SECOND = 110;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const ratio = (n: number) => `${n.toFixed(2)}×`;

export function formatReport(
  results: ReadonlyMap<ScenarioName, Measurement>,
  extra: { exhausted: number; peakRssMiB: number | undefined; cpus: number },
): string {
  const bare = results.get('bare');
  const lines: string[] = [];
  for (const [name, m] of results) {
    const vsBare = bare && name !== 'bare' ? `${ratio(m.rps / bare.rps)} bare` : '';
    lines.push(
      [
        name.padEnd(10),
        `${int(m.rps).padStart(7)} req/s`,
        `p50 ${ms(m.p50).padStart(5)} ms`,
        `p99 ${ms(m.p99).padStart(5)} ms`,
        `errors/non-2xx ${String(m.failed).padStart(4)}`,
        vsBare,
      ]
        .join('  ')
        .trimEnd(),
    );
    if (m.failed > 0) lines.push(`${''.padEnd(10)}  status codes: ${JSON.stringify(m.statusCodes)}`);
  }
  if (extra.exhausted > 0) {
    lines.push(`read-burn ran out of pre-created ids: ${extra.exhausted} requests got an unknown id (404)`);
  }

  lines.push('', `Goal: ${GOAL.scenarios.join(' and ')} ≥ ${GOAL.floor}× bare (aim ${GOAL.aim}×)`);
  for (const name of GOAL.scenarios) {
    const m = results.get(name);
    if (!m || !bare) continue;
    const r = m.rps / bare.rps;
    const verdict = r >= GOAL.floor ? 'PASS' : 'FAIL';
    const aim = r >= GOAL.aim ? 'aim reached' : `aim ${GOAL.aim}× not reached`;
    lines.push(`  ${name.padEnd(10)} ${ratio(r).padStart(6)} bare  ${verdict} (${aim})`);
  }

  const create = results.get('create');
  if (create) {
    lines.push(
      '',
      `Hemmelig reference: about ${HEMMELIG_CREATES_PER_SECOND} creates/s on a 2-core machine; ` +
        `Hush create ${int(create.rps)} req/s = ${(create.rps / HEMMELIG_CREATES_PER_SECOND).toFixed(1)}× that ` +
        `(this machine: ${extra.cpus} CPUs; a different machine, so only a rough comparison)`,
    );
  }
  lines.push(
    extra.peakRssMiB === undefined
      ? 'Server peak RSS: not available (no /proc)'
      : `Server peak RSS (VmHWM): ${extra.peakRssMiB.toFixed(0)} MiB`,
  );
  return lines.join('\n');
}
