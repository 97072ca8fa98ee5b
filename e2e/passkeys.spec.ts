import type { CDPSession, Page } from '@playwright/test';
import { loginCookie, mainNav, newUser, signInThroughForm, signUpThroughApi } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage } from './helpers.js';

/**
 * Passkeys in Chromium, answered by its virtual authenticator (DevTools protocol, WebAuthn domain): a platform
 * authenticator with resident keys and user verification, as a laptop's. WebAuthn refuses IP addresses as the
 * relying party, so these pages are opened at localhost (the server takes the RP ID from the Host header).
 */

const port = Number(process.env.E2E_PORT ?? 3199);
test.use({ baseURL: `http://localhost:${port}` });

/** A virtual authenticator for the page (its id), on a DevTools session of its own or the one given. */
async function virtualAuthenticator(page: Page, session?: CDPSession) {
  const cdp = session ?? (await page.context().newCDPSession(page));
  if (!session) await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const passkeyList = (page: Page) => page.getByRole('list', { name: 'Your passkeys' });

async function addPasskey(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(`Passkey “${name}” added.`)).toBeVisible();
  await expect(passkeyList(page).getByText(name, { exact: true })).toBeVisible();
}

async function signOut(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  expect(await loginCookie(page.context())).toBeNull();
}

test('passkeys: two registered, one renamed, one removed; then a passkey alone signs in', async ({
  page,
}, testInfo) => {
  const laptop = await virtualAuthenticator(page);
  const user = await signUpThroughApi(page.request, newUser());

  await page.goto('/account/security');
  const section = page.getByRole('heading', { name: 'Passkeys', exact: true });
  await expect(section).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await addPasskey(page, 'Laptop');
  // The same authenticator twice: the browser refuses (the options exclude the account's passkeys), and says so.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('This device holds a passkey for your account already.');
  // Another authenticator (a security key) takes the place of the first.
  await laptop.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop.authenticatorId });
  await virtualAuthenticator(page, laptop.cdp);
  await addPasskey(page, 'Phone key');
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(2);

  // Rename with the keyboard only: the dialog's field has the focus, Enter saves.
  await page.getByRole('button', { name: 'Rename passkey Phone key' }).focus();
  await page.keyboard.press('Enter');
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await expect(rename.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Backup key');
  await page.keyboard.press('Enter');
  await expect(rename).toHaveCount(0);
  await expect(passkeyList(page).getByText('Backup key', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Remove passkey Laptop' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(remove).toHaveCount(0);
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
  await auditPage(page, 'passkeys-section', testInfo);

  // Signed out, the passkey that is left signs in without a username (a discoverable credential).
  await signOut(page);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/account$/);
  expect((await loginCookie(page.context()))?.username).toBe(user.username);
  await expect(passkeyList(page)).toHaveCount(0);
  await page.goto('/account/security');
  await expect(passkeyList(page).getByText('Backup key', { exact: true })).toBeVisible();
  await expect(passkeyList(page).getByText(/^Last used /)).toBeVisible();
});

test('a passkey is the second step after the password', async ({ page }) => {
  await virtualAuthenticator(page);
  const user = await signUpThroughApi(page.request, newUser());
  await page.goto('/account/security');
  await addPasskey(page, 'Laptop');
  await signOut(page);

  await page.goto('/signin');
  await signInThroughForm(page, user);
  // No session yet: the second step asks for the passkey.
  const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeVisible();
  expect(await loginCookie(page.context())).toBeNull();
  await usePasskey.click();
  await expect(page).toHaveURL(/\/account$/);
  expect((await loginCookie(page.context()))?.username).toBe(user.username);
});

test('a browser without a passkey for this site is told so, and nobody is signed in', async ({ page }) => {
  await page.goto('/signin');
  await virtualAuthenticator(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  // The virtual authenticator holds no passkey for this site: Chromium reports the ceremony as not allowed.
  await expect(page.getByRole('alert')).toHaveText(/cancelled or timed out|could not use the passkey/);
  expect(await loginCookie(page.context())).toBeNull();
});
