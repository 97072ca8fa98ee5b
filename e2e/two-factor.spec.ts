import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { loginCookie, mainNav, newUser, signInThroughForm, signUpThroughApi } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage } from './helpers.js';

/**
 * Two-factor codes in Chromium (issue 16.2): set up from the security page with the key the page shows (codes
 * computed here with otpauth, as an authenticator app would), then the second step of signing in, with a code and
 * with a backup code, and a wrong code's message.
 */

/** The code an authenticator app holding `key` shows `offsetSeconds` from now. */
const codeOf = (key: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

async function signOut(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  expect(await loginCookie(page.context())).toBeNull();
}

async function passwordStep(page: Page, user: { username: string; password: string }) {
  await page.goto('/signin');
  await signInThroughForm(page, user);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  expect(await loginCookie(page.context())).toBeNull();
}

test('two-factor codes: set up with the shown key, then sign in with a code and with a backup code', async ({
  page,
}, testInfo) => {
  const user = await signUpThroughApi(page.request, newUser());
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { name: 'Two-factor codes' })).toBeVisible();
  await expect(page.getByText('Two-factor codes are off.')).toBeVisible();
  await auditPage(page, 'security', testInfo);

  await page.getByRole('button', { name: 'Set up two-factor codes' }).click();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const shownKey = page.getByTestId('totp-key');
  await expect(shownKey).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await shownKey.innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from your app').fill(codeOf(key));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('region', { name: 'Your backup codes' });
  await expect(codes).toBeVisible();
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const backupCodes = await codes.getByRole('listitem').allInnerTexts();
  await auditPage(page, 'security-backup-codes', testInfo);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('10 backup codes left.')).toBeVisible();
  await signOut(page);

  // A wrong code is refused and said so; the app's next code (one step ahead: the set-up used this one) gets in.
  await passwordStep(page, user);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await auditPage(page, 'second-factor', testInfo);
  await codeField.fill('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('This code is wrong or has expired');
  await expect(codeField).toBeFocused();
  await codeField.fill(codeOf(key, 30));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account/);
  expect(await loginCookie(page.context())).toMatchObject({ username: user.username });
  await signOut(page);

  // A backup code works once.
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account/);
  expect(await loginCookie(page.context())).toMatchObject({ username: user.username });

  await page.goto('/account/security');
  await expect(page.getByText('9 backup codes left.')).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(sessions.getByText('This browser')).toBeVisible();
  await signOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('This code is wrong or has expired');
});
