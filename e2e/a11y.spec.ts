import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { auditPage, createPrivateSecret, createPublicSecret, randomKey, unique } from './helpers.js';

const REVEAL = { name: 'Reveal secret' };

/** The page has drawn its content: its h1 is there and nothing is still loading. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
}

test.describe('every page passes axe-core with no serious or critical violation, light and dark', () => {
  // axe walks every node twice (light and dark): the API documentation alone is thousands of nodes.
  test.describe.configure({ timeout: 90_000 });
  for (const [name, path, heading] of [
    ['home', '/', 'Share a secret'],
    ['privacy', '/privacy', /privacy/i],
    ['terms', '/terms', /terms/i],
    ['api-docs', '/api-docs', 'API documentation'],
    ['not-found', '/no/such/page', 'Page not found'],
    ['public-user-empty', '/public/nobody', 'Public secrets by nobody'],
  ] as const) {
    test(`${name} (${path})`, async ({ page }, testInfo) => {
      await page.goto(path);
      await settled(page, heading);
      await auditPage(page, `a11y-${name}`, testInfo);
    });
  }

  test('public list with secrets (/public)', async ({ page, request }, testInfo) => {
    await createPublicSecret(request, { title: unique('Listed for axe'), text: 'public text' });
    await createPublicSecret(request, { text: 'an untitled public secret' });
    await page.goto('/public');
    await settled(page, 'Public secrets');
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    await auditPage(page, 'a11y-public', testInfo);
  });

  test('create form with every option shown, and with an error', async ({ page }, testInfo) => {
    await page.goto('/');
    await settled(page, 'Share a secret');
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('switch', { name: 'Protect with a password' }).check();
    await page.getByRole('button', { name: 'Create secret link' }).click();
    await expect(page.getByText('Enter the secret to share.')).toBeVisible();
    await auditPage(page, 'a11y-create-options', testInfo);

    await page.getByRole('switch', { name: 'Make it public' }).check();
    await expect(page.getByText('Public secrets are NOT encrypted', { exact: true })).toBeVisible();
    await auditPage(page, 'a11y-create-public', testInfo);
  });

  test('create result and its burn question', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByLabel('Secret', { exact: true }).fill('for the result page');
    await page.getByRole('button', { name: 'Create secret link' }).click();
    await settled(page, 'Your secret link is ready');
    await auditPage(page, 'a11y-create-result', testInfo);

    await page.getByRole('button', { name: 'Burn now' }).click();
    await expect(page.getByRole('button', { name: 'Yes, delete it' })).toBeVisible();
    await auditPage(page, 'a11y-create-burn-question', testInfo);
  });

  test('view page: ready, then revealed', async ({ page, baseURL }, testInfo) => {
    const secret = await createPrivateSecret(baseURL, { text: 'for axe\nsecond line', title: 'Axe', maxViews: 3 });
    await page.goto(secret.link);
    await settled(page, 'A secret for you');
    await expect(page.getByRole('button', REVEAL)).toBeEnabled();
    await auditPage(page, 'a11y-view-ready', testInfo);

    await page.getByRole('button', REVEAL).click();
    await expect(page.getByTestId('secret-text')).toBeVisible();
    await auditPage(page, 'a11y-view-revealed', testInfo);
  });

  test('view page: password asked, then wrong', async ({ page, baseURL }, testInfo) => {
    const secret = await createPrivateSecret(baseURL, { text: 'for axe', password: 'right' });
    await page.goto(secret.link);
    await settled(page, 'A secret for you');
    await expect(page.getByLabel('Password')).toBeVisible();
    await auditPage(page, 'a11y-view-password', testInfo);

    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', REVEAL).click();
    await expect(page.getByText('Wrong password.')).toBeVisible();
    await auditPage(page, 'a11y-view-password-wrong', testInfo);
  });

  test('view page: key asked, then a wrong key', async ({ page, baseURL }, testInfo) => {
    const secret = await createPrivateSecret(baseURL, { text: 'for axe' });
    await page.goto(`/secret/${secret.id}`);
    await settled(page, 'A secret for you');
    await auditPage(page, 'a11y-view-key', testInfo);

    await page.getByLabel('Decryption key').fill(randomKey());
    await page.getByRole('button', REVEAL).click();
    await expect(page.getByText('This key does not open this secret.')).toBeVisible();
    await auditPage(page, 'a11y-view-key-wrong', testInfo);
  });

  test('view page: gone and damaged link', async ({ page }, testInfo) => {
    await page.goto('/secret/AAAAAAAAAAAAAAAAAAAAAA#encryption_key=abc');
    await settled(page, 'A secret for you');
    await expect(page.getByText('This secret is not available')).toBeVisible();
    await auditPage(page, 'a11y-view-gone', testInfo);

    await page.goto('/secret/AAAA');
    await expect(page.getByText('This link is incomplete or damaged')).toBeVisible();
    await auditPage(page, 'a11y-view-invalid', testInfo);
  });

  test('the open drawer on a 375px screen', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await settled(page, 'Share a secret');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await auditPage(page, 'a11y-drawer-375', testInfo);
  });
});
