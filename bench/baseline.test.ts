import { describe, expect, it } from 'vitest';
import {
  collectFigures,
  compareFigure,
  compareWithBaseline,
  FIGURE_NAMES,
  formatComparison,
  parseReport,
  REPORT_FORMAT,
  type BenchReport,
  type FigureName,
} from './baseline.js';
import type { Measurement } from './load.js';
import type { Asset, PageWeight } from './page-weight.js';
import type { ScenarioName } from './report.js';

const MACHINE = { cpuModel: 'AMD EPYC 7B13', cores: 2, node: 'v22.13.0' };

function report(figures: Partial<Record<FigureName, number | null>>, overrides: Partial<BenchReport> = {}) {
  return {
    format: REPORT_FORMAT,
    recordedAt: '2026-01-01T00:00:00.000Z',
    machine: MACHINE,
    run: { durationSeconds: 10, connections: 50, fromSource: false, loadAverage: 0.1 },
    figures,
    ...overrides,
  } satisfies BenchReport;
}

const FULL: Record<FigureName, number> = {
  'create/bare': 0.5,
  'read-burn/bare': 0.4,
  'exist/bare': 0.8,
  'create.p99': 40,
  'read-burn.p99': 50,
  'exist.p99': 20,
  'view.js-at-load': 110_000,
  'create.js-at-load': 180_000,
};

describe('compareFigure', () => {
  it('a ratio may fall 15 % before it is a regression; a rise is better', () => {
    const fell = compareFigure('create/bare', 0.5, 0.43);
    expect(fell.verdict).toBe('ok');
    expect(fell.changePercent).toBeCloseTo(-14);
    expect(compareFigure('create/bare', 0.5, 0.426).verdict).toBe('ok');
    const fallen = compareFigure('create/bare', 0.5, 0.42);
    expect(fallen.verdict).toBe('REGRESSION');
    expect(fallen.changePercent).toBeCloseTo(-16);
    expect(compareFigure('create/bare', 0.5, 0.75)).toMatchObject({ verdict: 'better', changePercent: 50 });
  });

  it('a page weight may grow 2 KB, whatever its size; shrinking is better', () => {
    expect(compareFigure('view.js-at-load', 110_000, 112_000).verdict).toBe('ok');
    const grown = compareFigure('view.js-at-load', 110_000, 112_001);
    expect(grown).toMatchObject({ verdict: 'REGRESSION', allowed: 2_000 });
    expect(grown.changePercent).toBeCloseTo(1.819, 2);
    expect(compareFigure('create.js-at-load', 180_000, 150_000).verdict).toBe('better');
  });

  it('a p99 latency may rise 50 %, or 2 ms when that is more', () => {
    expect(compareFigure('create.p99', 40, 60).verdict).toBe('ok');
    expect(compareFigure('create.p99', 40, 60.1).verdict).toBe('REGRESSION');
    expect(compareFigure('exist.p99', 1, 3).verdict).toBe('ok');
    expect(compareFigure('exist.p99', 1, 3.1)).toMatchObject({ verdict: 'REGRESSION', allowed: 2 });
    expect(compareFigure('exist.p99', 20, 10).verdict).toBe('better');
  });

  it('a figure missing on either side is reported, never a regression', () => {
    expect(compareFigure('view.js-at-load', 110_000, null)).toMatchObject({ verdict: 'not measured' });
    expect(compareFigure('view.js-at-load', undefined, 110_000)).toMatchObject({ verdict: 'no baseline' });
    expect(compareFigure('create/bare', 0, 0.1)).toMatchObject({ verdict: 'better', changePercent: null });
  });
});

describe('compareWithBaseline', () => {
  it('compares every figure and lists the regressions', () => {
    const now = { ...FULL, 'read-burn/bare': 0.3, 'create.js-at-load': 183_000 };
    const comparison = compareWithBaseline(report(FULL), report(now));
    expect(comparison.figures.map((figure) => figure.name)).toEqual(FIGURE_NAMES);
    expect(comparison.regressions.map((figure) => figure.name)).toEqual(['read-burn/bare', 'create.js-at-load']);
    expect(comparison.warnings).toEqual([]);
  });

  it('warns when the machine kind, the duration or the server differ, and compares anyway', () => {
    const other = report(
      { ...FULL, 'exist/bare': 0.5 },
      {
        machine: { cpuModel: 'Intel Xeon', cores: 4, node: 'v24.1.0' },
        run: { durationSeconds: 2, connections: 50, fromSource: true, loadAverage: 3 },
      },
    );
    const comparison = compareWithBaseline(report(FULL), other);
    expect(comparison.warnings).toHaveLength(3);
    expect(comparison.warnings[0]).toContain('another kind of machine');
    expect(comparison.warnings[0]).toContain('CPU AMD EPYC 7B13 → Intel Xeon');
    expect(comparison.warnings[0]).toContain('2 → 4 cores');
    expect(comparison.warnings[0]).toContain('Node v22.13.0 → v24.1.0');
    expect(comparison.warnings[1]).toContain('10 s per scenario, this run 2 s');
    expect(comparison.warnings[2]).toContain('from source');
    expect(comparison.regressions.map((figure) => figure.name)).toEqual(['exist/bare']);
  });

  it('warns when either run began on a busy machine', () => {
    const busy = { durationSeconds: 10, connections: 50, fromSource: false, loadAverage: 2 };
    const comparison = compareWithBaseline(report(FULL, { run: busy }), report(FULL));
    expect(comparison.warnings).toEqual([
      'the baseline began with a load average of 2.0 on 2 cores: figures from a busy machine are noisy',
    ]);
    expect(compareWithBaseline(report(FULL), report(FULL, { run: busy })).warnings[0]).toMatch(/^this run began/);
  });

  it('another patch release of the same Node major is the same machine kind', () => {
    const comparison = compareWithBaseline(report(FULL), report(FULL, { machine: { ...MACHINE, node: 'v22.20.0' } }));
    expect(comparison.warnings).toEqual([]);
  });
});

