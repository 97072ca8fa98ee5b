import type { Page } from '@playwright/test';
import { mailedLink } from '../src/server/test-utils/account-mail.js';
import { freePort, startServerProcess, type ServerProcess } from '../src/server/test-utils/server-process.js';
import { startSmtpSink } from '../src/server/test-utils/smtp-sink.js';
import { newUser } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage } from './helpers.js';

/*
 * Issue 16.4, end to end in Chromium: password reset and email verification by links emailed to a real SMTP server
 * (smtp-server on 127.0.0.1:3392), read out of the received mail and opened as a person would. These need an instance
 * that sends email: the spec starts its own Hush (the built one, dist/) with HUSH_SMTP_URL and HUSH_PUBLIC_URL.
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
  // The older session: another browser, signed up and in.
  const older = await freshPage();
  const signedUp = await older.request.post(`${hush.url}/api/v1/authentication/signup`, { data: user });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  expect((await older.request.get(`${hush.url}/api/v1/account`)).status()).toBe(200);

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
  await auditPage(page, 'password-reset-form', testInfo);
  const password = `new ${user.password}`;
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm the new password').fill(password);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toBeVisible();
  await auditPage(page, 'password-reset-done', testInfo);

  expect((await older.request.get(`${hush.url}/api/v1/account`)).status(), 'the older session ended').toBe(401);

  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${hush.url}/account`);
  await settled(page, 'Account');
  // The link proved the address.
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

test('a new address is verified by the emailed link, after sign-up and after a change', async ({
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
  await expect(page).toHaveURL(`${hush.url}/account`);
  await settled(page, 'Account');
  const main = page.getByRole('main');
  await expect(main.getByText('Not verified')).toBeVisible();
  await auditPage(page, 'email-unverified', testInfo);

  const first = await mailedLink(sink.received, user.email, 'verify_email', { after, timeoutMs: 10_000 });
  await page.goto(first.link);
  await settled(page, 'Confirm your email address');
  await expect(page).toHaveURL(`${hush.url}/verify-email`);
  await auditPage(page, 'email-verify', testInfo);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your account' }).click();
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

  // The link of the old address no longer counts (opened elsewhere: the link needs no session).
  const elsewhere = await freshPage();
  await elsewhere.goto(first.link);
  await elsewhere.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(elsewhere.getByRole('alert')).toContainText('This verification link has expired');
});
