import { expect, test } from './fixtures.js';

test('the home page loads under the strict CSP with the runtime configuration', async ({ page, cspViolations }) => {
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
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
