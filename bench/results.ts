// The JSON files of a run: bench/results/latest.json (every run, git-ignored) and bench/baseline.json (committed,
// written only by BENCH_UPDATE_BASELINE=1).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseReport, type BenchReport, type MachineKind } from './baseline.js';

export function machineKind(): MachineKind {
  const cpus = os.cpus();
  return { cpuModel: cpus[0]?.model.trim() || 'unknown CPU', cores: cpus.length, node: process.version };
}

/** The baseline, or null when there is none yet. */
export function readReport(file: string, shownAs: string): BenchReport | null {
  if (!existsSync(file)) return null;
  return parseReport(readFileSync(file, 'utf8'), shownAs);
}

/** Pretty JSON (NaN and Infinity, e.g. the latency of a scenario without a 2xx answer, become null). */
export function writeReport(file: string, report: BenchReport): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
