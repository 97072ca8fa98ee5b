import { HEADER_ONLY_DIRECTIVES } from '../src/shared/rules/csp.js';
import { expect, test } from './fixtures.js';
import { screenshot } from './helpers.js';

test('the home page loads under the strict CSP with the runtime configuration', async ({ page, cspViolations }) => {
  const response = await page.goto('/');
  const header = response?.headers()['content-security-policy'] ?? '';
  expect(header).toContain("default-src 'self'");
  // The built page carries the same policy as a <meta>, minus what a <meta> cannot hold (frame-ancestors).
  const meta = await page.locator('head meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  const headerWithoutHeaderOnly = header
    .split('; ')
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.includes(directive.split(' ')[0]!))
    .join('; ');
  expect(meta).toBe(headerWithoutHeaderOnly);
  expect(meta).not.toContain('frame-ancestors');
  await expect(page.getByRole('link', { name: 'Hush' })).toBeVisible();
  await expect(page.getByTestId('version')).toHaveText(/^v\d+\.\d+\.\d+ · \S+$/);
  expect(cspViolations).toEqual([]);
});

test('a deep link is answered by the web client and keeps its fragment', async ({ page }) => {
  await page.goto('/secret/AAAAAAAAAAAAAAAAAAAAAA#encryption_key=abc');
  await expect(page.getByRole('heading', { name: 'A secret for you' })).toBeVisible();
  await expect(page.getByText('This secret is not available')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#encryption_key=abc');
});

test('an unknown API path answers JSON, not the page', async ({ request }) => {
  const response = await request.get('/api/v1/nothing-here');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ code: 'request.not_found', message: 'No such route' });
});

test.describe('on a 375px wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu toggle opens the drawer, and the overlay, Escape and the toggle close it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Public secrets' })).toBeFocused();
    await screenshot(page, 'drawer-open-375');

    // A click on the dimmed area beside the panel (the panel is at most 288px wide).
    await page.getByTestId('drawer-overlay').click({ position: { x: 340, y: 300 } });
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle, 'keyboard users keep their place').toBeFocused();

    await toggle.click();
    await expect(drawer).toBeVisible();
    await close.click();
    await expect(drawer).toBeHidden();
  });

  test('the links in the drawer navigate and close it', async ({ page }) => {
    await page.goto('/');
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    for (const [name, path] of [
      ['Public secrets', '/public'],
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
    ] as const) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.getByRole('link', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(drawer).toBeHidden();
    }
    await page.getByRole('link', { name: 'Hush' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the header stays 75px high and fixed while the page scrolls', async ({ page }) => {
    await page.goto('/privacy');
    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('position', 'fixed');
    expect((await header.boundingBox())?.height).toBe(75);
    await page.mouse.wheel(0, 600);
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  });
});

test('on a wide screen the header shows the main navigation and no menu toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Public secrets' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await main.getByRole('link', { name: 'Public secrets' }).click();
  await expect(page).toHaveURL('/public');
});

test('the footer links to privacy, terms and the API documentation', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const [name, path] of [
    ['Privacy', '/privacy'],
    ['Terms', '/terms'],
    ['API', '/api-docs'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(path);
  }
});

test('an unknown page shows the not-found page inside the shell', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the first Tab reaches a visible "Skip to content" link that leads to the main content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Secret', { exact: true }), 'the header is skipped').toBeFocused();
});
