// The figures a run is judged by, and their comparison with a baseline recorded earlier on the same kind of machine
// (issue 12, point 9). Pure: bench/results.ts reads and writes the files, bench/run.ts decides the exit code.
import type { Measurement } from './load.js';
import { gzipOf, isCode, type PageWeight } from './page-weight.js';
import type { ScenarioName } from './report.js';

/** What decides whether two runs are comparable at all. */
export interface MachineKind {
  cpuModel: string;
  cores: number;
  /** process.version, e.g. v22.13.0. */
  node: string;
}

/** A run as bench/results/latest.json holds it; bench/baseline.json is one of these. */
export interface BenchReport {
  format: typeof REPORT_FORMAT;
  recordedAt: string;
  machine: MachineKind;
  run: { durationSeconds: number; connections: number; fromSource: boolean; loadAverage: number };
  /** The compared figures; null when the run did not measure it (e.g. the web client part failed). */
  figures: Partial<Record<FigureName, number | null>>;
  /** Everything else the run printed, for reading later; never compared. */
  details?: unknown;
}

export const REPORT_FORMAT = 'hush-bench/1';

export interface FigureSpec {
  label: string;
  unit: 'ratio' | 'ms' | 'bytes';
  better: 'higher' | 'lower';
  /**
   * How much worse than the baseline is still taken for noise: a fraction of the baseline (`relative`) or an amount
   * in the figure's unit (`absolute`), whichever is larger. Beyond it the figure is a regression.
   */
  tolerance: { relative?: number; absolute?: number };
}

// Ratios to the bare node:http server measured in the same run cancel out most of the machine's speed and load.
const RATIO = { unit: 'ratio', better: 'higher', tolerance: { relative: 0.15 } } as const;
// p99 latencies swing widely between runs on a shared machine: only a large rise is flagged.
const P99 = { unit: 'ms', better: 'lower', tolerance: { relative: 0.5, absolute: 2 } } as const;
// Page weights do not depend on the machine: 2 KB (gzip, 1 KB = 1,000 bytes as Vite prints sizes) is a real change.
const WEIGHT = { unit: 'bytes', better: 'lower', tolerance: { absolute: 2_000 } } as const;

export const FIGURES = {
  'create/bare': { label: 'create / bare (req/s)', ...RATIO },
  'read-burn/bare': { label: 'read-burn / bare (req/s)', ...RATIO },
  'exist/bare': { label: 'exist / bare (req/s)', ...RATIO },
  'create.p99': { label: 'create p99', ...P99 },
  'read-burn.p99': { label: 'read-burn p99', ...P99 },
  'exist.p99': { label: 'exist p99', ...P99 },
  'view.js-at-load': { label: 'view page JS at load (gzip)', ...WEIGHT },
  'create.js-at-load': { label: 'create page JS at load (gzip)', ...WEIGHT },
} as const satisfies Record<string, FigureSpec>;

export type FigureName = keyof typeof FIGURES;
export const FIGURE_NAMES = Object.keys(FIGURES) as FigureName[];

const finite = (n: number | undefined): number | null => (n !== undefined && Number.isFinite(n) ? n : null);

/** The compared figures of a run; page weights only when the web client part ran. */
export function collectFigures(
  results: ReadonlyMap<ScenarioName, Measurement>,
  pages: readonly PageWeight[] | undefined,
): Record<FigureName, number | null> {
  const bare = results.get('bare')?.rps;
  const ratio = (name: ScenarioName) => {
    const rps = results.get(name)?.rps;
    return rps !== undefined && bare ? finite(rps / bare) : null;
  };
  const atLoad = (name: PageWeight['page']) => {
    const page = pages?.find((candidate) => candidate.page === name);
    return page ? gzipOf(page.assets.filter((asset) => isCode(asset) && asset.phase === 'load')) : null;
  };
  return {
    'create/bare': ratio('create'),
    'read-burn/bare': ratio('read-burn'),
    'exist/bare': ratio('exist'),
    'create.p99': finite(results.get('create')?.p99),
    'read-burn.p99': finite(results.get('read-burn')?.p99),
    'exist.p99': finite(results.get('exist')?.p99),
    'view.js-at-load': atLoad('view'),
    'create.js-at-load': atLoad('create'),
  };
}

