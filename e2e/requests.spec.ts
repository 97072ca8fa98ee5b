import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInThroughForm, signUpThroughApi } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage, screenshot, unique } from './helpers.js';

/*
 * Issue 14, end to end in Chromium: a requester signs in and creates a request; a responder in another browser
 * context, with no account, answers with a text and a 5 MB file; the requester reveals both, byte for byte, and the
 * response is gone after its view. A server that swaps the request's public key is refused by the responder's page.
 */

const MB = 1_000_000;

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of fs.createReadStream(file)) hash.update(piece as Buffer);
  return hash.digest('hex');
}

/** Creates a request through the form and answers its links, as shown once on the result page. */
async function createRequest(page: Page, title: string, options: { files?: boolean; instructions?: string } = {}) {
  await page.goto('/account/requests/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  if (options.instructions) await page.getByLabel('Instructions (optional)').fill(options.instructions);
  if (options.files) await page.getByLabel('Responses may have files').check();
  await page.getByRole('button', { name: 'Create request' }).click();
  await expect(page.getByRole('heading', { name: 'Your request is ready' })).toBeVisible();
  const fillLink = await page.getByRole('textbox', { name: 'Link to answer' }).inputValue();
  const inboxLink = await page.getByRole('textbox', { name: 'Inbox link' }).inputValue();
  expect(fillLink).toMatch(/\/request\/[\w-]{22}#key=[\w-]{43}&pk=[\w-]{43}$/);
  expect(inboxLink).toMatch(/\/account\/requests\/[\w-]{22}#inbox=[\w-]{43}$/);
  return { fillLink, inboxLink, id: new URL(fillLink).pathname.split('/').pop()! };
}

test('a request answered with a text and a 5 MB file by someone with no account; only the requester opens it', async ({
  page,
  freshPage,
}, testInfo) => {
  test.setTimeout(120_000);
  const requester = await signUpThroughApi(page.request);
  const title = unique('VPN credentials for ACME');
  const instructions = 'Paste the password and attach the config file.';
  const { fillLink, id } = await createRequest(page, title, { files: true, instructions });
  await auditPage(page, 'requests-created', testInfo);

  // The responder: a fresh context, no cookies, no storage.
  const responder = await freshPage();
  const posted: string[] = [];
  responder.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // Page views are counted (analytics); anything else posted would be the response.
    if (request.method() !== 'GET' && !pathname.endsWith('/analytics/track')) posted.push(pathname);
  });
  await responder.goto(fillLink);
  await expect(responder.getByRole('heading', { level: 1 })).toContainText(
    `${requester.username} asks you for a secret`,
  );
  await expect(responder.getByText(title)).toBeVisible();
  await expect(responder.getByText(instructions)).toBeVisible();
  await auditPage(responder, 'requests-respond', testInfo);
  const answer = `the VPN password is ${randomBytes(8).toString('hex')}`;
  await responder.getByLabel('Secret', { exact: true }).fill(answer);
  const original = path.join(testInfo.outputDir, 'acme.ovpn');
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(original, randomBytes(5 * MB));
  await responder.locator('input[type=file]').setInputFiles(original);
  expect(posted, 'nothing is sent before Send').toEqual([]);
  await responder.getByRole('button', { name: 'Send securely' }).click();
  await expect(responder.getByRole('heading', { name: `Sent. Only ${requester.username} can open it.` })).toBeVisible({
    timeout: 60_000,
  });
  await screenshot(responder, 'requests-sent');

  // The requester: the unread count, then the inbox with the response; Reveal spends its one view.
  await page.goto('/account/requests');
  await expect(page.getByText('1 unread').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Account/ }).first()).toHaveAccessibleName(/1 unread response/);
  await page.goto(`/account/requests/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await auditPage(page, 'requests-inbox', testInfo);
  await page.getByRole('button', { name: 'Reveal Response 1' }).click();
  await expect(page.getByText(answer)).toBeVisible();
  // Opened: the account menu's count goes down at once, with no navigation.
  await expect(page.getByRole('link', { name: /Account/ }).first()).not.toHaveAccessibleName(/unread/);
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: /acme\.ovpn/ }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe('acme.ovpn');
  const copy = path.join(testInfo.outputDir, 'downloaded.ovpn');
  await download.saveAs(copy);
  expect(await sha256(copy)).toBe(await sha256(original));
  await screenshot(page, 'requests-revealed');

  // Its one view is spent: gone from the inbox and from the server.
  await page.reload();
  await expect(page.getByText('No responses to open.')).toBeVisible();

  // The data folder holds no plaintext of any of it.
  const dataDir = process.env.E2E_DATA_DIR!;
  const stored = fs
    .readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)));
  const bytes = Buffer.concat(stored);
  for (const needle of [title, instructions, answer, 'acme.ovpn']) {
    expect(bytes.includes(Buffer.from(needle)), `${needle} is stored in clear`).toBe(false);
  }
});

test('a server that swaps the request’s public key is refused by the responder’s page: nothing is sent', async ({
  page,
  freshPage,
}) => {
  await signUpThroughApi(page.request);
  const { fillLink } = await createRequest(page, unique('Swapped key'));
  const other = await createRequest(page, unique('The key the server hands out instead'));
  const otherKey = await (await page.request.get(`/api/v1/requests/${other.id}/form`)).json();

  const responder = await freshPage();
  // The stand-in for a malicious server: the real answer, with another request's (valid) public key in it.
  await responder.route('**/api/v1/requests/*/form', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, publicKey: otherKey.publicKey } });
  });
  const posted: string[] = [];
  responder.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // Page views are counted (analytics); anything else posted would be the response.
    if (request.method() !== 'GET' && !pathname.endsWith('/analytics/track')) posted.push(pathname);
  });
  await responder.goto(fillLink);
  await expect(responder.getByRole('alert')).toContainText('The key of this request does not match the link');
  await expect(responder.getByRole('button', { name: 'Send securely' })).toHaveCount(0);
  expect(posted).toEqual([]);
});

test('bad links say what is wrong: an incomplete fill link, a used-up request, an inbox link of another request', async ({
  page,
  freshPage,
}) => {
  await signUpThroughApi(page.request);
  const first = await createRequest(page, unique('First'));
  const second = await createRequest(page, unique('Second'));
  const responder = await freshPage();
  await responder.goto(first.fillLink.replace(/#.*$/, ''));
  await expect(responder.getByRole('alert')).toContainText('This link is incomplete');
  await page.request.post(`/api/v1/requests/${first.id}/revoke`);
  await responder.goto('/');
  await responder.goto(first.fillLink);
  await expect(responder.getByRole('status')).toContainText('This request is no longer open');

  // The inbox link of the first request, pointed at the second: its key does not open it.
  await page.goto(`/account/requests/${second.id}${new URL(first.inboxLink).hash}`);
  await expect(page.getByText('The inbox link you opened has a wrong or damaged key.')).toBeVisible();
});

test('the inbox link opens the request on another device; the list and the form pass axe', async ({
  page,
  freshPage,
}, testInfo) => {
  const requester = await signUpThroughApi(page.request);
  await page.goto('/account/requests/new');
  await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
  await auditPage(page, 'requests-new', testInfo);
  const title = unique('Opened on the other laptop');
  const { fillLink, inboxLink, id } = await createRequest(page, title);

  const responder = await freshPage();
  await responder.goto(fillLink);
  await responder.getByLabel('Secret', { exact: true }).fill('sent from a phone');
  await responder.getByRole('button', { name: 'Send securely' }).click();
  await expect(responder.getByRole('heading', { name: /^Sent\./ })).toBeVisible();

  await page.goto('/account/requests');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await auditPage(page, 'requests-list', testInfo);

  // Another device: the same account signed in, no keys kept; without the link the title stays locked.
  const laptop = await freshPage();
  const signedIn = await laptop.request.post('/api/v1/authentication/signin', {
    data: { username: requester.username, password: requester.password },
  });
  expect(signedIn.status()).toBe(200);
  await laptop.goto(`/account/requests/${id}`);
  await expect(laptop.getByText('Locked on this device')).toBeVisible();
  await laptop.goto(inboxLink);
  await expect(laptop.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(new URL(laptop.url()).hash, 'the key leaves the address bar').toBe('');
  await expect(laptop.getByRole('button', { name: 'Reveal Response 1' })).toBeEnabled();

  // A third device, signed out: the link goes through the sign-in and still opens the request after it.
  const phone = await freshPage();
  await phone.goto(inboxLink);
  await expect(phone).toHaveURL(/\/signin/);
  expect(new URL(phone.url()).hash, 'the key left the address bar').toBe('');
  await signInThroughForm(phone, requester);
  await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await phone.getByRole('button', { name: 'Reveal Response 1' }).click();
  await expect(phone.getByText('sent from a phone')).toBeVisible();
});
