import type { Locator, Page } from '@playwright/test';
import { mailedLink } from '../src/server/test-utils/account-mail.js';
import { freePort, startServerProcess, type ServerProcess } from '../src/server/test-utils/server-process.js';
import { startSmtpSink } from '../src/server/test-utils/smtp-sink.js';
import { newUser } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage } from './helpers.js';

/*
 * Issue 16.4, end to end in Chromium: password reset, email verification and (issue 29.1) sign-up by links emailed to
 * a real SMTP server (smtp-server on 127.0.0.1:3392), read out of the received mail and opened as a person would.
 * These need an instance that sends email: the spec starts its own Hush (the built one, dist/) with HUSH_SMTP_URL and
 * HUSH_PUBLIC_URL.
 */

const SMTP_PORT = 3392;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let hush: ServerProcess;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  sink = await startSmtpSink(undefined, SMTP_PORT);
  const port = await freePort();
  hush = await startServerProcess(
    {
      HUSH_SMTP_URL: sink.url,
      HUSH_SMTP_FROM: 'hush@example.com',
      HUSH_PUBLIC_URL: `http://127.0.0.1:${port}`,
      HUSH_RATE_LIMIT: 'false',
    },
    { entry: 'dist/server/main.js', port },
  );
});

test.afterAll(async () => {
  await hush?.stop();
  await sink?.close();
});

async function settled(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
}

