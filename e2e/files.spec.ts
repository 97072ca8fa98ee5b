import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signUpThroughApi } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage, screenshot, unique } from './helpers.js';

// Anonymous uploads are refused by default (HUSH_UPLOAD_RESTRICTION): every test signs a new user up first.

const HOSTILE = '<img src=x onerror=alert(1)>.svg';
const MB = 1_000_000;

/** Writes `bytes` random bytes to `dir/name` in 16 MB slices (the test never holds the whole file). */
function randomFile(dir: string, name: string, bytes: number): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  const fd = fs.openSync(file, 'w');
  for (let written = 0; written < bytes; written += 16 * MB) {
    fs.writeSync(fd, randomBytes(Math.min(16 * MB, bytes - written)));
  }
  fs.closeSync(fd);
  return file;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of fs.createReadStream(file)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

/** Fills the form with a text and the files, and submits it. */
async function submitWithFiles(page: Page, files: Parameters<Page['setInputFiles']>[1]) {
  await page.goto('/');
  await page.getByLabel('Secret', { exact: true }).fill(unique('files attached'));
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByRole('button', { name: 'Create secret link' }).click();
}

const resultHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Your secret link is ready' });

/** Holds every part after the first at the network, so an upload can be caught halfway; returns the held ones. */
async function holdLaterParts(page: Page): Promise<string[]> {
  const held: string[] = [];
  await page.route(/\/api\/v1\/secret\/[^/]+\/files\/[^/]+\/parts\/(\d+)$/, async (route) => {
    const part = /(\d+)$/.exec(route.request().url())![1]!;
    if (part === '1') return route.continue();
    held.push(part);
    await new Promise(() => undefined); // never answered: the page cancels or reloads
  });
  return held;
}

test('a 200 MB file goes up encrypted in parts and downloads byte for byte identical', async ({
  page,
  freshPage,
}, testInfo) => {
  test.setTimeout(300_000);
  await signUpThroughApi(page.request);
  const original = randomFile(testInfo.outputDir, 'two-hundred.bin', 200 * MB);
  await submitWithFiles(page, original);
  await expect(page.getByRole('progressbar', { name: 'Upload of all files' })).toBeVisible();
  await expect(resultHeading(page)).toBeVisible({ timeout: 240_000 });
  await expect(page.getByText('two-hundred.bin')).toBeVisible();
  const link = await page.getByLabel('Secret link', { exact: true }).inputValue();

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByRole('button', { name: 'Reveal secret' }).click();
  const saving = reader.waitForEvent('download', { timeout: 240_000 });
  await reader.getByRole('button', { name: 'Download two-hundred.bin' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe('two-hundred.bin');
  const copy = path.join(testInfo.outputDir, 'downloaded.bin');
  await download.saveAs(copy);
  await expect(reader.getByText('Decrypted and verified: the file is complete and unchanged.')).toBeVisible();
  expect(fs.statSync(copy).size).toBe(200 * MB);
  expect(await sha256(copy)).toBe(await sha256(original));
});

test('a file smaller than one part shows its upload moving before the part is stored', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page.request);
  // A slow uplink: the one part takes seconds to go out, and the bars must move meanwhile, not jump from 0 to 100 %.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  const stored = page.waitForResponse((response) => /\/parts\/1$/.test(response.url()));
  let answered = false;
  void stored.then(
    () => (answered = true),
    () => undefined,
  );
  await submitWithFiles(page, randomFile(testInfo.outputDir, 'small.bin', 3 * MB));
  const total = page.getByRole('progressbar', { name: 'Upload of all files' });
  const file = page.getByRole('progressbar', { name: 'Upload of small.bin' });
  const between = async () => {
    const [all, one] = await Promise.all([total.getAttribute('aria-valuenow'), file.getAttribute('aria-valuenow')]);
    return !answered && Number(all) > 0 && Number(all) < 100 && Number(one) > 0;
  };
  await expect.poll(between, { message: 'part of the file has gone out, its part not yet stored' }).toBe(true);
  await stored;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(resultHeading(page)).toBeVisible({ timeout: 60_000 });
});

