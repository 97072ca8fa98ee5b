import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { parseSecretUrl } from '../src/shared/rules/link.js';
import { signInThroughForm, signUpThroughApi } from './account-helpers.js';
import { expect, test } from './fixtures.js';
import { auditPage, unique } from './helpers.js';
import { E2E_ADMIN } from './server-env.js';

/*
 * Issue 15, webhooks, end to end in Chromium: a user adds a webhook that posts to a real HTTP endpoint started by the
 * test (the e2e server allows private addresses: HUSH_WEBHOOK_ALLOW_PRIVATE in playwright.config.ts). The signing
 * secret is shown once; a test event and a secret opened in another browser arrive signed (checked with the
 * independent `standardwebhooks` package) and carry no content; rotating shows a new secret once; deleting ends it.
 */

interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An HTTP endpoint on 127.0.0.1 (a random port) that answers 204 to everything and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hush-hook`,
    received,
    /** The deliveries of event type `type` received so far. */
    ofType: (type: string) => received.filter((item) => parseType(item.body) === type),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const parseType = (body: string) => {
  try {
    return (JSON.parse(body) as { type?: string }).type ?? null;
  } catch {
    return null;
  }
};

/** The three Standard Webhooks headers of a delivery, as `Webhook#verify` takes them. */
function signedHeaders(item: Received): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    const value = item.headers[name];
    expect(typeof value, `the ${name} header`).toBe('string');
    headers[name] = value as string;
  }
  return headers;
}

/** Checks the delivery's signature with `secret` (throws when it does not match) and answers its parsed body. */
const verified = (item: Received, secret: string) =>
  new Webhook(secret).verify(item.body, signedHeaders(item)) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };

/** The card of the webhook posting to `url` (each card is a list item named by its URL). */
const cardOf = (page: Page, url: string) =>
  page.getByRole('list', { name: 'Your webhooks' }).getByRole('listitem', { name: url, exact: true });

