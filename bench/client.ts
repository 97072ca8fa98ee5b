// The web client's part of the benchmark (issue 3, item 12): page weight budgets and crypto speed in Chromium,
// and what the view page's JavaScript is made of.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { launchChromium } from './browser.js';
import { readMappedChunk, sizeByGroup, sourcemapBuild, type GroupSize, type MappedChunk } from './bundle-analysis.js';
import { measureCryptoSpeed, type CryptoMode } from './crypto-speed.js';
import { createPageWeight, gzipSize, isCode, viewPageWeight, type Asset, type PageWeight } from './page-weight.js';

export interface Breakdown {
  title: string;
  /** The served files that were found in the sourcemap build (by name, or by name without the hash). */
  matched: string[];
  /** Served files the sourcemap build did not have: left out of the breakdown. */
  missing: string[];
  /** Files matched by name without the hash only (their code may differ a little from what was served). */
  approximate: string[];
  groups: GroupSize[];
}

export interface ClientResults {
  chromium: string;
  /** The 1-minute load average when the section began (timings on a busy machine are noisy). */
  loadAverage: number;
  pages: PageWeight[];
  crypto: CryptoMode[];
  breakdowns: Breakdown[];
  seconds: number;
}

const stem = (file: string) => file.replace(/-[A-Za-z0-9_-]{8}\.js$/, '');

/** The sourcemap build's chunks for served files: same name, else the only one with the same name before the hash. */
function mapChunks(buildDir: string, assets: Asset[], title: string): { chunks: MappedChunk[]; breakdown: Breakdown } {
  const built = readdirSync(path.join(buildDir, 'assets')).filter((file) => file.endsWith('.js'));
  const breakdown: Breakdown = { title, matched: [], missing: [], approximate: [], groups: [] };
  const chunks: MappedChunk[] = [];
  for (const asset of assets) {
    let chunk = readMappedChunk(buildDir, asset.file);
    if (!chunk) {
      const candidates = built.filter((file) => stem(file) === stem(asset.file));
      if (candidates.length === 1) {
        chunk = readMappedChunk(buildDir, candidates[0]!);
        if (chunk) breakdown.approximate.push(asset.file);
      }
    }
    if (chunk) {
      chunks.push(chunk);
      breakdown.matched.push(asset.file);
    } else {
      breakdown.missing.push(asset.file);
    }
  }
  return { chunks, breakdown };
}

function analyse(buildDir: string, title: string, assets: Asset[]): Breakdown {
  const { chunks, breakdown } = mapChunks(buildDir, assets, title);
  const gzipByFile = new Map(chunks.map((chunk) => [chunk.file, gzipSize(chunk.code)]));
  breakdown.groups = sizeByGroup(chunks, (file) => gzipByFile.get(file) ?? 0);
  return breakdown;
}

export async function runClientBench(options: {
  root: string;
  baseUrl: string;
  log: (message: string) => void;
}): Promise<ClientResults> {
  const { root, baseUrl, log } = options;
  const started = performance.now();
  const loadAverage = os.loadavg()[0] ?? 0;
  let browser: Browser | undefined;
  let pages: PageWeight[];
  let crypto: CryptoMode[];
  let chromium: string;
  try {
    browser = await launchChromium();
    chromium = browser.version();
    log(`client: page weight of the view and create pages in Chromium ${chromium}`);
    pages = [await viewPageWeight(browser, baseUrl), await createPageWeight(browser, baseUrl)];
    log('client: crypto speed in Chromium (1 MiB, without and with a password)');
    crypto = await measureCryptoSpeed(browser, root);
  } finally {
    await browser?.close();
  }

  log('client: sourcemap build for the breakdown by origin');
  const build = await sourcemapBuild(root);
  try {
    const view = pages.find((page) => page.page === 'view')!;
    const atLoad = view.assets.filter((asset) => isCode(asset) && asset.phase === 'load');
    const workers = pages
      .flatMap((page) => page.assets)
      .filter((asset) => asset.kind === 'worker')
      .filter((asset, i, all) => all.findIndex((other) => other.file === asset.file) === i);
    const viewFiles = new Set(view.assets.map((asset) => asset.file));
    const createOnly = pages
      .filter((page) => page.page === 'create')
      .flatMap((page) => page.assets)
      .filter((asset) => isCode(asset) && asset.phase === 'load' && !viewFiles.has(asset.file));
    const breakdowns = [
      analyse(build.dir, 'View page JS at load', atLoad),
      analyse(build.dir, "Create page's own JS at load (beyond the view page's)", createOnly),
      analyse(build.dir, 'Crypto worker', workers),
    ];
    return { chromium, loadAverage, pages, crypto, breakdowns, seconds: (performance.now() - started) / 1000 };
  } finally {
    build.dispose();
  }
}
