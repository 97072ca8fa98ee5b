import type { Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../src/server/test-utils/oidc-provider.js';
import { freePort, startServerProcess, type ServerProcess } from '../src/server/test-utils/server-process.js';
import { loginCookie, mainNav, newUser } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage } from './helpers.js';

/*
 * Issue 16.1, end to end in Chromium: single sign-on through a real OpenID provider (oidc-provider on
 * 127.0.0.1:3393, with a one-field sign-in page of its own), against Hush instances this spec starts (the built one,
 * dist/) with HUSH_OIDC_* settings: provider 1 is the live one, provider 2 an address where nothing listens.
 */

const PROVIDER_PORT = 3393;
const ADMIN = { username: 'breakglass', password: 'break glass password' };

let provider: TestProvider;
let hush: ServerProcess;
let ssoOnly: ServerProcess;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

const registration = (url: string) => ({
  redirect_uris: [`${url}/api/v1/authentication/oidc/1/callback`],
  post_logout_redirect_uris: [`${url}/signin`],
});
const oidcEnv = (url: string, downPort: number) => ({
  HUSH_PUBLIC_URL: url,
  HUSH_RATE_LIMIT: 'false',
  HUSH_OIDC_ALLOW_HTTP: 'true',
  HUSH_OIDC_1_ISSUER: provider.issuer,
  HUSH_OIDC_1_CLIENT_ID: 'hush',
  HUSH_OIDC_1_CLIENT_SECRET: 'hush-e2e-client-secret',
  HUSH_OIDC_1_NAME: 'Example ID',
  HUSH_OIDC_1_SCOPES: 'openid email profile groups',
  HUSH_OIDC_2_ISSUER: `http://127.0.0.1:${downPort}`,
  HUSH_OIDC_2_CLIENT_ID: 'hush',
  HUSH_OIDC_2_NAME: 'Partners',
  HUSH_OIDC_ROLE_CLAIM: 'groups',
  HUSH_OIDC_ADMIN_VALUES: 'hush-admins',
});

test.beforeAll(async () => {
  const [port, ssoPort, downPort] = [await freePort(), await freePort(), await freePort()];
  const [url, ssoUrl] = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${ssoPort}`];
  provider = await startTestProvider({
    port: PROVIDER_PORT,
    clients: [
      {
        client_id: 'hush',
        client_secret: 'hush-e2e-client-secret',
        redirect_uris: [...registration(url).redirect_uris, ...registration(ssoUrl).redirect_uris],
        post_logout_redirect_uris: [
          ...registration(url).post_logout_redirect_uris,
          ...registration(ssoUrl).post_logout_redirect_uris,
        ],
      },
    ],
  });
  hush = await startServerProcess(oidcEnv(url, downPort), { entry: 'dist/server/main.js', port });
  ssoOnly = await startServerProcess(
    {
      ...oidcEnv(ssoUrl, downPort),
      HUSH_SSO_ONLY: 'true',
      HUSH_ADMIN_USERNAME: ADMIN.username,
      HUSH_ADMIN_PASSWORD: ADMIN.password,
    },
    { entry: 'dist/server/main.js', port: ssoPort },
  );
});

test.afterAll(async () => {
  await Promise.all([hush?.stop(), ssoOnly?.stop()]);
  await provider?.stop();
});

/** A person at the provider: an account there, signed into by typing its name on the provider's page. */
function personAt(claims: { email?: string; email_verified?: boolean; groups?: string[] } = {}) {
  const { username } = newUser();
  const account = {
    sub: `sub-${username}`,
    preferred_username: username,
    email: `${username}@example.com`,
    email_verified: true,
    ...claims,
  };
  provider.accounts.set(account.sub, account);
  return account;
}

async function throughProvider(page: Page, sub: string) {
  await expect(page.getByRole('heading', { name: 'Test provider' })).toBeVisible();
  await page.getByLabel('Account').fill(sub);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new user signs in with the provider’s button; signing out ends the provider’s session; they come back', async ({
  page,
}, testInfo) => {
  const person = personAt();
  await page.goto(`${hush.url}/signin?next=%2Faccount%2Fsecrets`);
  const button = page.getByRole('link', { name: 'Continue with Example ID' });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Username or email')).toBeVisible();
  await auditPage(page, 'oidc-signin', testInfo);
  // Keyboard only: the button is reachable and followed with Enter.
  await button.focus();
  await page.keyboard.press('Enter');
  await throughProvider(page, person.sub);
  await expect(page).toHaveURL(`${hush.url}/account/secrets`);
  expect((await loginCookie(page.context()))?.username).toBe(person.preferred_username);

  await mainNav(page).getByRole('link', { name: 'Sign out' }).click();
  // The provider's own sign-out page, then back to Hush's sign-in page.
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${hush.url}/signin`);
  expect(await loginCookie(page.context())).toBeNull();

  // Returning: the same account, whatever the provider calls them now.
  provider.accounts.set(person.sub, { ...person, preferred_username: 'renamed_there' });
  await page.getByRole('link', { name: 'Continue with Example ID' }).click();
  await throughProvider(page, person.sub);
  await expect(page).toHaveURL(`${hush.url}/account`);
  expect((await loginCookie(page.context()))?.username).toBe(person.preferred_username);
});