/** Clicks the delivery log's Refresh until a delivered `label` event shows (the server's worker polls each second). */
async function waitForDelivered(card: Locator, label: string) {
  const log = card.getByRole('region', { name: 'Delivery log' });
  const row = log.getByRole('listitem').filter({ hasText: label }).filter({ hasText: 'Delivered' });
  await expect(async () => {
    if ((await row.count()) === 0) await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return row.first();
}

/** Reads the signing secret shown once in the card, checks its Copy button copies it, and answers it. */
async function readSigningSecret(page: Page, card: Locator, title: string) {
  const shown = card.getByRole('region', { name: title });
  await expect(shown, 'the secret takes the focus').toBeFocused();
  await expect(shown).toContainText('Store it now: it is shown only this once.');
  const field = shown.getByRole('textbox', { name: 'Signing secret' });
  const secret = await field.inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await shown.getByRole('button', { name: 'Copy secret' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  // A string, as the e2e code is typed for Node (no DOM types).
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
  return { shown, secret };
}

test('a webhook to a real endpoint: its secret shown once, a signed test event and secret.viewed with no content, rotated, deleted', async ({
  page,
  freshPage,
}, testInfo) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    await signUpThroughApi(page.request);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/account/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();

    // An ftp:// address is refused at the field, before anything is sent.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/account/webhooks') {
        posts.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Add a webhook' }).click();
    const form = page.getByRole('form', { name: 'Add a webhook' });
    const url = form.getByRole('textbox', { name: 'URL' });
    await expect(url).toBeFocused();
    await url.fill('ftp://files.example.com/hush');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const invalid = 'Enter a full http:// or https:// URL, such as https://hooks.example.com/hush.';
    await expect(form.getByText(invalid)).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveAccessibleDescription(new RegExp(invalid.replace(/[.?/]/g, '\\$&')));
    await expect(url).toBeFocused();
    expect(posts, 'an ftp:// URL is not sent').toEqual([]);
    await auditPage(page, 'webhooks-form-invalid', testInfo);
    // The server refuses it too, whatever the page does.
    const refused = await page.request.post('/api/v1/account/webhooks', {
      data: { url: 'ftp://files.example.com/hush', format: 'standard', events: null },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).code).toBe('webhook.url_not_allowed');
    // An address the server refuses (it holds a user name and password) says so at the field, too.
    await url.fill('http://user:pass@127.0.0.1:9/hush');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveAccessibleDescription(/Webhook addresses must not hold a user name or password\./);
    await expect(url).toBeFocused();
    expect(posts, 'sent, and refused').toHaveLength(1);

    // Added: the card, and its signing secret shown this once, focused.
    await url.fill(receiver.url);
    await expect(url).toHaveAttribute('aria-invalid', 'false');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const card = cardOf(page, receiver.url);
    await expect(card).toBeVisible();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByText('All events', { exact: true })).toBeVisible();
    const { shown, secret } = await readSigningSecret(page, card, 'The webhook’s signing secret');

    // A test event: the log opens, and shows it delivered once the worker has sent it.
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByText('A test event is queued: its delivery shows in the log below.')).toBeVisible();
    const delivered = await waitForDelivered(card, 'Test event');
    await expect(delivered).toContainText('Last answer: HTTP 204');
    await auditPage(page, 'webhooks', testInfo);

    await expect.poll(() => receiver.ofType('webhook.test').length).toBe(1);
    const [test1] = receiver.ofType('webhook.test');
    expect(test1!.method).toBe('POST');
    expect(test1!.path).toBe('/hush-hook');
    expect(test1!.headers['content-type']).toBe('application/json');
    const testEvent = verified(test1!, secret);
    expect(testEvent.type).toBe('webhook.test');
    expect(testEvent.data.eventId).toBe(test1!.headers['webhook-id']);

    // Stored: the secret is never shown again.
    await shown.getByRole('button', { name: 'Done, I have stored it' }).click();
    await expect(shown).toHaveCount(0);
    await page.reload();
    await expect(cardOf(page, receiver.url)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // One of the user's secrets, opened in another browser: secret.viewed, signed, with ids and counts only.
    const text = unique('never in a webhook');
    const title = unique('nor its title');
    await page.goto('/');
    await page.getByLabel('Secret', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByLabel('Title (optional)').fill(title);
    await page.getByRole('button', { name: 'Create secret link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your secret link is ready' })).toBeVisible();
    const link = await page.getByLabel('Secret link', { exact: true }).inputValue();
    const { id, key } = parseSecretUrl(link)!;
    const reader = await freshPage();
    await reader.goto(link);
    await reader.getByRole('button', { name: 'Reveal secret' }).click();
    await expect(reader.getByTestId('secret-text')).toHaveText(text);

    await expect.poll(() => receiver.ofType('secret.viewed').length, { timeout: 15_000 }).toBe(1);
    const [viewed] = receiver.ofType('secret.viewed');
    const viewedEvent = verified(viewed!, secret);
    expect(viewedEvent.type).toBe('secret.viewed');
    expect(viewedEvent.data).toEqual({
      eventId: viewed!.headers['webhook-id'],
      secretId: id,
      viewsLeft: 0,
      ended: true,
    });
    for (const needle of [text, title, key!]) {
      expect(viewed!.body.includes(needle), `the delivery carries ${needle}`).toBe(false);
    }

    // Rotated: a new secret, shown once; the old one still signs alongside it for a day.
    await page.goto('/account/webhooks');
    const again = cardOf(page, receiver.url);
    await again.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(rotate).toContainText(receiver.url);
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(rotate).toHaveCount(0);
    const rotated = await readSigningSecret(page, again, 'The new signing secret');
    expect(rotated.secret).not.toBe(secret);
    await expect(rotated.shown).toContainText('The old secret also signs deliveries for the next 24 hours');
    await again.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.ofType('webhook.test').length, { timeout: 15_000 }).toBe(2);
    const test2 = receiver.ofType('webhook.test')[1]!;
    expect(String(test2.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(test2, rotated.secret).type).toBe('webhook.test');
    expect(verified(test2, secret).type).toBe('webhook.test');
    await rotated.shown.getByRole('button', { name: 'Done, I have stored it' }).click();
    await expect(rotated.shown).toHaveCount(0);
    await page.reload();
    await expect(cardOf(page, receiver.url)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);

    // Deleted: gone from the page and from the server, and nothing more is sent to it.
    await cardOf(page, receiver.url).getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await expect(remove).toContainText(receiver.url);
    await remove.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText('The webhook is deleted.')).toBeVisible();
    await expect(cardOf(page, receiver.url)).toHaveCount(0);
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    expect(await (await page.request.get('/api/v1/account/webhooks')).json()).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test('the instance webhooks page, as the admin: the list and the add form pass axe, light and dark', async ({
  page,
}, testInfo) => {
  await page.goto('/signin');
  await signInThroughForm(page, E2E_ADMIN);
  await expect(page).toHaveURL('/account');
  await page
    .getByRole('navigation', { name: 'Account', exact: true })
    .getByRole('link', { name: 'Instance webhooks' })
    .click();
  await expect(page).toHaveURL('/account/instance-webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Instance webhooks' })).toBeVisible();
  await expect(page.getByText('These webhooks receive the events of every account on this instance')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a webhook' })).toBeVisible();
  await auditPage(page, 'instance-webhooks', testInfo);

  await page.getByRole('button', { name: 'Add a webhook' }).click();
  const form = page.getByRole('form', { name: 'Add a webhook' });
  await form.getByRole('radio', { name: 'Only the events I choose' }).check();
  await expect(form.getByRole('group', { name: 'Send these events' })).toBeVisible();
  await auditPage(page, 'instance-webhooks-form', testInfo);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a webhook' })).toBeFocused();
});
