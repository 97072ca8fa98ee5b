import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { USERS_PAGE } from '../src/shared/rules/account.js';
import { expect, test } from './fixtures.js';
import { E2E_ADMIN } from './server-env.js';

const PAGE_SIZE = USERS_PAGE.defaultTake;
const tag = randomBytes(2).toString('hex');
/** 30 users whose usernames (20 characters, the most) and emails are as long as people make them. */
const LONG_USERS = Array.from({ length: 30 }, (_, index) => {
  const number = String(index).padStart(2, '0');
  const username = [`maximilian_ale${tag}${number}`, `abcdefghijklmn${tag}${number}`][index % 2]!;
  const email =
    index % 2 === 0
      ? `maximilian.alexander.schneider-winterberg${tag}${number}@very-long-subsidiary-name.example.com`
      : `${username}@example.com`;
  return { username, email, password: `pw ${randomBytes(6).toString('hex')}`, role: 'user', generated: true };
});

async function signIn(request: APIRequestContext) {
  const response = await request.post('/api/v1/authentication/signin', { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

/** The address of each users page holding one of LONG_USERS (oldest first: they are the last ones). */
async function pagesOfLongUsers(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`/api/v1/admin/users?skip=0&take=${PAGE_SIZE}`);
  const { total } = (await response.json()) as { total: number };
  const first = Math.floor((total - LONG_USERS.length) / PAGE_SIZE) * PAGE_SIZE;
  const pages: string[] = [];
  for (let skip = first; skip < total; skip += PAGE_SIZE) pages.push(`/account/users?skip=${skip}`);
  return pages;
}

/** The document's width against the window's: the page must not scroll sideways. */
const scrollWidth = (page: Page) => page.locator('html').evaluate((html) => html.scrollWidth);

/** What the page shows beyond the window's sides (the table kept for measuring, hidden, does not count). */
const outside = (page: Page, width: number) =>
  page.locator('main').evaluate(
    (main, right) =>
      [...main.querySelectorAll('*')]
        .filter((element) => !element.closest('[aria-hidden="true"]'))
        .map((element) => [element, element.getBoundingClientRect()] as const)
        .filter(([, box]) => box.width > 0 && (box.left < -0.5 || box.right > right + 0.5))
        .map(([element, box]) => `${element.outerHTML.slice(0, 80)}: ${box.left}–${box.right}`),
    width,
  );

/** How many lines of its own line height a block is tall. */
const linesTall = (block: Locator) =>
  block.evaluate(
    (element) =>
      element.getBoundingClientRect().height /
      parseFloat(element.ownerDocument.defaultView!.getComputedStyle(element).lineHeight),
  );

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await signIn(request);
  for (const user of LONG_USERS) {
    const response = await request.post('/api/v1/admin/users', { data: user });
    expect(response.status(), await response.text()).toBe(201);
  }
  await request.dispose();
});

test.afterAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await signIn(request);
  for (const { username } of LONG_USERS) await request.delete('/api/v1/admin/users', { data: { username } });
  await request.dispose();
});

test('on a phone the users are cards, and the page never scrolls sideways, left to right or right to left', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page.request);
  for (const [language, dir] of [
    ['en', 'ltr'],
    ['ar', 'rtl'],
  ] as const) {
    await page.goto('/signin');
    await page.evaluate((code) => localStorage.setItem('i18nextLng', code), language);
    for (const address of await pagesOfLongUsers(page.request)) {
      await page.goto(address);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
      await expect(cards.filter({ hasText: new RegExp(`${tag}\\d\\d`) }).first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(await scrollWidth(page), `${language} ${address}`).toBeLessThanOrEqual(375);
      // Nothing is cut: every card and all in it (names, emails, buttons) lie within the window.
      expect(await outside(page, 375), `${language} ${address}`).toEqual([]);
    }
  }
});

test('on a wide screen the users are a table whose long emails wrap in a few lines and usernames in one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page.request);
  const [address] = await pagesOfLongUsers(page.request);
  await page.goto(address!);
  const table = page.getByRole('table', { name: /^Users \d+ to \d+ of \d+$/ });
  await expect(table).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(1280);
  // The table fits its box: no column is cut or scrolled out of sight.
  expect(
    await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth),
  ).toBe(0);

  const long = LONG_USERS.find((user) => user.email.startsWith('maximilian.'))!;
  const header = table.getByRole('rowheader', { name: new RegExp(`^${long.username} `) });
  await expect(header).toBeVisible();
  // The email's block (its line in the row header): 81 characters in at most 4 lines, never a letter a line.
  const email = header.getByText(long.email).locator('xpath=..');
  expect(await linesTall(email)).toBeLessThanOrEqual(4);
  expect(await linesTall(header.getByText(long.username, { exact: true }).locator('xpath=..'))).toBeLessThanOrEqual(1);
});
