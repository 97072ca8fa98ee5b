import { expect, test } from './fixtures.js';
import { createPublicSecret, screenshot, unique } from './helpers.js';

test('public secrets appear in the list of all public secrets, newest first, by anonymous authors', async ({
  page,
  request,
}) => {
  const titles = [unique('Oldest public'), unique('Middle public'), unique('Newest public')];
  for (const title of titles) {
    await createPublicSecret(request, { title, text: `text of ${title}` });
    await new Promise((resolve) => setTimeout(resolve, 15)); // distinct creation times
  }

  await page.goto('/public');
  await expect(page.getByRole('heading', { level: 1, name: 'Public secrets' })).toBeVisible();
  await expect(page.getByText('Public secrets are not encrypted')).toBeVisible();
  const list = page.getByRole('main').getByRole('list');
  await expect(list.getByRole('link', { name: titles[2] })).toBeVisible();

  const shown = await list.getByRole('heading', { level: 2 }).allTextContents();
  const positions = titles.map((title) => shown.indexOf(title));
  expect(
    positions.every((position) => position >= 0),
    `all three are listed: ${shown.join(' | ')}`,
  ).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => b - a));

  const newest = list.getByRole('listitem').filter({ hasText: titles[2] });
  await expect(newest).toContainText('by anonymous');
  await expect(newest.getByRole('time')).toHaveText(/^expires in (59|60) minutes$|^expires in 1 hour$/);
  await screenshot(page, 'public');
});

test('a public secret opens from the list without a key, and shows its plain text', async ({ page, request }) => {
  const title = unique('Open me publicly');
  const text = unique('plain public text');
  await createPublicSecret(request, { title, text });

  await page.goto('/public');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/secret\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByLabel('Decryption key')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(page.getByTestId('secret-text')).toHaveText(text);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test("a user's public list says when that user has nothing public", async ({ page }) => {
  await page.goto('/public/nobody');
  await expect(page.getByRole('heading', { level: 1, name: 'Public secrets by nobody' })).toBeVisible();
  await expect(page.getByText('No public secrets yet')).toBeVisible();
  await expect(page.getByText('nobody has no public secrets right now.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
  await expect(page).toHaveTitle('Public secrets by nobody · Hush');
  await screenshot(page, 'public-user-empty');

  await page.getByRole('link', { name: 'All public secrets' }).click();
  await expect(page).toHaveURL(/\/public$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Public secrets' })).toBeVisible();
});
