import fs from 'node:fs';
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from './chromium.js';

export const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn('Browser tests are SKIPPED: /usr/bin/chromium is missing (apt-get install chromium).');

const CSP = /Content.Security.Policy/i;

/** Collects the console's Content Security Policy reports of every page of a context into `into`. */
function watchCsp(context: BrowserContext, into: string[]) {
  context.on('console', (message) => {
    if (CSP.test(message.text())) into.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
}

interface Fixtures {
  /** Every CSP report of every page the test opened (its own page and those of `freshPage`). */
  cspViolations: string[];
  /** A page in a new browser context (no storage, no cookies shared with `page`): another reader. */
  freshPage: (options?: BrowserContextOptions) => Promise<Page>;
}

/**
 * Playwright's test, skipped with a reason when Debian's Chromium is not installed. Every test fails when any page
 * it opened reported a CSP violation.
 */
export const test = base.extend<Fixtures>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      watchCsp(context, violations);
      await use(violations);
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  freshPage: async ({ browser, cspViolations }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      watchCsp(context, cspViolations);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
});
test.skip(!hasChromium, 'Chromium is not installed at /usr/bin/chromium');

export { expect };
