// The printed section for the web client: budgets, the largest chunks, the view page by origin, crypto speed.
import os from 'node:os';
import { UNMAPPED } from './bundle-analysis.js';
import type { Breakdown, ClientResults } from './client.js';
import { median, type CryptoMode } from './crypto-speed.js';
import { bytesOf, gzipOf, isCode, type Asset, type PageWeight } from './page-weight.js';

/** Issue 3, item 12: gzip size of the JavaScript the page loads. 1 KB = 1,000 bytes, as Vite prints sizes. */
export const BUDGETS = { view: 120_000, create: 150_000 } as const;

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const kbPad = (bytes: number, width = 9) => kb(bytes).padStart(width);
const verdict = (bytes: number, budget: number) => (bytes <= budget ? 'PASS' : 'FAIL');

function budgetLines(pages: PageWeight[]): string[] {
  const lines: string[] = [];
  for (const page of pages) {
    const budget = BUDGETS[page.page];
    const code = page.assets.filter(isCode);
    const atLoad = code.filter((asset) => asset.phase === 'load');
    const added = code.filter((asset) => asset.phase === 'action');
    const rows: [string, Asset[], string][] = [
      [`${page.page} page JS at load (gzip)`, atLoad, `${atLoad.length} files, ${kb(bytesOf(atLoad))} raw`],
      [
        `${page.page} page JS incl. crypto worker on ${page.action}`,
        code,
        `+ ${added.map((asset) => `${asset.file} ${kb(asset.gzip)}`).join(', ') || 'nothing'}`,
      ],
    ];
    for (const [label, assets, note] of rows) {
      const total = gzipOf(assets);
      lines.push(
        `  ${label.padEnd(46)} ${kbPad(total)}   goal ≤ ${budget / 1000} KB  ${verdict(total, budget)}  (${note})`,
      );
    }
  }
  const all = pages.flatMap((page) => page.assets);
  if (!all.some((asset) => asset.kind === 'wasm')) {
    lines.push('  No .wasm request: hash-wasm inlines the argon2id WebAssembly (base64) in the worker chunk.');
  }
  const view = pages.find((page) => page.page === 'view');
  if (view) {
    const css = view.assets.filter((asset) => asset.kind === 'css' && asset.phase === 'load');
    const json = view.assets.filter((asset) => asset.kind === 'json' && asset.phase === 'load');
    lines.push(
      `  Not counted, also fetched by the view page at load: CSS ${kb(gzipOf(css))}, ` +
        `${json.length} translation files ${kb(gzipOf(json))} (gzip).`,
    );
  }
  return lines;
}

function largestChunks(pages: PageWeight[], count: number): string[] {
  const byFile = new Map<string, { asset: Asset; where: string[] }>();
  for (const page of pages) {
    for (const asset of page.assets.filter(isCode)) {
      const entry = byFile.get(asset.file) ?? { asset, where: [] };
      entry.where.push(asset.phase === 'load' ? page.page : `${page.page} (${page.action})`);
      byFile.set(asset.file, entry);
    }
  }
  const sorted = [...byFile.values()].sort((a, b) => b.asset.gzip - a.asset.gzip);
  const width = Math.max(...sorted.slice(0, count).map(({ asset }) => asset.file.length));
  return sorted
    .slice(0, count)
    .map(
      ({ asset, where }) =>
        `  ${asset.file.padEnd(width)} ${kbPad(asset.gzip)} gzip ${kbPad(asset.bytes)} raw   ${where.join(', ')}`,
    );
}

const isLibrary = (group: string) => group !== UNMAPPED && !group.startsWith('app: ');