describe('formatComparison', () => {
  it('prints baseline, new value and change for each figure, and a REGRESSION line for each regression', () => {
    const baseline = report(FULL);
    const now = report({ ...FULL, 'create/bare': 0.4, 'view.js-at-load': null }, { machine: { ...MACHINE, cores: 4 } });
    const text = formatComparison(compareWithBaseline(baseline, now), baseline, 'bench/baseline.json');
    expect(text).toContain('=== Compared with the baseline bench/baseline.json ===');
    expect(text).toMatch(/^WARNING: the baseline was recorded on another kind of machine \(2 → 4 cores\)/m);
    expect(text).toMatch(/create \/ bare \(req\/s\)\s+0\.500×\s+0\.400×\s+−20\.0 %\s+−15 %\s+REGRESSION$/m);
    expect(text).toMatch(/create page JS at load \(gzip\)\s+180\.0 KB\s+180\.0 KB\s+\+0\.0 %\s+\+2\.0 KB\s+ok$/m);
    expect(text).toMatch(/view page JS at load \(gzip\)\s+110\.0 KB\s+–\s+–\s+\+2\.0 KB\s+not measured$/m);
    expect(text).toMatch(/create p99\s+40\.0 ms\s+40\.0 ms\s+\+0\.0 %\s+\+50 % or \+2\.0 ms\s+ok$/m);
    const regressions = text.split('\n').filter((line) => line.startsWith('REGRESSION'));
    expect(regressions).toEqual([
      'REGRESSION: create / bare (req/s) 0.500× → 0.400× (−20.0 %; higher is better, allowed −15 %)',
    ]);
  });

  it('says so when nothing regressed', () => {
    const text = formatComparison(compareWithBaseline(report(FULL), report(FULL)), report(FULL), 'b.json');
    expect(text).toContain('No regression against the baseline.');
    expect(text).not.toContain('REGRESSION');
    expect(text).not.toContain('WARNING');
  });
});

describe('collectFigures', () => {
  const measurement = (rps: number, p99: number): Measurement => ({
    rps,
    p50: p99 / 2,
    p99,
    ok: 1,
    failed: 0,
    statusCodes: {},
    seconds: 1,
  });
  const asset = (file: string, kind: Asset['kind'], phase: Asset['phase'], gzip: number): Asset => ({
    path: `/assets/${file}`,
    file,
    kind,
    phase,
    bytes: gzip * 3,
    gzip,
  });

  it('takes the ratios to bare, the p99s, and the JavaScript each page loads before any action', () => {
    const results = new Map<ScenarioName, Measurement>([
      ['create', measurement(2_000, 40)],
      ['exist', measurement(4_000, 20)],
      ['read-burn', measurement(1_000, Number.NaN)],
      ['bare', measurement(8_000, 10)],
    ]);
    const pages: PageWeight[] = [
      {
        page: 'view',
        action: 'Reveal',
        assets: [
          asset('index.js', 'script', 'load', 100_000),
          asset('index.css', 'css', 'load', 5_000),
          asset('worker.js', 'worker', 'action', 30_000),
        ],
      },
      { page: 'create', action: 'submit', assets: [asset('index.js', 'script', 'load', 100_000)] },
    ];
    expect(collectFigures(results, pages)).toEqual({
      'create/bare': 0.25,
      'read-burn/bare': 0.125,
      'exist/bare': 0.5,
      'create.p99': 40,
      'read-burn.p99': null,
      'exist.p99': 20,
      'view.js-at-load': 100_000,
      'create.js-at-load': 100_000,
    });
    expect(collectFigures(new Map(), undefined)).toEqual(Object.fromEntries(FIGURE_NAMES.map((name) => [name, null])));
  });
});

describe('parseReport', () => {
  it('reads back what a run writes', () => {
    const written = report(FULL);
    expect(parseReport(JSON.stringify(written), 'bench/baseline.json')).toEqual(written);
  });

  it('refuses anything else with the file and the reason', () => {
    expect(() => parseReport('{', 'b.json')).toThrow(/^b\.json is not a benchmark report/);
    expect(() => parseReport('{"format":"other"}', 'b.json')).toThrow(/format "other"/);
    expect(() => parseReport(JSON.stringify({ ...report(FULL), machine: {} }), 'b.json')).toThrow(/machine/);
    expect(() => parseReport(JSON.stringify(report({ 'create/bare': '0.5' as never })), 'b.json')).toThrow(
      /create\/bare is not a number/,
    );
  });
});
