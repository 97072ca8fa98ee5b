import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buildSecretUrl } from '../src/shared/rules/link.js';
import { expect, test } from './fixtures.js';
import { createPrivateSecret, randomKey, screenshot, secretStatus, unique, watchReads } from './helpers.js';

const REVEAL = { name: 'Reveal secret' };
const GONE = 'This secret is not available';

test('a secret opens once in a fresh browser with the same text, and is gone when opened again', async ({
  baseURL,
  freshPage,
}) => {
  const text = `${unique('line one')}\nline two ✓ — ünïcødé 🙂 שלום`;
  const secret = await createPrivateSecret(baseURL, { text, title: 'For the e2e reader' });

  const reader = await freshPage();
  await reader.goto(secret.link);
  await expect(reader.getByRole('heading', { name: 'A secret for you' })).toBeVisible();
  await expect(reader.getByText('This secret can be opened once more.')).toBeVisible();
  await screenshot(reader, 'view-ready');
  await reader.getByRole('button', REVEAL).press('Enter');
  await expect(reader.getByTestId('secret-text')).toHaveText(text);
  await expect(reader.getByRole('heading', { name: 'For the e2e reader' }), 'focus follows the content').toBeFocused();
  await expect(reader.getByText('This secret has been deleted from the server.')).toBeVisible();
  await screenshot(reader, 'view-revealed');

  const second = await freshPage();
  await second.goto(secret.link);
  await expect(second.getByText(GONE)).toBeVisible();
  await expect(second.getByRole('button', REVEAL)).toHaveCount(0);
  await screenshot(second, 'view-gone');
});

test('a secret whose text is not UTF-8 (hush create < photo.jpg) is offered as a download of the same bytes', async ({
  baseURL,
  freshPage,
}) => {
  const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), randomBytes(64 * 1024)]));
  const secret = await createPrivateSecret(baseURL, { text: bytes, title: 'A photo' });

  const reader = await freshPage();
  await reader.goto(secret.link);
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByText('This secret is not text but data (64 KiB)')).toBeVisible();
  await expect(reader.getByTestId('secret-text')).toBeHidden();
  await expect(reader.getByRole('button', { name: 'Copy text' })).toHaveCount(0);
  const saving = reader.waitForEvent('download');
  await reader.getByRole('button', { name: 'Download' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe('secret.bin');
  expect(Buffer.from(await readFile(await download.path())).equals(Buffer.from(bytes))).toBe(true);
});

test('loading the page spends no view: only the Reveal button does', async ({ baseURL, page, request }) => {
  const text = unique('survives page loads');
  const secret = await createPrivateSecret(baseURL, { text });
  const reads = watchReads(page, secret.id);

  await page.goto(secret.link);
  await expect(page.getByRole('button', REVEAL)).toBeEnabled();
  expect(await secretStatus(request, secret.id)).toEqual({ viewsLeft: 1 });
  await page.reload();
  await expect(page.getByRole('button', REVEAL)).toBeEnabled();
  expect(await secretStatus(request, secret.id)).toEqual({ viewsLeft: 1 });
  expect(reads).toEqual([]);

  await page.getByRole('button', REVEAL).click();
  await expect(page.getByTestId('secret-text')).toHaveText(text);
  expect(reads).toEqual(['POST']);
  expect(await secretStatus(request, secret.id)).toBe(404);
});

test('a wrong password says how many attempts are left, and the right one then opens the secret', async ({
  baseURL,
  freshPage,
}) => {
  const text = unique('behind a password');
  const secret = await createPrivateSecret(baseURL, { text, password: 'correct horse 🐎' });

  const reader = await freshPage();
  await reader.goto(secret.link);
  const password = reader.getByLabel('Password');
  await expect(password).toBeVisible();
  await expect(reader.getByRole('button', REVEAL)).toBeDisabled();
  await screenshot(reader, 'view-password');

  await password.fill('battery staple');
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByText('Wrong password. 4 attempts left.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await screenshot(reader, 'view-password-wrong');

  await password.fill('correct horse 🐎');
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByTestId('secret-text')).toHaveText(text);
});