export type Verdict = 'ok' | 'better' | 'REGRESSION' | 'not measured' | 'no baseline';

export interface FigureComparison {
  name: FigureName;
  spec: FigureSpec;
  baseline: number | null;
  current: number | null;
  /** (current − baseline) / baseline in %, null when either is missing or the baseline is 0. */
  changePercent: number | null;
  /** How much worse it may get before it is a regression, in the figure's unit. */
  allowed: number | null;
  verdict: Verdict;
}

export interface Comparison {
  figures: FigureComparison[];
  regressions: FigureComparison[];
  /** Why the runs may not be comparable: another machine kind, another duration, the server from source. */
  warnings: string[];
}

const major = (version: string) => /^v?(\d+)/.exec(version)?.[1] ?? version;

export function machineDifferences(baseline: MachineKind, current: MachineKind): string[] {
  const differences: string[] = [];
  if (baseline.cpuModel !== current.cpuModel) differences.push(`CPU ${baseline.cpuModel} → ${current.cpuModel}`);
  if (baseline.cores !== current.cores) differences.push(`${baseline.cores} → ${current.cores} cores`);
  if (major(baseline.node) !== major(current.node)) differences.push(`Node ${baseline.node} → ${current.node}`);
  return differences;
}

export function compareFigure(
  name: FigureName,
  baseline: number | null | undefined,
  current: number | null | undefined,
): FigureComparison {
  const spec: FigureSpec = FIGURES[name];
  const base = baseline ?? null;
  const now = current ?? null;
  const result = { name, spec, baseline: base, current: now, changePercent: null, allowed: null };
  if (now === null) return { ...result, verdict: 'not measured' };
  if (base === null) return { ...result, verdict: 'no baseline' };
  const changePercent = base === 0 ? null : ((now - base) / Math.abs(base)) * 100;
  const allowed = Math.max((spec.tolerance.relative ?? 0) * Math.abs(base), spec.tolerance.absolute ?? 0);
  const worseBy = spec.better === 'higher' ? base - now : now - base;
  const verdict: Verdict = worseBy > allowed ? 'REGRESSION' : worseBy < 0 ? 'better' : 'ok';
  return { ...result, changePercent, allowed, verdict };
}

/** Each figure of `current` against `baseline`; a regression is a figure worse than its tolerance allows. */
export function compareWithBaseline(baseline: BenchReport, current: BenchReport): Comparison {
  const figures = FIGURE_NAMES.map((name) => compareFigure(name, baseline.figures[name], current.figures[name]));
  const warnings: string[] = [];
  const differences = machineDifferences(baseline.machine, current.machine);
  if (differences.length > 0) {
    warnings.push(
      `the baseline was recorded on another kind of machine (${differences.join('; ')}): compared anyway, ` +
        'but the differences may be the machine',
    );
  }
  if (baseline.run.durationSeconds !== current.run.durationSeconds) {
    warnings.push(
      `the baseline measured ${baseline.run.durationSeconds} s per scenario, this run ` +
        `${current.run.durationSeconds} s (BENCH_DURATION): short runs are noisier`,
    );
  }
  if (baseline.run.fromSource !== current.run.fromSource) {
    warnings.push(
      `the ${current.run.fromSource ? 'run' : 'baseline'} ran the server from source (BENCH_FROM_SOURCE), ` +
        `the ${current.run.fromSource ? 'baseline' : 'run'} the build`,
    );
  }
  for (const [which, report] of [
    ['the baseline', baseline],
    ['this run', current],
  ] as const) {
    if (report.run.loadAverage >= report.machine.cores) {
      warnings.push(
        `${which} began with a load average of ${report.run.loadAverage.toFixed(1)} on ${report.machine.cores} ` +
          'cores: figures from a busy machine are noisy',
      );
    }
  }
  return { figures, regressions: figures.filter((figure) => figure.verdict === 'REGRESSION'), warnings };
}

