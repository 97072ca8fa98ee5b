import type { Page } from '@playwright/test';
import { parseSecretUrl } from '../src/shared/rules/link.js';
import { parseReceiptLink } from '../src/shared/rules/receipts.js';
import { signUpThroughApi } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage, secretStatus, unique } from './helpers.js';

/*
 * Issue 15, receipts, end to end in Chromium: the creator keeps the receipt link the result page shows apart from the
 * secret link; it says whether the secret was opened (and never spends a view), and can burn it.
 */

/** Creates a secret through the form; answers its secret link, and its receipt link as the Copy button copied it. */
async function createWithReceipt(page: Page, text: string) {
  await page.goto('/');
  await page.getByLabel('Secret', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Create secret link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your secret link is ready' })).toBeVisible();
  const link = await page.getByLabel('Secret link', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Copy receipt link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  // A string, as the e2e code is typed for Node (no DOM types).
  const receiptLink = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(receiptLink).toBe(await page.getByLabel('Receipt link', { exact: true }).inputValue());
  return { link, receiptLink, id: parseSecretUrl(link)!.id };
}

const status = (page: Page) => page.getByRole('heading', { level: 2 }).first();

test('the receipt link shows a secret open, then the one view that ended it, and spends no view itself', async ({
  page,
  freshPage,
  request,
  baseURL,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { link, receiptLink, id } = await createWithReceipt(page, unique('read once, then told'));
  const parsed = parseReceiptLink(receiptLink);
  expect(receiptLink.startsWith(`${baseURL}/receipt/${id}#`)).toBe(true);
  expect(parsed?.id).toBe(id);
  expect(receiptLink, 'the receipt never carries the key').not.toContain(parseSecretUrl(link)!.key!);
  expect(link, 'the secret link never carries the delete token').not.toContain(parsed!.deleteToken);

  const creator = await freshPage();
  const secretCalls: string[] = [];
  creator.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/v1/secret')) secretCalls.push(sent.url());
  });
  await creator.goto(receiptLink);
  await expect(status(creator)).toHaveText('Waiting to be opened');
  await expect(creator.getByText('0 of 1 view used')).toBeVisible();
  await expect(creator.getByText('Not opened yet.')).toBeVisible();
  await creator.reload();
  await expect(status(creator)).toHaveText('Waiting to be opened');
  expect(await secretStatus(request, id), 'loading the receipt spends no view').toEqual({ viewsLeft: 1 });
  await auditPage(creator, 'receipt-open', testInfo);

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(reader.getByTestId('secret-text')).toBeVisible();

  await creator.getByRole('button', { name: 'Check again' }).click();
  await expect(status(creator)).toHaveText('Ended by its last view');
  await expect(creator.getByText('1 of 1 view used')).toBeVisible();
  const views = creator.getByRole('region', { name: 'When it was opened (1)' }).getByRole('listitem');
  await expect(views).toHaveCount(1);
  await expect(creator.getByText('Status kept until')).toBeVisible();
  await expect(creator.getByRole('button', { name: 'Burn now' })).toHaveCount(0);
  expect(secretCalls, 'the receipt page never asks for the secret').toEqual([]);
  await auditPage(creator, 'receipt-ended', testInfo);
});

test('the receipt link burns the secret; the receipt then says its creator burned it', async ({
  page,
  freshPage,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { link, receiptLink } = await createWithReceipt(page, unique('burned from the receipt'));

  const creator = await freshPage();
  await creator.goto(receiptLink);
  await creator.getByRole('button', { name: 'Burn now' }).click();
  await creator.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(status(creator)).toHaveText('Burned by the creator');
  await expect(creator.locator(':focus'), 'focus goes to the message').toHaveText(
    'The secret is deleted: nobody can open it any more.',
  );
  await expect(creator.getByText('0 of 1 view used')).toBeVisible();
  await auditPage(creator, 'receipt-burned', testInfo);

  const reader = await freshPage();
  await reader.goto(link);
  await expect(reader.getByText('This secret is not available')).toBeVisible();
});

test('a signed-in creator opens a receipt from the own secrets, and finds it among the ended ones', async ({
  page,
  freshPage,
}, testInfo) => {
  await signUpThroughApi(page.request);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { link, id } = await createWithReceipt(page, unique('owned, then read'));

  await page.goto('/account/secrets');
  const row = page.getByRole('list', { name: 'Your secrets' }).getByRole('listitem').filter({ hasText: id });
  await row.getByRole('link', { name: 'Receipt of the secret “Untitled”' }).click();
  await expect(page).toHaveURL(`/receipt/${id}`);
  await expect(page.getByText(/What happened to your secret/)).toBeVisible();
  await expect(status(page)).toHaveText('Waiting to be opened');

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(reader.getByTestId('secret-text')).toBeVisible();

  await page.goto('/account/secrets');
  const ended = page.getByRole('list', { name: 'Ended' }).getByRole('listitem').filter({ hasText: id });
  await expect(ended.getByText('Ended by its last view')).toBeVisible();
  await expect(ended.getByText('1 of 1 view used')).toBeVisible();
  await auditPage(page, 'receipt-account-ended', testInfo);
  await ended.getByRole('link', { name: `Receipt of the ended secret ${id}` }).click();
  await expect(status(page)).toHaveText('Ended by its last view');
});
