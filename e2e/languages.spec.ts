import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { directionOf, LANGUAGE_CODES } from '../src/shared/rules/languages.js';
import { expect, test } from './fixtures.js';
import { auditPage, createPrivateSecret } from './helpers.js';

/**
 * Every language Hush ships (issue 17), on a 375 px screen: the home, sign-in and view pages render in it (the
 * document says its language and direction, the h1 is its own text), with no key shown instead of a text, nothing
 * wider than the screen, and no button whose text is cut. Right-to-left pages pass axe in both themes.
 */

const texts = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join('public', 'locales', language, `${namespace}.json`), 'utf8')) as Record<
    string,
    Record<string, string> & { title?: string }
  >;

/**
 * What is wrong with the page as it is now: keys shown as text (a missing text shows as its key, words joined by
 * dots, alone in its element), sideways scrolling, buttons that cut their text or stick out of their form. Run in the page (a string: the e2e
 * project has no DOM types).
 */
const DEFECTS = `(() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent || '').trim();
    if (/^[a-z][A-Za-z0-9_]*(\\.[a-z][A-Za-z0-9_]*)+$/.test(text)) found.push('key shown: ' + text);
  }
  const width = document.documentElement.scrollWidth;
  if (width > window.innerWidth) found.push('scrolls sideways: ' + width + 'px wide on a ' + window.innerWidth + 'px screen');
  for (const button of document.querySelectorAll('button, a[class*="rounded"][class*="px-"]')) {
    // Hidden, or visually hidden until focused (the skip link): nothing to read there.
    if (button.offsetParent === null || button.closest('.sr-only')) continue;
    // Its background (on hover and focus) stays inside its form.
    const form = button.closest('form');
    if (form) {
      const inner = button.getBoundingClientRect();
      const outer = form.getBoundingClientRect();
      if (inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5) {
        found.push('button sticks out of its form: "' + (button.textContent || '').trim() + '"');
      }
    }
    if (button.scrollWidth > button.clientWidth + 1) {
      found.push('button cuts its text: "' + (button.textContent || '').trim() + '" (' + button.scrollWidth + ' > ' + button.clientWidth + ')');
    }
  }
  return found;
})()`;

const defects = (page: Page) => page.evaluate<string[]>(DEFECTS);

test.describe('every language, on a 375px screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test.describe.configure({ timeout: 120_000 });

  for (const language of LANGUAGE_CODES) {
    test(`${language}: home, sign-in and view pages`, async ({ page, baseURL }) => {
      const dir = directionOf(language);
      await page.addInitScript((code) => localStorage.setItem('i18nextLng', code), language);

      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(language, 'create').page!.title!);
      expect(await defects(page), `${language} home`).toEqual([]);

      await page.goto('/signin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(language, 'account').signin!.title!);
      expect(await defects(page), `${language} sign-in`).toEqual([]);

      const secret = await createPrivateSecret(baseURL, { text: 'languages smoke', maxViews: 1 });
      await page.goto(secret.link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(language, 'view').title as never);
      expect(await defects(page), `${language} view`).toEqual([]);
    });
  }
});

test.describe('right-to-left pages pass axe, light and dark', () => {
  test.describe.configure({ timeout: 90_000 });
  for (const language of LANGUAGE_CODES.filter((code) => directionOf(code) === 'rtl')) {
    for (const width of [1280, 375]) {
      test(`${language} at ${width}px: home and sign-in`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: 900 });
        await page.addInitScript((code) => localStorage.setItem('i18nextLng', code), language);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        // The page itself, drawn in its language, not the spinner before it.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(language, 'create').page!.title!);
        await auditPage(page, `rtl-${language}-home-${width}`, testInfo);
        await page.goto('/signin');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts(language, 'account').signin!.title!);
        await auditPage(page, `rtl-${language}-signin-${width}`, testInfo);
      });
    }
  }
});

/**
 * Where a switch's knob is, from its track and its ::before (the knob is no element of its own): at the reading
 * start before any transform, moved by the transform's x. Run in the page.
 */
const KNOBS = `(() => [...document.querySelectorAll('[role="switch"]')].filter((input) => input.offsetParent).map((input) => {
  const track = input.getBoundingClientRect();
  const knob = getComputedStyle(input, '::before');
  const width = parseFloat(knob.width);
  // Tailwind moves it with the translate property; a transform would add to it.
  const moved = (parseFloat(knob.translate) || 0) + new DOMMatrix(knob.transform === 'none' ? undefined : knob.transform).m41;
  const start = getComputedStyle(input).direction === 'rtl' ? track.right - width : track.left;
  return { checked: input.checked, left: start + moved - track.left, right: track.right - (start + moved + width) };
}))()`;

test.describe('controls in both directions', () => {
  for (const language of ['en', 'ar'] as const) {
    test(`${language}: switch knobs stay in their tracks; a generated password keeps its order`, async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem('i18nextLng', code), language);
      await page.goto('/');
      const create = texts(language, 'create');
      await page.getByRole('button', { name: create.options!.toggle! }).click();
      const protect = page.getByRole('switch', { name: create.password!.toggle! });
      for (const on of [false, true]) {
        if (on) await protect.check();
        // The knob slides (a transition): measure once it has stopped.
        // (A page expression: the e2e project has no DOM types, and the CSP refuses waitForFunction's string.)
        await expect.poll(() => page.evaluate<number>('document.getAnimations().length')).toBe(0);
        const knobs = await page.evaluate<{ checked: boolean; left: number; right: number }[]>(KNOBS);
        expect(knobs.length).toBeGreaterThan(0);
        for (const knob of knobs) {
          expect(knob.left, JSON.stringify(knob)).toBeGreaterThanOrEqual(0);
          expect(knob.right, JSON.stringify(knob)).toBeGreaterThanOrEqual(0);
        }
      }
      // A password that starts and ends with punctuation reads in its own order, whatever the page's direction.
      const password = page.getByRole('textbox', { name: create.password!.label!, exact: true });
      await password.fill('!Xy7-Pq2#');
      expect(await password.evaluate((input) => input.matches(':dir(ltr)'))).toBe(true);
      // Arabic typed on any page reads right to left.
      await password.fill('كلمة!');
      expect(await password.evaluate((input) => input.matches(':dir(rtl)'))).toBe(true);
    });
  }
});

test('a language picked in the footer turns the page at once and stays after a reload; the browser’s own is not kept', async ({
  page,
}) => {
  const title = page.getByRole('heading', { level: 1 });
  await page.goto('/');
  await expect(title).toHaveText(texts('en', 'create').page!.title!);
  expect(await page.evaluate<string | null>("localStorage.getItem('i18nextLng')")).toBeNull();
  const picker = page.getByRole('contentinfo').getByRole('combobox', { name: texts('en', 'common').language!.label! });
  await picker.selectOption('ar');
  await expect(title).toHaveText(texts('ar', 'create').page!.title!);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.reload();
  await expect(title).toHaveText(texts('ar', 'create').page!.title!);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});
