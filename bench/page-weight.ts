// Page weight in Chromium: every JavaScript (and WebAssembly) response of a page, with the gzip size of its body.
// The server may send it uncompressed; what counts is what gzip -9 would make of it.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Response } from '@playwright/test';
import { sealSecret } from '../src/shared/crypto/seal.js';
import { JSON_HEADERS } from './secrets.js';

export type Phase = 'load' | 'action';

export interface Asset {
  /** The path, e.g. /assets/index-AbC123.js. */
  path: string;
  /** The file name, e.g. index-AbC123.js. */
  file: string;
  kind: 'script' | 'worker' | 'wasm' | 'css' | 'json' | 'other';
  phase: Phase;
  bytes: number;
  gzip: number;
}

export interface PageWeight {
  page: 'view' | 'create';
  /** What the action is: Reveal on the view page, submitting the form on the create page. */
  action: string;
  assets: Asset[];
}

export const isCode = (asset: Asset) => asset.kind === 'script' || asset.kind === 'worker' || asset.kind === 'wasm';
export const gzipOf = (assets: Asset[]) => assets.reduce((sum, asset) => sum + asset.gzip, 0);
export const bytesOf = (assets: Asset[]) => assets.reduce((sum, asset) => sum + asset.bytes, 0);

export const gzipSize = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

function kindOf(response: Response, workers: ReadonlySet<string>): Asset['kind'] | null {
  const type = response.headers()['content-type'] ?? '';
  const { pathname } = new URL(response.url());
  const resourceType = response.request().resourceType();
  if (type.includes('wasm') || pathname.endsWith('.wasm')) return 'wasm';
  if (type.includes('javascript') || /\.m?js$/.test(pathname)) {
    return workers.has(response.url()) || /worker/i.test(pathname) ? 'worker' : 'script';
  }
  if (type.includes('css') || resourceType === 'stylesheet') return 'css';
  if (type.includes('json') && !pathname.startsWith('/api/')) return 'json';
  if (resourceType === 'document' || pathname.startsWith('/api/')) return null;
  return 'other';
}

/**
 * Records the responses of a fresh browser context (no cache) while `steps` run: each asset once, with the phase
 * it arrived in. A failed asset, a page error or a failed request stops the measurement.
 */
async function record(
  browser: Browser,
  steps: (page: Page, setPhase: (phase: Phase) => void) => Promise<void>,
): Promise<Asset[]> {
  const context: BrowserContext = await browser.newContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    let phase: Phase = 'load';
    const seen = new Set<string>();
    const pending: Promise<Asset>[] = [];
    const problems: string[] = [];
    const workers = new Set<string>();
    page.on('worker', (worker) => workers.add(worker.url()));
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    context.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
    context.on('response', (response) => {
      const kind = kindOf(response, workers);
      const url = response.url();
      if (!kind || seen.has(url)) return;
      seen.add(url);
      if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${url}`);
      const path = new URL(url).pathname;
      const at = phase;
      pending.push(
        response.body().then((body) => ({
          path,
          file: path.slice(path.lastIndexOf('/') + 1),
          kind,
          phase: at,
          bytes: body.length,
          gzip: gzipSize(body),
        })),
      );
    });
    await steps(page, (next) => {
      phase = next;
    });
    const assets = await Promise.all(pending);
    if (problems.length > 0) throw new Error(problems.join('; '));
    return assets;
  } finally {
    await context.close();
  }
}

/** A real encrypted secret (sealed in Node as the command-line client does), so Reveal succeeds in the page. */
async function createSealedSecret(baseUrl: string): Promise<{ link: string; text: string }> {
  const text = `bench page weight ${randomBytes(6).toString('hex')}`;
  const { key, fields } = await sealSecret({ text });
  const response = await fetch(`${baseUrl}/api/v1/secret`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ ...fields, ttl: 3600, maxViews: 1 }),
  });
  const json = (await response.json()) as { id?: unknown };
  if (response.status !== 201 || typeof json.id !== 'string') {
    throw new Error(`creating the secret for the view page failed: HTTP ${response.status} ${JSON.stringify(json)}`);
  }
  return { link: `${baseUrl}/secret/${json.id}#encryption_key=${key}`, text };
}

/** The view page of a real secret at load, then Reveal (the crypto worker decrypts it). */
export async function viewPageWeight(browser: Browser, baseUrl: string): Promise<PageWeight> {
  const secret = await createSealedSecret(baseUrl);
  const assets = await record(browser, async (page, setPhase) => {
    await page.goto(secret.link, { waitUntil: 'networkidle' });
    const reveal = page.locator('main form button[type="submit"]');
    await reveal.waitFor({ state: 'visible' });
    setPhase('action');
    await reveal.click();
    await page.getByText(secret.text).waitFor({ state: 'visible' });
  });
  return { page: 'view', action: 'Reveal', assets };
}

/** The create page at load, then a submitted (private, no password) secret: the worker seals it. */
export async function createPageWeight(browser: Browser, baseUrl: string): Promise<PageWeight> {
  const assets = await record(browser, async (page, setPhase) => {
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const text = page.locator('main textarea').first();
    await text.waitFor({ state: 'visible' });
    setPhase('action');
    await text.fill(`bench create page ${randomBytes(6).toString('hex')}`);
    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/secret' && response.request().method() === 'POST',
    );
    await page.locator('main form button[type="submit"]').click();
    const response = await created;
    if (response.status() !== 201) throw new Error(`the create page's POST answered HTTP ${response.status()}`);
    await page.waitForLoadState('networkidle');
  });
  return { page: 'create', action: 'submit', assets };
}
