import fs from 'node:fs';
import { test as base, expect } from '@playwright/test';

export const hasChromium = fs.existsSync('/usr/bin/chromium');
if (!hasChromium) console.warn('Browser tests are SKIPPED: /usr/bin/chromium is missing (apt-get install chromium).');

/** Playwright's test, skipped with a reason when Debian's Chromium is not installed. */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(violations);
  },
});
test.skip(!hasChromium, 'Chromium is not installed at /usr/bin/chromium');

export { expect };
