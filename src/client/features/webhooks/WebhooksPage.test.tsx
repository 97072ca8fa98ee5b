// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/rules/settings';
import { renderInAccount } from '../../test-utils/account-page';
import { createTestI18n } from '../../test-utils/i18n';
import { describedBy, typeInto } from '../../test-utils/render';
import { sentBodies, serveApi } from '../../test-utils/serve-api';
import { useSettingsStore } from '../settings';
import { AT, delivery, SIGNING_SECRET, webhook } from './webhooks.test-utils';
import WebhooksPage from './WebhooksPage';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => useSettingsStore.getState().setSettings(DEFAULT_SETTINGS));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = '/api/v1/account/webhooks';
const HOOK = `${BASE}/hook-1`;
const open = () => renderInAccount(i18n, <WebhooksPage />, '/account/webhooks');
const card = async (url = 'https://hooks.example.com/hush') =>
  (await screen.findByRole('heading', { name: url })).closest('li')!;
const FAILING = 'Recent deliveries are failing; Hush retries for 24 hours, then turns the webhook off.';
const button = (within_: HTMLElement, name: string) => within(within_).getByRole('button', { name });

describe('the webhooks page', () => {
  it('lists each webhook with its state, format and events', async () => {
    serveApi({
      [`GET ${BASE}`]: [
        200,
        [
          webhook(),
          webhook({
            id: 'hook-2',
            url: 'https://hooks.slack.com/services/T0/B0/x',
            format: 'slack',
            events: ['secret.viewed', 'request.answered'],
            enabled: false,
          }),
        ],
      ],
    });
    open();
    const list = await screen.findByRole('list', { name: 'Your webhooks' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('On');
    expect(first!.textContent).toContain('Standard Webhooks (JSON)');
    expect(first!.textContent).toContain('All events');
    expect(second!.textContent).toContain('Off');
    expect(second!.textContent).toContain('Slack');
    expect(second!.textContent).toContain('Events: Secret opened, Request answered');
    expect(button(second!, 'Turn on')).toBeTruthy();
  });

  it('adds a webhook after checking the form, and shows its signing secret once', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, []],
      [`POST ${BASE}`]: (body) => [
        201,
        { ...webhook(), ...(body as object), id: 'hook-new', secret: SIGNING_SECRET, createdAt: AT },
      ],
    });
    open();
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a webhook' }));
    const form = screen.getByRole('form', { name: 'Add a webhook' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('URL')));

    fireEvent.click(button(form, 'Add webhook'));
    expect(describedBy(within(form).getByLabelText('URL'))).toContain('Enter the URL to post events to.');
    typeInto('URL', 'ftp://files.example.com');
    fireEvent.click(button(form, 'Add webhook'));
    expect(describedBy(within(form).getByLabelText('URL'))).toContain('Enter a full http:// or https:// URL');

    typeInto('URL', 'https://hooks.slack.com/services/T0/B0/x');
    fireEvent.change(within(form).getByLabelText('Format'), { target: { value: 'slack' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Only the events I choose' }));
    fireEvent.click(button(form, 'Add webhook'));
    expect(within(form).getByText('Choose at least one event, or send all events.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Request answered' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Secret opened' }));
    fireEvent.click(button(form, 'Add webhook'));

    const shown = await screen.findByRole('region', { name: 'The webhook’s signing secret' });
    const field = within(shown).getByLabelText('Signing secret') as HTMLTextAreaElement;
    // Whole and wrapped on a phone: a read-only textarea that breaks anywhere, not a one-line input that cuts it off.
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.readOnly).toBe(true);
    expect(field.className).toContain('break-all');
    expect(field.value).toBe(SIGNING_SECRET);
    expect(shown.textContent).toContain('Store it now: it is shown only this once.');
    expect(button(shown, 'Copy secret')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(shown));
    expect(sentBodies(fetchMock, `POST ${BASE}`)).toEqual([
      {
        url: 'https://hooks.slack.com/services/T0/B0/x',
        format: 'slack',
        events: ['secret.viewed', 'request.answered'],
        enabled: true,
      },
    ]);
    expect((await card('https://hooks.slack.com/services/T0/B0/x')).textContent).toContain('Slack');

    fireEvent.click(button(shown, 'Done, I have stored it'));
    expect(screen.queryByRole('region', { name: 'The webhook’s signing secret' })).toBeNull();
    expect(document.body.innerHTML).not.toContain(SIGNING_SECRET);
  });

  it('shows the server’s refusals: an address it will not post to at the URL, too many webhooks under the form', async () => {
    let refusal: [number, unknown] = [
      400,
      { code: 'webhook.url_not_allowed', message: 'Webhook URLs must be http(s) and reach a public address' },
    ];
    serveApi({ [`GET ${BASE}`]: [200, []], [`POST ${BASE}`]: () => refusal });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a webhook' }));
    typeInto('URL', 'http://192.168.1.10/hook');
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText('URL'))).toContain(
        'Webhook addresses must start with http:// or https:// and reach a public address.',
      ),
    );
    expect(screen.getByLabelText('URL').getAttribute('aria-invalid')).toBe('true');

    // With its reason, the refusal says which rule the address broke, and how an admin allows private ones.
    refusal = [
      400,
      {
        code: 'webhook.url_not_allowed',
        message: 'Webhook URLs must reach a public address',
        reason: 'private_address',
      },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText('URL'))).toContain(
        'This address is in a private network (loopback, private, link-local or metadata).',
      ),
    );
    expect(describedBy(screen.getByLabelText('URL'))).toContain('HUSH_WEBHOOK_ALLOW_PRIVATE');

    refusal = [409, { code: 'webhook.limit', message: 'Too many webhooks: delete one first' }];
    typeInto('URL', 'https://hooks.example.com/eleventh');
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There are too many webhooks. Delete one first.');
  });

  it('changes a webhook’s URL and events, and gives the focus back to its Edit button', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, [webhook({ events: ['secret.viewed'] })]],
      [`PUT ${HOOK}`]: (body) => [200, { ...webhook(), ...(body as object) }],
    });
    open();
    fireEvent.click(button(await card(), 'Edit'));
    const form = screen.getByRole('form', { name: 'Edit the webhook https://hooks.example.com/hush' });
    expect(screen.getByRole('heading', { level: 2, name: 'Edit webhook' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /URL/ })));
    expect((within(form).getByRole('checkbox', { name: 'Secret opened' }) as HTMLInputElement).checked).toBe(true);
    typeInto('URL', 'https://hooks.example.com/v2');
    fireEvent.click(within(form).getByRole('radio', { name: 'All events' }));
    fireEvent.click(button(form, 'Save changes'));
    const saved = await card('https://hooks.example.com/v2');
    expect(saved.textContent).toContain('The webhook is saved.');
    await waitFor(() => expect(document.activeElement).toBe(button(saved, 'Edit')));
    expect(sentBodies(fetchMock, `PUT ${HOOK}`)).toEqual([
      { url: 'https://hooks.example.com/v2', format: 'standard', events: null, enabled: true },
    ]);
  });

  it('turns a webhook off, and a webhook turned off after failing on again, saying why it was off', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, [webhook()]],
      [`PUT ${HOOK}`]: (body) => [200, { ...webhook(), ...(body as object), disabledReason: null }],
    });
    open();
    fireEvent.click(button(await card(), 'Turn off'));
    expect(await screen.findByText('The webhook is off: no events are sent to it.')).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT ${HOOK}`)).toEqual([
      { url: 'https://hooks.example.com/hush', format: 'standard', events: null, enabled: false },
    ]);
    cleanup();

    serveApi({
      [`GET ${BASE}`]: [200, [webhook({ enabled: false, disabledReason: 'failed_window:24' })]],
      [`PUT ${HOOK}`]: (body) => [200, { ...webhook(), ...(body as object), disabledReason: null }],
    });
    open();
    const failing = await card();
    const notice = within(failing).getByRole('status');
    expect(notice.textContent).toContain('Turned off after failing');
    expect(notice.textContent).toContain(
      'Every delivery failed for 24 hours. Fix the endpoint, then turn it on again.',
    );
    fireEvent.click(button(failing, 'Turn on'));
    expect(await screen.findByText('The webhook is on.')).toBeTruthy();
    expect(failing.textContent).not.toContain('Turned off after failing');
  });

  it('rotates the signing secret after asking, and shows the new one once', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, [webhook()]],
      [`POST ${HOOK}/rotate`]: [200, { ...webhook(), secret: SIGNING_SECRET }],
    });
    open();
    fireEvent.click(button(await card(), 'Rotate secret'));
    const dialog = screen.getByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(dialog.textContent).toContain('The old one keeps signing deliveries for 24 hours');
    fireEvent.click(button(dialog, 'Rotate secret'));
    const shown = await screen.findByRole('region', { name: 'The new signing secret' });
    expect((within(shown).getByLabelText('Signing secret') as HTMLTextAreaElement).value).toBe(SIGNING_SECRET);
    expect(shown.textContent).toContain('The old secret also signs deliveries for the next 24 hours');
    await waitFor(() => expect(document.activeElement).toBe(shown));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/rotate'))).toHaveLength(1);
  });

  it('sends a test event and opens the delivery log: state, tries, last answer and times; refreshable', async () => {
    const log = [
      // Due already: the worker takes it up any moment.
      delivery({ nextAttemptAt: new Date(Date.now() - 2_000).toISOString() }),
      delivery({
        id: 'delivery-2',
        type: 'secret.viewed',
        state: 'pending',
        attempts: 2,
        lastError: 'connection_refused',
        nextAttemptAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      }),
      delivery({
        id: 'delivery-3',
        type: 'request.answered',
        state: 'failed',
        attempts: 9,
        lastCode: 500,
        lastError: 'http_status',
        finishedAt: AT,
      }),
      delivery({
        id: 'delivery-4',
        type: 'secret.burned',
        state: 'delivered',
        attempts: 1,
        lastCode: 204,
        finishedAt: AT,
      }),
    ];
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, [webhook()]],
      [`POST ${HOOK}/test`]: [202, delivery()],
      [`GET ${HOOK}/deliveries`]: [200, log],
    });
    open();
    fireEvent.click(button(await card(), 'Send test event'));
    expect(await screen.findByText('A test event is queued: its delivery shows in the log below.')).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Delivery log' });
    const rows = within(await within(section).findByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'PendingTest event',
      'RetryingSecret opened',
      'FailedRequest answered',
      'DeliveredSecret burned',
    ]);
    expect(rows[0]!.textContent).toContain('0 attempts');
    expect(rows[0]!.textContent).toContain('Next try any moment now');
    expect(rows[0]!.textContent, 'not "0 seconds ago"').not.toContain('ago');
    expect(rows[1]!.textContent).toContain('Last error: connection refused');
    expect(rows[1]!.textContent).toContain('Next try in 5 minutes');
    expect(rows[2]!.textContent).toContain('9 attempts');
    expect(rows[2]!.textContent).toContain('Last answer: HTTP 500');
    expect(rows[2]!.textContent, 'the status says it all').not.toContain('Last error');
    expect(rows[2]!.textContent).toContain('Finished');
    expect(rows[3]!.textContent).toContain('1 attempt');
    expect(rows[3]!.textContent).toContain('Last answer: HTTP 204');
    expect(button(await card(), 'Hide delivery log').getAttribute('aria-expanded')).toBe('true');
    // The newest delivery is merely pending: nothing is failing yet, and four rows need no "Show all".
    expect(screen.queryByText(FAILING)).toBeNull();
    expect(within(section).queryByRole('button', { name: /Show all/ })).toBeNull();

    const asked = () => fetchMock.mock.calls.filter(([url]) => url.endsWith('/deliveries')).length;
    const before = asked();
    fireEvent.click(button(section, 'Refresh'));
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(await within(section).findByText('Test event')).toBeTruthy();
  });

  it('shows the 10 newest deliveries, then all on "Show all", and warns on the card when the newest failed', async () => {
    const log = Array.from({ length: 12 }, (_, index) =>
      delivery({ id: `delivery-${index}`, state: index === 0 ? 'failed' : 'delivered', attempts: 1, finishedAt: AT }),
    );
    serveApi({ [`GET ${BASE}`]: [200, [webhook()]], [`GET ${HOOK}/deliveries`]: [200, log] });
    open();
    fireEvent.click(button(await card(), 'Show delivery log'));
    const section = await screen.findByRole('region', { name: 'Delivery log' });
    const list = await within(section).findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(await card()).getByText(FAILING)).toBeTruthy();
    fireEvent.click(button(section, 'Show all (12)'));
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(12);
    expect(document.activeElement).toBe(rows[10]);
    expect(within(section).queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('warns on the card while the newest delivery is being retried, and not once it was delivered', async () => {
    let log = [delivery({ state: 'pending', attempts: 3, lastCode: 502 })];
    serveApi({ [`GET ${BASE}`]: [200, [webhook()]], [`GET ${HOOK}/deliveries`]: () => [200, log] });
    open();
    fireEvent.click(button(await card(), 'Show delivery log'));
    const section = await screen.findByRole('region', { name: 'Delivery log' });
    expect(await within(section).findByText('Retrying')).toBeTruthy();
    expect(await screen.findByText(FAILING)).toBeTruthy();
    log = [delivery({ id: 'delivery-2', state: 'delivered', attempts: 1, lastCode: 204, finishedAt: AT }), ...log];
    fireEvent.click(button(section, 'Refresh'));
    expect(await within(section).findByText('Delivered')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(FAILING)).toBeNull());
  });

  it('says why deliveries failed in words, with their detail, and older English text as it is', async () => {
    const log = [
      delivery({ id: 'd-1', state: 'failed', attempts: 3, lastCode: 302, lastError: 'redirect' }),
      delivery({ id: 'd-2', state: 'failed', attempts: 3, lastError: 'network:ECONNRESET' }),
      delivery({ id: 'd-3', state: 'failed', attempts: 3, lastError: 'timeout' }),
      delivery({ id: 'd-4', state: 'failed', attempts: 3, lastError: 'no answer within 10 s' }),
      delivery({ id: 'd-5', state: 'failed', attempts: 3, lastError: 'something_new:42' }),
    ];
    serveApi({ [`GET ${BASE}`]: [200, [webhook()]], [`GET ${HOOK}/deliveries`]: [200, log] });
    open();
    fireEvent.click(button(await card(), 'Show delivery log'));
    const section = await screen.findByRole('region', { name: 'Delivery log' });
    const rows = within(await within(section).findByRole('list')).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Last answer: HTTP 302');
    expect(rows[0]!.textContent).toContain('Last error: redirect not followed');
    expect(rows[1]!.textContent).toContain('Last error: network error (ECONNRESET)');
    expect(rows[2]!.textContent).toContain('Last error: no answer in time');
    expect(rows[3]!.textContent).toContain('Last error: no answer within 10 s');
    expect(rows[4]!.textContent).toContain('Last error: something_new:42');
  });

  it('says why Hush turned a webhook off, and older English text as it is', async () => {
    serveApi({ [`GET ${BASE}`]: [200, [webhook({ enabled: false, disabledReason: 'failed_window:1' })]] });
    open();
    expect(within(await card()).getByRole('status').textContent).toContain('Every delivery failed for 1 hour.');
    cleanup();
    serveApi({
      [`GET ${BASE}`]: [200, [webhook({ enabled: false, disabledReason: 'Every delivery failed for 24 hours' })]],
    });
    open();
    expect(within(await card()).getByRole('status').textContent).toContain(
      'Every delivery failed for 24 hours. Fix the endpoint',
    );
  });

  it('says when the log is empty', async () => {
    serveApi({ [`GET ${BASE}`]: [200, [webhook()]], [`GET ${HOOK}/deliveries`]: [200, []] });
    open();
    fireEvent.click(button(await card(), 'Show delivery log'));
    expect(await screen.findByText('Nothing delivered yet. Send a test event to try the webhook.')).toBeTruthy();
  });

  it('deletes a webhook after asking, and says so where the focus goes', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, [webhook()]],
      [`DELETE ${HOOK}`]: [200, { deleted: true }],
    });
    open();
    fireEvent.click(button(await card(), 'Delete'));
    const dialog = screen.getByRole('dialog', { name: 'Delete this webhook?' });
    expect(dialog.textContent).toContain('Nothing more is sent to https://hooks.example.com/hush');
    fireEvent.click(button(dialog, 'Delete webhook'));
    const notice = await screen.findByText('The webhook is deleted.');
    await waitFor(() => expect(document.activeElement).toBe(notice.closest('[tabindex="-1"]')));
    expect(screen.queryByRole('heading', { name: 'https://hooks.example.com/hush' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('keeps a failed delete in its dialog, saying why', async () => {
    serveApi({
      [`GET ${BASE}`]: [200, [webhook()]],
      [`DELETE ${HOOK}`]: [429, { code: 'rate_limited', message: 'Too many requests' }],
    });
    open();
    fireEvent.click(button(await card(), 'Delete'));
    const dialog = screen.getByRole('dialog', { name: 'Delete this webhook?' });
    fireEvent.click(button(dialog, 'Delete webhook'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many requests. Wait a moment and try again.',
    );
  });

  it('offers nothing to add, nor to turn on, while webhooks are turned off on the instance', async () => {
    useSettingsStore.getState().setSettings({ ...DEFAULT_SETTINGS, disable_webhooks: true });
    serveApi({
      [`GET ${BASE}`]: [200, [webhook(), webhook({ id: 'hook-2', url: 'https://example.com/off', enabled: false })]],
    });
    open();
    expect(button(await card(), 'Turn off')).toBeTruthy();
    expect(within(await card('https://example.com/off')).queryByRole('button', { name: 'Turn on' })).toBeNull();
    expect(screen.getByText(/Webhooks are turned off on this instance/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a webhook' })).toBeNull();
  });

  it('says why the list could not be loaded', async () => {
    serveApi({ [`GET ${BASE}`]: [500, { code: 'server.error', message: 'Boom' }] });
    open();
    expect(await screen.findByText('The webhooks could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