test('a secret with two views opens in two browsers and is gone for the third', async ({ baseURL, freshPage }) => {
  const text = unique('twice');
  const secret = await createPrivateSecret(baseURL, { text, maxViews: 2 });

  const first = await freshPage();
  await first.goto(secret.link);
  await expect(first.getByText('This secret can be opened 2 more times.')).toBeVisible();
  await first.getByRole('button', REVEAL).click();
  await expect(first.getByTestId('secret-text')).toHaveText(text);
  await expect(first.getByText('It can be opened 1 more time.')).toBeVisible();

  const second = await freshPage();
  await second.goto(secret.link);
  await expect(second.getByText('This secret can be opened once more.')).toBeVisible();
  await second.getByRole('button', REVEAL).click();
  await expect(second.getByTestId('secret-text')).toHaveText(text);

  const third = await freshPage();
  await third.goto(secret.link);
  await expect(third.getByText(GONE)).toBeVisible();
});

test('a link without its key asks for it; a wrong key is refused without spending a view', async ({
  baseURL,
  page,
  request,
}) => {
  const text = unique('key typed in');
  const secret = await createPrivateSecret(baseURL, { text });
  await page.goto(buildSecretUrl(baseURL!, secret.id));

  const keyField = page.getByLabel('Decryption key');
  await expect(keyField).toBeVisible();
  await screenshot(page, 'view-key-needed');
  await keyField.fill(randomKey());
  await page.getByRole('button', REVEAL).click();
  await expect(page.getByText('This key does not open this secret.')).toBeVisible();
  await expect(keyField).toHaveAttribute('aria-invalid', 'true');
  expect(await secretStatus(request, secret.id)).toEqual({ viewsLeft: 1 });

  // A mistyped key of the right length that is not even valid base64url is refused the same way.
  await keyField.fill(secret.key.slice(0, 42) + (secret.key.endsWith('x') ? 'z' : 'x'));
  await page.getByRole('button', REVEAL).click();
  await expect(page.getByText('This key does not open this secret.')).toBeVisible();
  expect(await secretStatus(request, secret.id)).toEqual({ viewsLeft: 1 });

  await keyField.fill(secret.key);
  await page.getByRole('button', REVEAL).click();
  await expect(page.getByTestId('secret-text')).toHaveText(text);
});

test('the key field also takes the whole link with its key', async ({ baseURL, page }) => {
  const text = unique('whole link pasted');
  const secret = await createPrivateSecret(baseURL, { text });
  await page.goto(`/secret/${secret.id}`);
  await page.getByLabel('Decryption key').fill(`  ${secret.link}  `);
  await page.getByRole('button', REVEAL).click();
  await expect(page.getByTestId('secret-text')).toHaveText(text);
});

test('a link with the key in its path moves the key into the fragment at once, and the secret still opens', async ({
  baseURL,
  page,
}) => {
  const text = unique('key in the path');
  const secret = await createPrivateSecret(baseURL, { text });
  await page.goto(`/secret/${secret.key}/${secret.id}`);

  await expect(page).toHaveURL(`${baseURL}/secret/${secret.id}#encryption_key=${secret.key}`);
  expect(new URL(page.url()).pathname).not.toContain(secret.key);
  await page.getByRole('button', REVEAL).click();
  await expect(page.getByTestId('secret-text')).toHaveText(text);
});

test('a cut-short link says it is incomplete or damaged without asking the server', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/secret')) calls.push(request.url());
  });
  await page.goto(`/secret/AbCdEfGhIjKl#encryption_key=${randomKey()}`);
  await expect(page.getByText('This link is incomplete or damaged')).toBeVisible();
  await expect(page.getByRole('button', REVEAL)).toHaveCount(0);
  await screenshot(page, 'view-invalid-link');
  expect(calls).toEqual([]);
});