test('a file named like markup is shown as text, runs nothing, and is saved as an attachment', async ({
  page,
  freshPage,
}, testInfo) => {
  const dialogs: string[] = [];
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(2)"><script>alert(3)</script></svg>');
  await signUpThroughApi(page.request);
  page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  await page.goto('/');
  await page.locator('input[type=file]').setInputFiles({ name: HOSTILE, mimeType: 'image/svg+xml', buffer: svg });
  await expect(page.getByRole('list', { name: 'Files to attach' })).toContainText(HOSTILE);
  await auditPage(page, 'create-files', testInfo);
  await page.getByLabel('Secret', { exact: true }).fill(unique('hostile name'));
  await page.getByRole('button', { name: 'Create secret link' }).click();
  await expect(resultHeading(page)).toBeVisible();
  await expect(page.getByText(HOSTILE, { exact: true })).toBeVisible();
  const link = await page.getByLabel('Secret link', { exact: true }).inputValue();

  const reader = await freshPage();
  reader.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  await reader.goto(link);
  await reader.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(reader.getByTestId('file-name')).toHaveText(HOSTILE);
  await expect(reader.locator('img[src="x"]')).toHaveCount(0);
  await auditPage(reader, 'view-files', testInfo);
  const saving = reader.waitForEvent('download');
  await reader.getByRole('button', { name: `Download ${HOSTILE}` }).click();
  const download = await saving;
  // The browser may replace characters a file name cannot hold; the name is otherwise the sender's.
  expect(download.suggestedFilename()).toMatch(/^.img src=x onerror=alert\(1\).\.svg$/);
  const saved = await download.path();
  expect(fs.readFileSync(saved)).toEqual(svg);
  expect(new URL(reader.url()).pathname, 'nothing was opened in the page').toMatch(/^\/secret\//);
  expect(dialogs).toEqual([]);
});

test('an upload cancelled halfway is deleted and the form comes back', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page.request);
  await holdLaterParts(page);
  const created = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/secret');
  await submitWithFiles(page, randomFile(testInfo.outputDir, 'cancelled.bin', 20 * MB));
  const { id } = (await (await created).json()) as { id: string };
  await expect(page.getByRole('progressbar', { name: 'Upload of all files' })).toBeVisible();
  await screenshot(page, 'create-uploading');
  const burned = page.waitForResponse((response) => response.url().endsWith(`/secret/${id}/burn`));
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await burned;
  await expect(page.getByRole('button', { name: 'Create secret link' })).toBeEnabled();
  expect(
    await page.evaluate('sessionStorage.getItem("hush.pendingUpload")'),
    'nothing is kept for a resume',
  ).toBeNull();
  expect((await request.get(`/api/v1/secret/${id}/exist`)).status()).toBe(404);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a reload halfway through resumes with the same file, sending only the missing parts', async ({
  page,
  freshPage,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page.request);
  const original = randomFile(testInfo.outputDir, 'resumed.bin', 20 * MB);
  const held = await holdLaterParts(page);
  const firstPart = page.waitForResponse((response) => /\/parts\/1$/.test(response.url()) && response.ok());
  await submitWithFiles(page, original);
  await firstPart;
  await expect.poll(() => held.length, 'parts 2 and 3 are on their way when the page reloads').toBe(2);
  await page.reload();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  const sent: string[] = [];
  page.on('request', (request) => {
    const part = /\/parts\/(\d+)$/.exec(request.url());
    if (part && request.method() === 'PUT') sent.push(part[1]!);
  });
  await expect(page.getByRole('heading', { name: 'Finish your upload' })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(original);
  await page.getByRole('button', { name: 'Resume upload' }).click();
  await expect(resultHeading(page)).toBeVisible({ timeout: 60_000 });
  expect(sent.sort()).toEqual(['2', '3']);
  const link = await page.getByLabel('Secret link', { exact: true }).inputValue();

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByRole('button', { name: 'Reveal secret' }).click();
  const saving = reader.waitForEvent('download');
  await reader.getByRole('button', { name: 'Download resumed.bin' }).click();
  const copy = path.join(testInfo.outputDir, 'resumed-copy.bin');
  await (await saving).saveAs(copy);
  expect(await sha256(copy)).toBe(await sha256(original));
});