test('the provider’s admin group makes an admin', async ({ page }) => {
  const person = personAt({ groups: ['hush-admins'] });
  await page.goto(`${hush.url}/signin`);
  await page.getByRole('link', { name: 'Continue with Example ID' }).click();
  await throughProvider(page, person.sub);
  await expect(page).toHaveURL(`${hush.url}/account`);
  const me = await page.request.get(`${hush.url}/api/v1/authentication/verify`);
  expect((await me.json()).role).toBe('admin');
});

test('an existing account is linked by its verified email once its password confirms it', async ({
  page,
}, testInfo) => {
  const local = newUser();
  const made = await page.request.post(`${hush.url}/api/v1/authentication/signup`, { data: local });
  expect(made.status()).toBe(201);
  await page.context().clearCookies();
  const person = personAt({ email: local.email });

  await page.goto(`${hush.url}/signin`);
  await page.getByRole('link', { name: 'Continue with Example ID' }).click();
  await throughProvider(page, person.sub);
  await expect(page).toHaveURL(`${hush.url}/signin/link`);
  await expect(page.getByRole('heading', { level: 1, name: 'Link your account' })).toBeVisible();
  await expect(page.getByText(`An account with the email ${local.email} exists here`)).toBeVisible();
  await auditPage(page, 'oidc-link', testInfo);
  const password = page.getByLabel(`Password of ${local.username}`);
  await password.fill('not the password');
  await password.press('Enter');
  await expect(page.getByText('This is not the account’s password.')).toBeVisible();
  await password.fill(local.password);
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page).toHaveURL(`${hush.url}/account`);
  expect((await loginCookie(page.context()))?.username).toBe(local.username);
});

test('a signed-in user links the provider from the security page, then unlinks it', async ({ page }, testInfo) => {
  const local = newUser();
  const made = await page.request.post(`${hush.url}/api/v1/authentication/signup`, { data: local });
  expect(made.status()).toBe(201);
  // At the provider under another email: a link from a signed-in session needs no email match.
  const person = personAt({ email: `${local.username}@elsewhere.example` });
  await page.goto(`${hush.url}/account/security`);
  const section = page.getByRole('group', { name: 'Single sign-on' });
  await expect(section.getByText('No provider is linked to your account yet.')).toBeVisible();
  await section.getByRole('link', { name: 'Link Example ID' }).click();
  await throughProvider(page, person.sub);
  await expect(page).toHaveURL(`${hush.url}/account/security`);
  await expect(section.getByRole('list', { name: 'Linked providers' })).toContainText(person.email);
  expect((await loginCookie(page.context()))?.username).toBe(local.username);
  await auditPage(page, 'oidc-security-linked', testInfo);
  await section.getByRole('button', { name: 'Unlink Example ID' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(section.getByText('No provider is linked to your account yet.')).toBeVisible();
});

test('a provider that cannot be reached is said so on the sign-in page', async ({ page }, testInfo) => {
  await page.goto(`${hush.url}/signin`);
  await page.getByRole('link', { name: 'Continue with Partners' }).click();
  await expect(page).toHaveURL(`${hush.url}/signin?error=oidc.unavailable`);
  await expect(page.getByRole('alert')).toContainText('The sign-in provider could not be reached');
  await auditPage(page, 'oidc-signin-error', testInfo);
});

test('SSO-only: no password form or sign-up, but the break-glass admin signs in with a password', async ({
  freshPage,
}, testInfo) => {
  const page = await freshPage();
  await page.goto(`${ssoOnly.url}/signin`);
  await expect(page.getByRole('link', { name: 'Continue with Example ID' })).toBeVisible();
  await expect(page.getByLabel('Username or email')).toBeHidden();
  // No "No account? Sign up" under the form: the sign-up page offers the providers alone.
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  await auditPage(page, 'oidc-sso-only', testInfo);
  await page.goto(`${ssoOnly.url}/signup`);
  await expect(page.getByText('Accounts here are created by signing in with single sign-on.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with Example ID' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  const refused = await page.request.post(`${ssoOnly.url}/api/v1/authentication/signup`, { data: newUser() });
  expect((await refused.json()).code).toBe('auth.sso_only');

  await page.goto(`${ssoOnly.url}/signin`);

  await page.getByText('Administrator sign-in').click();
  await page.getByLabel('Username or email').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${ssoOnly.url}/account`);
  expect((await loginCookie(page.context()))?.username).toBe(ADMIN.username);
});
