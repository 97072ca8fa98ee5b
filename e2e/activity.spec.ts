import type { Page } from '@playwright/test';
import { parseSecretUrl } from '../src/shared/rules/link.js';
import { mainNav, signUpThroughApi } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage, unique } from './helpers.js';

/*
 * Issue 15, activity, end to end in Chromium: what happens to a signed-in user's secret in another browser shows as
 * a count on the account link and as an entry of /account/activity (with a link to its receipt); viewing the page
 * marks it seen. With no SMTP server, the email choices say they are unavailable.
 */

const REVEAL = { name: 'Reveal secret' };

/** Creates a secret through the home page's form (owned by the signed-in user); answers its link and id. */
async function createThroughForm(page: Page, text: string, options: { password?: string } = {}) {
  await page.goto('/');
  await page.getByLabel('Secret', { exact: true }).fill(text);
  if (options.password !== undefined) {
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('switch', { name: 'Protect with a password' }).check();
    await page.getByLabel('Password', { exact: true }).fill(options.password);
  }
  await page.getByRole('button', { name: 'Create secret link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your secret link is ready' })).toBeVisible();
  const link = await page.getByLabel('Secret link', { exact: true }).inputValue();
  return { link, id: parseSecretUrl(link)!.id };
}

/** The header's account link, whose name carries the count ("Account (1 new event)"). */
const accountLink = (page: Page) => mainNav(page).getByRole('link', { name: /^Account/ });
/** The account sidebar's Activity link, which carries the same count. */
const activityLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Account', exact: true }).getByRole('link', { name: /^Activity/ });

/** The activity entry of the secret `id`: the one whose receipt link leads to it. */
const entryOf = (page: Page, id: string) =>
  page
    .getByRole('list', { name: 'Your activity' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="/receipt/${id}"]`) });

test('a secret opened in another browser shows as a new event on the account link and in Activity, with its receipt; seen, the count goes', async ({
  page,
  freshPage,
}, testInfo) => {
  await signUpThroughApi(page.request);
  const { link, id } = await createThroughForm(page, unique('opened elsewhere'));

  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(accountLink(page)).not.toHaveAccessibleName(/new event/);

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByTestId('secret-text')).toBeVisible();

  // The count is asked for on each navigation: the next page shows it, in the header and in the sidebar.
  await page.goto('/account/secrets');
  await expect(accountLink(page)).toHaveAccessibleName(/\(1 new event\)/);
  await expect(activityLink(page)).toHaveAccessibleName(/\(1 new event\)/);

  await activityLink(page).click();
  await expect(page).toHaveURL('/account/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const entry = entryOf(page, id);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(/Your secret was opened/);
  // Unseen when the page loaded: it keeps its "New" for this visit.
  await expect(entry.getByText('New', { exact: true })).toBeVisible();
  await expect(entry.getByRole('link', { name: 'View receipt' })).toHaveAttribute('href', `/receipt/${id}`);
  // Viewing the page marked it seen: both counts go at once, with no navigation.
  await expect(accountLink(page)).not.toHaveAccessibleName(/new event/);
  await expect(activityLink(page)).not.toHaveAccessibleName(/new event/);
  await auditPage(page, 'activity', testInfo);

  // The entry's link opens the receipt, which says how the secret ended.
  await entry.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(`/receipt/${id}`);
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Ended by its last view');

  // Seen for good: no count after a reload, and the entry is no longer new.
  await page.goto('/account/activity');
  await expect(entryOf(page, id)).toHaveCount(1);
  await expect(entryOf(page, id).getByText('New', { exact: true })).toHaveCount(0);
  await expect(accountLink(page)).not.toHaveAccessibleName(/new event/);
  await expect(activityLink(page)).not.toHaveAccessibleName(/new event/);
});

test('a wrong password tried on a password-protected secret shows in Activity as a wrong-password event', async ({
  page,
  freshPage,
}) => {
  await signUpThroughApi(page.request);
  const { link, id } = await createThroughForm(page, unique('behind a password'), { password: 'the right one 🔑' });

  const reader = await freshPage();
  await reader.goto(link);
  await reader.getByLabel('Password').fill('not the right one');
  await reader.getByRole('button', REVEAL).click();
  await expect(reader.getByText('Wrong password. 4 attempts left.')).toBeVisible();

  await page.goto('/account');
  await expect(accountLink(page)).toHaveAccessibleName(/\(1 new event\)/);
  await page.goto('/account/activity');
  const entry = entryOf(page, id);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Wrong password for your secret — 4 attempts left');
  await expect(entry.getByText('New', { exact: true })).toBeVisible();
  await expect(accountLink(page)).not.toHaveAccessibleName(/new event/);
});

test('with no email server the notification choices say they are unavailable, and why', async ({ page }) => {
  await signUpThroughApi(page.request);
  await page.goto('/account/account-settings');
  const heading = page.getByRole('heading', { level: 2, name: 'Email notifications' });
  await expect(heading).toBeVisible();
  const section = heading.locator('xpath=..');
  const notice = section.getByRole('status').filter({ hasText: 'This instance sends no email' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    'Its administrator has not set up email (HUSH_SMTP_URL on the server), or has turned notification emails off in ' +
      'Instance settings. Your activity still shows every event.',
  );
  // The choices are shown, but cannot be changed or saved.
  const choices = section.getByRole('group', { name: 'Email me about' });
  await expect(choices.getByRole('checkbox', { name: 'Secret opened' })).toBeDisabled();
  await expect(choices.getByRole('checkbox', { name: 'Wrong password for a secret' })).toBeDisabled();
  await expect(section.getByRole('button', { name: 'Save notification choices' })).toHaveCount(0);

  // The activity page's lead points here.
  await page.goto('/account/activity');
  await page.getByRole('link', { name: 'emailed to you' }).click();
  await expect(page).toHaveURL('/account/account-settings#settings-notifications');
  await expect(page.getByText('This instance sends no email')).toBeVisible();
});
