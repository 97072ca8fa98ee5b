import type { APIRequestContext, Page } from '@playwright/test';
import { mainNav, newUser, signInThroughForm } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage, unique } from './helpers.js';
import { E2E_ADMIN } from './server-env.js';

const SWITCHES_OFF = { disable_users: false, disable_user_account_creation: false, read_only: false };

/** Signs the page's context in as the instance's admin, through the form. */
async function signInAsAdmin(page: Page) {
  await page.goto('/signin');
  await signInThroughForm(page, E2E_ADMIN);
  await expect(page).toHaveURL('/account');
}

/** Puts the switches this spec touches back, whatever happened: later specs need an open instance. */
async function resetSettings(request: APIRequestContext) {
  const signin = await request.post('/api/v1/authentication/signin', { data: E2E_ADMIN });
  expect(signin.status()).toBe(200);
  const current = await (await request.get('/api/v1/admin/settings')).json();
  const { managed: _managed, ...settings } = current as Record<string, unknown>;
  const response = await request.put('/api/v1/admin/settings', { data: { ...settings, ...SWITCHES_OFF } });
  expect(response.status(), await response.text()).toBe(200);
}

test.afterEach(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await resetSettings(request);
  await request.dispose();
});

test('an admin turns read-only on, an anonymous visitor finds creating closed, the admin creates a user who signs in, and the analytics page draws its charts', async ({
  page,
  freshPage,
}, testInfo) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);

  // Instance settings: read-only on.
  await page
    .getByRole('navigation', { name: 'Account', exact: true })
    .getByRole('link', { name: 'Instance settings' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Instance settings' })).toBeVisible();
  const readOnly = page.getByRole('switch', { name: 'Read-only' });
  await expect(readOnly).not.toBeChecked();
  await auditPage(page, 'admin-settings', testInfo);
  await readOnly.click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The settings are saved and apply at once.')).toBeVisible();
  await expect(readOnly).toBeChecked();

  // An anonymous visitor is told before typing, and finds the form closed; the server refuses all the same.
  const visitor = await freshPage();
  await visitor.goto('/');
  await expect(
    visitor.getByText('This instance is read-only: only admins and creators can create secrets.'),
  ).toBeVisible();
  await expect(visitor.getByLabel('Secret', { exact: true })).toBeDisabled();
  await expect(visitor.getByRole('button', { name: 'Create secret link' })).toBeDisabled();
  const refused = await visitor.request.post('/api/v1/secret', {
    data: { ttl: 3600, maxViews: 1, text: unique('refused while read-only'), isPublic: true },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('secret.read_only');

  // Users: the admin creates a user with a password of their choosing.
  await page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  // The row header holds the username (and a badge for one's own) over the email.
  await expect(page.getByRole('rowheader', { name: new RegExp(`^${E2E_ADMIN.username} You \\S+@`) })).toBeVisible();
  const user = newUser();
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a user' });
  await dialog.getByLabel('Username').fill(user.username);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await auditPage(page, 'admin-users-create', testInfo);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`The user ${user.username} is created.`)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: `${user.username} ${user.email}`, exact: true })).toBeVisible();
  await auditPage(page, 'admin-users', testInfo);

  // That user signs in, in another browser.
  const member = await freshPage();
  await member.goto('/signin');
  await signInThroughForm(member, user);
  await expect(member).toHaveURL('/account');
  await expect(member.getByText(`You are signed in as ${user.username}.`)).toBeVisible();
  // A plain user sees no admin entries, and the admin pages answer with the forbidden state.
  await expect(member.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await member.goto('/account/analytics');
  await expect(member.getByText('You do not have permission to see analytics')).toBeVisible();

  // Analytics: the page views of this test are counted and drawn.
  await page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const chart = page.getByRole('img', { name: /Line chart of visits and unique visitors per day/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg .recharts-line').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visits per page' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: '/account/users', exact: true })).toBeVisible();
  await auditPage(page, 'admin-analytics', testInfo);
  await expect(mainNav(page).getByRole('link', { name: 'Account' })).toBeVisible();
});

test('with sign-up disabled the sign-up link is gone, the server refuses sign-up, and the admin can still sign in', async ({
  page,
  freshPage,
  request,
}) => {
  await signInAsAdmin(page);
  await page.goto('/account/instance-settings');
  await page.getByRole('switch', { name: 'Turn off sign-up' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The settings are saved and apply at once.')).toBeVisible();

  const visitor = await freshPage();
  await visitor.goto('/');
  await expect(mainNav(visitor).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(mainNav(visitor).getByRole('link', { name: 'Sign up' })).toHaveCount(0);
  const refused = await request.post('/api/v1/authentication/signup', { data: newUser() });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('auth.signup_disabled');

  await visitor.goto('/signin');
  await signInThroughForm(visitor, E2E_ADMIN);
  await expect(visitor).toHaveURL('/account');
});

test('an admin without a second factor is warned before requiring one of everyone, and the server refuses it', async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  await page.goto('/account/instance-settings');
  const requirement = page.getByLabel('Require a second factor');
  await expect(requirement).toHaveValue('off');
  await requirement.selectOption('everyone');
  const warning = page.getByText('You have no second factor yet, and you signed in with a password.');
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('link', { name: 'Set one up on the security page' })).toBeVisible();
  // The link in the warning's sentence is told apart from it by more than its colour (axe: link-in-text-block).
  await auditPage(page, 'admin-settings-own-factor-missing', testInfo);

  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Set up two-factor codes or a passkey for your own account first: this choice would lock you out of the admin pages.',
  );
  await page.reload();
  await expect(page.getByLabel('Require a second factor')).toHaveValue('off');
});