test('a forgotten password is reset by the emailed link; older sessions end; the link works once', async ({
  page,
  freshPage,
}, testInfo) => {
  const user = newUser();
  // The older session: another browser, signed up (by the link emailed to the address) and in, with an API token.
  const older = await freshPage();
  const beforeSignup = sink.received.length;
  const signedUp = await older.request.post(`${hush.url}/api/v1/authentication/signup`, { data: user });
  expect(signedUp.status(), await signedUp.text()).toBe(202);
  const signupLink = await mailedLink(sink.received, user.email, 'confirm_signup', {
    after: beforeSignup,
    timeoutMs: 10_000,
  });
  const confirmed = await older.request.post(`${hush.url}/api/v1/authentication/signup/confirm`, {
    data: { token: signupLink.token, password: user.password },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  expect((await older.request.get(`${hush.url}/api/v1/account`)).status()).toBe(200);
  const minted = await older.request.post(`${hush.url}/api/v1/account/tokens`, { data: { name: 'script' } });
  const bearer = { authorization: `Bearer ${(await minted.json()).token}` };
  expect((await older.request.get(`${hush.url}/api/v1/secret`, { headers: bearer })).status()).toBe(200);

  await page.goto(`${hush.url}/signin`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(`${hush.url}/forgot-password`);
  await settled(page, 'Forgot your password?');
  await auditPage(page, 'password-reset-forgot', testInfo);
  const after = sink.received.length;
  await page.getByLabel('Username or email').fill(user.email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toBeVisible();

  const { link } = await mailedLink(sink.received, user.email, 'reset_password', { after, timeoutMs: 10_000 });
  expect(link.startsWith(`${hush.url}/reset-password#`)).toBe(true);
  await page.goto(link);
  await settled(page, 'Choose a new password');
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(`${hush.url}/reset-password`);
  await expect(page.getByText('Every API token of the account is revoked too.', { exact: false })).toBeVisible();
  await auditPage(page, 'password-reset-form', testInfo);
  const password = `new ${user.password}`;
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm the new password').fill(password);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toContainText(
    'Every API token of your account was revoked',
  );
  await auditPage(page, 'password-reset-done', testInfo);

  expect((await older.request.get(`${hush.url}/api/v1/account`)).status(), 'the older session ended').toBe(401);
  const tokenUse = await older.request.get(`${hush.url}/api/v1/secret`, { headers: bearer });
  expect(tokenUse.status(), 'the API token ended too').toBe(401);

  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${hush.url}/account`);
  await settled(page, 'Account');
  await expect(page.getByRole('main').getByText('Verified', { exact: true })).toBeVisible();

  const again = await freshPage();
  await again.goto(link);
  await settled(again, 'Choose a new password');
  await again.getByLabel('New password', { exact: true }).fill('one more password');
  await again.getByLabel('Confirm the new password').fill('one more password');
  await again.getByRole('button', { name: 'Set the new password' }).click();
  await expect(again.getByRole('alert')).toContainText(
    'This reset link has expired or was already used. Ask for a new one.',
  );
});

test('a sign-up is made by its emailed link and password; a new address is verified by the link sent to it', async ({
  page,
  freshPage,
}, testInfo) => {
  const user = newUser();
  await page.goto(`${hush.url}/signup`);
  await settled(page, 'Create an account');
  const after = sink.received.length;
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The same answer whether or not the address has an account: the email says which.
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(
    `We sent a message to ${user.email}.`,
  );
  await auditPage(page, 'signup-check-email', testInfo);

  const first = await mailedLink(sink.received, user.email, 'confirm_signup', { after, timeoutMs: 10_000 });
  await page.goto(first.link);
  await settled(page, 'Finish creating your account');
  await expect(page).toHaveURL(`${hush.url}/confirm-signup`);
  await auditPage(page, 'signup-confirm', testInfo);
  await page.getByLabel('Password', { exact: true }).fill(`not ${user.password}`);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('This is not the password chosen when signing up.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(`${hush.url}/account`);
  await settled(page, 'Account');
  const main = page.getByRole('main');
  // The link proved the address.
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();

  // A new address: unverified until the link sent to it is opened; "Send the link again" sends another.
  const changedTo = `new.${user.email}`;
  const beforeChange = sink.received.length;
  const changed = await page.request.put(`${hush.url}/api/v1/account/update`, {
    data: { currentPassword: user.password, email: changedTo },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  // The change itself sent a link to the new address; the one asked for below replaces it.
  const sentOnChange = await mailedLink(sink.received, changedTo, 'verify_email', {
    after: beforeChange,
    timeoutMs: 10_000,
  });
  await page.reload();
  await settled(page, 'Account');
  await expect(main.getByText('Not verified')).toBeVisible();
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(main.getByRole('status').filter({ hasText: `A link is on its way to ${changedTo}` })).toBeVisible();
  const second = await mailedLink(sink.received, changedTo, 'verify_email', {
    after: sentOnChange.index,
    timeoutMs: 10_000,
  });
  await page.goto(second.link);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${changedTo} is now the verified address` })).toBeVisible();

  // The sign-up's link made its account once: opened again elsewhere, it is refused.
  const elsewhere = await freshPage();
  await elsewhere.goto(first.link);
  await elsewhere.getByLabel('Password', { exact: true }).fill(user.password);
  await elsewhere.getByRole('button', { name: 'Create my account' }).click();
  await expect(elsewhere.getByRole('alert')).toContainText('This sign-up link has expired or was already used');
});

/** How far the text of `box` reaches past its left and right edges, in CSS pixels (0 when it stays inside). */
const textOverflow = (box: Locator) =>
  box.evaluate((element) => {
    const range = element.ownerDocument.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const own = element.getBoundingClientRect();
    return Math.max(0, own.left - text.left, text.right - own.right);
  });

test('on a phone, a long address stays inside the “Check your email” message, in English and in Arabic', async ({
  freshPage,
}) => {
  for (const locale of ['en-GB', 'ar']) {
    const page = await freshPage({ viewport: { width: 375, height: 740 }, locale });
    const user = newUser();
    const email = `anastasia.konstantinopoulou-vanderberghe+${user.username}@correo.universidad-autonoma-metropolitana.example.mx`;
    await page.goto(`${hush.url}/signup`);
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=username]').fill(user.username);
    await page.locator('input[name=password]').fill(user.password);
    await page.locator('form button[type=submit]').click();
    const message = page.getByRole('status').filter({ hasText: 'correo.universidad' });
    await expect(message).toBeVisible();
    expect(await textOverflow(message), `${locale}: the text reaches past the message's edges`).toBe(0);
  }
});