export function formatValue(spec: FigureSpec, value: number | null): string {
  if (value === null) return '–';
  if (spec.unit === 'ratio') return `${value.toFixed(3)}×`;
  if (spec.unit === 'ms') return `${value.toFixed(1)} ms`;
  return `${(value / 1000).toFixed(1)} KB`;
}

const signed = (n: number, digits: number) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(digits)}`;

function formatChange(figure: FigureComparison): string {
  return figure.changePercent === null ? '–' : `${signed(figure.changePercent, 1)} %`;
}

function formatAllowed(figure: FigureComparison): string {
  const { relative, absolute } = figure.spec.tolerance;
  const sign = figure.spec.better === 'higher' ? '−' : '+';
  const parts: string[] = [];
  if (relative) parts.push(`${sign}${relative * 100} %`);
  if (absolute) parts.push(`${sign}${formatValue(figure.spec, absolute)}`);
  return parts.join(' or ');
}

/** One REGRESSION line per figure beyond its tolerance, easy to grep for. */
export function regressionLine(figure: FigureComparison): string {
  const { spec } = figure;
  return (
    `REGRESSION: ${spec.label} ${formatValue(spec, figure.baseline)} → ${formatValue(spec, figure.current)} ` +
    `(${formatChange(figure)}; ${spec.better} is better, allowed ${formatAllowed(figure)})`
  );
}

export function formatComparison(comparison: Comparison, baseline: BenchReport, baselinePath: string): string {
  const { machine, run } = baseline;
  const lines = [
    `=== Compared with the baseline ${baselinePath} ===`,
    `Baseline recorded ${baseline.recordedAt} on ${machine.cores} × ${machine.cpuModel}, Node ${machine.node}, ` +
      `${run.durationSeconds} s per scenario, load average ${run.loadAverage.toFixed(1)} at the start`,
    ...comparison.warnings.map((warning) => `WARNING: ${warning}`),
    '',
    `  ${'figure'.padEnd(30)} ${'baseline'.padStart(10)} ${'now'.padStart(10)} ${'change'.padStart(9)}   allowed`,
  ];
  for (const figure of comparison.figures) {
    const { spec } = figure;
    lines.push(
      `  ${spec.label.padEnd(30)} ${formatValue(spec, figure.baseline).padStart(10)} ` +
        `${formatValue(spec, figure.current).padStart(10)} ${formatChange(figure).padStart(9)}   ` +
        `${formatAllowed(figure).padEnd(18)} ${figure.verdict}`,
    );
  }
  lines.push('');
  if (comparison.regressions.length === 0) lines.push('No regression against the baseline.');
  else lines.push(...comparison.regressions.map(regressionLine));
  return lines.join('\n');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A report or baseline read back from JSON; throws with the reason when it is not one. */
export function parseReport(text: string, where: string): BenchReport {
  const fail = (why: string): never => {
    throw new Error(`${where} is not a benchmark report (${why}): record it again with BENCH_UPDATE_BASELINE=1`);
  };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  if (!isRecord(value)) return fail('not an object');
  if (value.format !== REPORT_FORMAT) return fail(`format ${JSON.stringify(value.format)}, not ${REPORT_FORMAT}`);
  const { machine, run, figures } = value;
  if (!isRecord(machine) || typeof machine.cpuModel !== 'string' || typeof machine.cores !== 'number') {
    return fail('no machine kind');
  }
  if (typeof machine.node !== 'string') return fail('no Node version');
  if (!isRecord(run) || typeof run.durationSeconds !== 'number') return fail('no run settings');
  if (!isRecord(figures)) return fail('no figures');
  for (const [name, figure] of Object.entries(figures)) {
    if (figure !== null && typeof figure !== 'number') return fail(`figure ${name} is not a number`);
  }
  return value as unknown as BenchReport;
}
