import { expect, test } from './fixtures.js';
import { createPrivateSecret, unique } from './helpers.js';

test.describe('a browser that prefers German', () => {
  test.use({ locale: 'de-DE' });

  test('gets the interface in German', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const main = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect(main.getByRole('link', { name: 'Öffentliche Geheimnisse' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Anmelden' })).toBeVisible();
    const footer = page.getByRole('navigation', { name: 'Fußzeile' });
    await expect(footer.getByRole('link', { name: 'Datenschutz', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Geheimnis teilen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Public secrets' })).toHaveCount(0);
  });

  test('opens a secret link in German', async ({ page, baseURL }) => {
    const text = unique('auf Deutsch');
    const secret = await createPrivateSecret(baseURL, { text });
    await page.goto(secret.link);
    await expect(page.getByRole('heading', { level: 1, name: 'Ein Geheimnis für dich' })).toBeVisible();
    await page.getByRole('button', { name: 'Geheimnis anzeigen' }).click();
    await expect(page.getByTestId('secret-text')).toHaveText(text);

    await page.reload();
    await expect(page.getByText('Dieses Geheimnis ist nicht verfügbar')).toBeVisible();
  });
});

test.describe('a browser that prefers a language Hush does not have', () => {
  test.use({ locale: 'sw-KE' });

  test('gets the interface in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Public secrets' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Share a secret' })).toBeVisible();
  });
});
