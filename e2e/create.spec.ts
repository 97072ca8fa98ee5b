import type { Page } from '@playwright/test';
import { parseSecretUrl } from '../src/shared/rules/link.js';
import { expect, test } from './fixtures.js';
import { screenshot, secretStatus, unique } from './helpers.js';

const REVEAL = { name: 'Reveal secret' };

/** Writes `text` into the form and waits for the result; returns the full link shown. */
async function createThroughForm(page: Page, text: string, options: { submit?: string } = {}) {
  await page.getByLabel('Secret', { exact: true }).fill(text);
  await page.getByRole('button', { name: options.submit ?? 'Create secret link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your secret link is ready' })).toBeVisible();
  return page.getByLabel('Secret link', { exact: true }).inputValue();
}

test('a secret created on the home page opens once in a fresh browser, with the same text', async ({
  page,
  freshPage,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Share a secret' })).toBeVisible();
  await screenshot(page, 'create');
  const text = `${unique('made in the form')}\n  indented line\tand a tab — 🙂 مرحبا`;
  const link = await createThroughForm(page, text);
  await screenshot(page, 'create-result');

  const parsed = parseSecretUrl(link);
  expect(link.startsWith(`${baseURL}/secret/`)).toBe(true);
  expect(parsed?.key, 'the key travels in the fragment').toBeTruthy();
  expect(new URL(link).pathname).toBe(`/secret/${parsed!.id}`);
  expect(page.url(), 'the key never reaches the address bar of the creator').not.toContain(parsed!.key!);

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByTestId('secret-text')).toHaveText(text);

  const late = await freshPage();
  await late.goto(link);
  await expect(late.getByText('This secret is not available')).toBeVisible();
});

test('the lifetime, views and title chosen in the form reach the secret', async ({ page, freshPage, request }) => {
  await page.goto('/');
  await page.getByLabel('Expires after').selectOption({ label: '5 minutes' });
  await page.getByLabel('Maximum views').fill('3');
  await page.getByRole('button', { name: 'More options' }).click();
  const title = unique('A titled secret');
  await page.getByLabel('Title (optional)').fill(title);
  await screenshot(page, 'create-options');
  const text = unique('three views');
  const before = Date.now();
  const link = await createThroughForm(page, text);
  await expect(page.getByText('It can be opened 3 times, until')).toBeVisible();

  const id = parseSecretUrl(link)!.id;
  expect(await secretStatus(request, id)).toEqual({ viewsLeft: 3 });
  const status = (await (await request.get(`/api/v1/secret/${id}/exist`)).json()) as { expiresAt: string };
  const lifetime = new Date(status.expiresAt).getTime() - before;
  expect(lifetime).toBeGreaterThan(4 * 60_000);
  expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 5_000);

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expect(reader.getByText('It can be opened 2 more times.')).toBeVisible();
});

test('a password set in the form is needed to open the secret', async ({ page, freshPage }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('switch', { name: 'Protect with a password' }).check();
  const generated = page.getByLabel('Password', { exact: true });
  await expect(generated, 'a strong password is generated').toHaveValue(/^.{16,}$/);
  const password = 'pässwörd ✓ with spaces';
  await generated.fill(password);
  const text = unique('password from the form');
  const link = await createThroughForm(page, text);

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByLabel('Password').fill('not it');
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByText('Wrong password. 4 attempts left.')).toBeVisible();
  await reader.getByLabel('Password').fill(password);
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByTestId('secret-text')).toHaveText(text);
});

test('the link without key and the key, sent apart, open the secret together', async ({ page, freshPage }) => {
  await page.goto('/');
  const text = unique('sent in two parts');
  const full = await createThroughForm(page, text);
  const bare = await page.getByLabel('Link without key').inputValue();
  const key = await page.getByLabel('Decryption key').inputValue();
  expect(bare).toBe(full.split('#')[0]);
  expect(full).toContain(key);

  const reader = await freshPage();
  await reader.goto(bare);
  await reader.getByLabel('Decryption key').fill(key);
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByTestId('secret-text')).toHaveText(text);
});

test('Burn now deletes the secret: its link no longer opens', async ({ page, request }) => {
  await page.goto('/');
  const link = await createThroughForm(page, unique('burn me'));
  const id = parseSecretUrl(link)!.id;
  expect(await secretStatus(request, id)).toEqual({ viewsLeft: 1 });

  await page.getByRole('button', { name: 'Burn now' }).click();
  await expect(page.getByText('Delete this secret now?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The secret is deleted' })).toBeVisible();
  expect(await secretStatus(request, id)).toBe(404);
});

test('Create new secret starts over with an empty form', async ({ page }) => {
  await page.goto('/');
  await createThroughForm(page, unique('first of two'));
  await page.getByRole('button', { name: 'Create new secret' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share a secret' })).toBeFocused();
  await expect(page.getByLabel('Secret', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Secret link', { exact: true })).toHaveCount(0);
});

test('an empty secret is not sent: the form says what is missing and focuses the field', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/secret') posts.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Create secret link' }).click();
  await expect(page.getByText('Enter the secret to share.')).toBeVisible();
  await expect(page.getByLabel('Secret', { exact: true })).toBeFocused();
  await screenshot(page, 'create-invalid');
  expect(posts).toEqual([]);
});

test('a public secret made in the form says it is not encrypted and appears in the public list', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('switch', { name: 'Make it public' }).check();
  await expect(page.getByText('Public secrets are NOT encrypted', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Protect with a password' })).toBeDisabled();
  const title = unique('Public from the form');
  await page.getByLabel('Title (optional)').fill(title);
  const text = unique('public text');
  const link = await createThroughForm(page, text, { submit: 'Create public secret' });
  expect(parseSecretUrl(link)?.key ?? null, 'a public secret has no key').toBeNull();
  await expect(page.getByText('This secret is public: it is not encrypted')).toBeVisible();

  await page.goto('/public');
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('button', REVEAL).click();
  await expect(page.getByTestId('secret-text')).toHaveText(text);
});
