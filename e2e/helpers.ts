import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { createSecret } from '../src/sdk/index.js';
import { parseSecretUrl } from '../src/shared/rules/link.js';
import { expect } from './fixtures.js';

/** A short random word, so texts and titles of one test never match those of another. */
export const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

/** A well-formed key that opens nothing. */
export const randomKey = () => randomBytes(32).toString('base64url');

export interface PrivateSecret {
  /** The full link: /secret/{id}#encryption_key={key}. */
  link: string;
  id: string;
  key: string;
  deleteToken: string;
}

/**
 * Creates an encrypted secret the way the command-line client does (sealed in Node, stored through the API), so the
 * view page can be tested on its own.
 */
export async function createPrivateSecret(
  baseURL: string | undefined,
  options: {
    text: string | Uint8Array<ArrayBuffer>;
    title?: string;
    password?: string;
    maxViews?: number;
    ttl?: number;
  },
): Promise<PrivateSecret> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const { maxViews, ...rest } = options;
  const created = await createSecret({ server: baseURL, ttl: 3600, views: maxViews ?? 1, ...rest });
  const parsed = parseSecretUrl(created.link);
  if (!parsed?.key) throw new Error(`createSecret returned an unexpected link: ${created.link}`);
  return { link: created.link, id: parsed.id, key: parsed.key, deleteToken: created.deleteToken };
}

/** Creates a public (plain-text, listed) secret through the API. */
export async function createPublicSecret(
  request: APIRequestContext,
  options: { text: string; title?: string; maxViews?: number; ttl?: number },
): Promise<{ id: string }> {
  const response = await request.post('/api/v1/secret', {
    data: { ttl: 3600, maxViews: 1, ...options, isPublic: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** The server's side-effect free status: the views left, or the HTTP status when there is no 200. */
export async function secretStatus(request: APIRequestContext, id: string): Promise<number | { viewsLeft: number }> {
  const response = await request.get(`/api/v1/secret/${id}/exist`);
  if (response.status() !== 200) return response.status();
  return { viewsLeft: ((await response.json()) as { viewsLeft: number }).viewsLeft };
}

/** Records the requests that would spend a view (`POST` or `GET /api/v1/secret/{id}`). */
export function watchReads(page: Page, id: string): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/v1/secret/${id}`) reads.push(request.method());
  });
  return reads;
}

const SCREENSHOTS = path.join('test-results', 'screenshots');

/** Saves a full-page screenshot as test-results/screenshots/{name}.png (the folder survives the run). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
}

const BLOCKING = new Set(['serious', 'critical']);

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const describeViolation = (violation: AxeViolation) =>
  `[${violation.impact}] ${violation.id}: ${violation.help}\n` +
  violation.nodes.map((node) => `    ${node.target.join(' ')}  ${node.html.slice(0, 200)}`).join('\n');

/** The rules whose outcome depends on the colour theme. */
const THEMED_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core (WCAG 2.x A/AA and best practices) on the page as it is now: [blocking, the others], described. */
async function axe(page: Page, rules: string[] | null): Promise<[string[], string[]]> {
  const builder = new AxeBuilder({ page });
  if (rules) builder.withRules(rules);
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  const results = await builder.analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const minor = results.violations.filter((violation) => !BLOCKING.has(violation.impact ?? ''));
  return [blocking.map(describeViolation), minor.map(describeViolation)];
}

/**
 * Waits for running CSS transitions (colours after a theme switch), so contrast is measured at rest. A transition
 * cancelled on the way (the page re-rendered, a poll updated the status) rejects its `finished` with AbortError:
 * that one is at rest too.
 */
async function settleTransitions(page: Page) {
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => null)))',
  );
}

/**
 * Checks the page as it is now, in the light and then the dark theme (both follow the system setting): saves a
 * screenshot of each as test-results/screenshots/{name}[-dark].png and runs axe-core. Serious and critical
 * violations fail the test; the others are printed and attached to the report.
 */
export async function auditPage(page: Page, name: string, testInfo: TestInfo) {
  const blocking: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settleTransitions(page);
    const label = scheme === 'light' ? name : `${name}-dark`;
    await screenshot(page, label, { fullPage: scheme === 'light' });
    // Only colours change with the theme: the dark pass checks contrast alone, which keeps the suite fast.
    const [serious, minor] = await axe(page, scheme === 'dark' ? THEMED_RULES : null);
    blocking.push(...serious.map((text) => `(${scheme}) ${text}`));
    if (minor.length > 0) {
      const text = minor.join('\n');
      console.log(`axe ${label}, not blocking:\n${text}`);
      await testInfo.attach(`axe-${label}`, { body: text, contentType: 'text/plain' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(blocking, `serious or critical axe violations on ${name}`).toEqual([]);
}