function breakdownLines(breakdown: Breakdown, minShare: number): string[] {
  const lines = [`${breakdown.title}, by origin (gzip shared out by minified bytes; min = minified size):`];
  const shown = breakdown.groups.filter((group) => group.gzipShare >= minShare);
  const rest = breakdown.groups.filter((group) => group.gzipShare < minShare);
  const width = Math.max(24, ...shown.map((group) => group.group.length));
  for (const group of shown) {
    lines.push(`  ${group.group.padEnd(width)} ${kbPad(group.gzipShare)} gzip ${kbPad(group.minBytes)} min`);
  }
  if (rest.length > 0) {
    const gzip = rest.reduce((sum, group) => sum + group.gzipShare, 0);
    const min = rest.reduce((sum, group) => sum + group.minBytes, 0);
    lines.push(`  ${`${rest.length} smaller ones`.padEnd(width)} ${kbPad(gzip)} gzip ${kbPad(min)} min`);
    lines.push(`    (${rest.map((group) => `${group.group} ${kb(group.gzipShare)}`).join(', ')})`);
  }
  const sum = (pick: (group: string) => boolean) =>
    breakdown.groups.filter((group) => pick(group.group)).reduce((total, group) => total + group.gzipShare, 0);
  lines.push(
    `  = libraries ${kb(sum(isLibrary))} + app code ${kb(sum((g) => g.startsWith('app: ')))} + ` +
      `chunk glue ${kb(sum((g) => g === UNMAPPED))}`,
  );
  if (breakdown.approximate.length > 0) {
    lines.push(`  (matched by name without the hash: ${breakdown.approximate.join(', ')})`);
  }
  if (breakdown.missing.length > 0) lines.push(`  (not in the sourcemap build: ${breakdown.missing.join(', ')})`);
  return lines;
}

const ms = (n: number) => `${n.toFixed(n < 100 ? 1 : 0)} ms`;
const mbps = (bytes: number, milliseconds: number) => `${(bytes / 1e6 / (milliseconds / 1000)).toFixed(1)} MB/s`;

function cryptoLines(modes: CryptoMode[]): string[] {
  const width = Math.max(...modes.map((mode) => mode.label.length));
  const lines = [
    `  ${''.padEnd(width)}  ${'encrypt'.padEnd(20)}  ${'decrypt'.padEnd(20)}   key derivation (seal / open)`,
  ];
  for (const mode of modes) {
    const med = (pick: (run: CryptoMode['runs'][number]) => number) => median(mode.runs.map(pick));
    const encrypt = med((run) => run.encryptMs);
    const decrypt = med((run) => run.decryptMs);
    lines.push(
      `  ${mode.label.padEnd(width)}  ${ms(encrypt).padStart(8)} ${mbps(mode.bytes, encrypt).padStart(11)}` +
        `  ${ms(decrypt).padStart(8)} ${mbps(mode.bytes, decrypt).padStart(11)}` +
        `   ${ms(med((run) => run.sealKdfMs))} / ${ms(med((run) => run.openKdfMs))}`,
    );
  }
  // The steps inside, from the runs without a password (the same steps as with one).
  const runs = modes[0]?.runs ?? [];
  if (runs.length > 0) {
    const part = (pick: (parts: CryptoMode['runs'][number]['parts']) => number) =>
      ms(median(runs.map((run) => pick(run.parts))));
    lines.push(
      `  Inside, without a password (medians): encryptText = UTF-8 ${part((p) => p.utf8Ms)} + AES-256-GCM ` +
        `${part((p) => p.aesEncryptMs)} + base64url encode ${part((p) => p.base64EncodeMs)};`,
      `    decryptText = base64url decode ${part((p) => p.base64DecodeMs)} + AES-256-GCM ` +
        `${part((p) => p.aesDecryptMs)} (+ UTF-8 decode); envelope of 1 MiB: ` +
        `${runs[0]!.envelopeChars.toLocaleString('en-US')} characters`,
    );
  }
  return lines;
}

export function formatClientReport(results: ClientResults): string {
  const [view] = results.breakdowns;
  return [
    '=== Web client: page weight budgets and crypto speed in Chromium ===',
    `Chromium ${results.chromium}; ${results.seconds.toFixed(1)} s; load average ` +
      `${results.loadAverage.toFixed(1)} on ${os.cpus().length} CPUs when it began (timings are noisy on a busy machine)`,
    '',
    'Page weight budgets: JavaScript responses, each body gzipped at level 9 (the server may send it uncompressed)',
    ...budgetLines(results.pages),
    '',
    'Largest JavaScript files:',
    ...largestChunks(results.pages, 8),
    '',
    ...results.breakdowns.flatMap((breakdown) => [...breakdownLines(breakdown, breakdown === view ? 500 : 300), '']),
    `Crypto speed in Chromium (page main thread): envelope v1 on 1 MiB of text, median of ` +
      `${results.crypto[0]?.runs.length ?? 0} runs after a warm-up; MB = 10^6 bytes`,
    '  encrypt = deriveKeys + encryptText; decrypt = deriveKeys + decryptText (the reader derives the keys again)',
    ...cryptoLines(results.crypto),
  ].join('\n');
}
