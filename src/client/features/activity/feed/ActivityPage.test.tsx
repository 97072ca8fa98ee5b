// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInAccount } from '../../../test-utils/account-page';
import { createTestI18n } from '../../../test-utils/i18n';
import { serveApi } from '../../../test-utils/serve-api';
import type { ActivityItem, ActivityPage as Page } from '../api/activity.types';
import { useActivityUnreadStore } from '../unread/activity-unread';
import ActivityPage from './ActivityPage';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => useActivityUnreadStore.setState({ count: 3, seenAt: 0 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/v1/account/activity';
const SEEN = 'POST /api/v1/account/activity/seen';
const AT = '2029-03-01T12:00:00.000Z';
const SECRET = 'S3cretS3cretS3cretS3cr';
const REQUEST = 'R3questR3questR3quest1';

let ids = 0;
const event = (type: ActivityItem['type'], data: ActivityItem['data'] = {}, changes: Partial<ActivityItem> = {}) => ({
  id: `event-${++ids}`,
  type,
  at: AT,
  subjectId: type.startsWith('request.') ? REQUEST : SECRET,
  data,
  unread: false,
  ...changes,
});
const page = (items: ActivityItem[], next: string | null = null, unread = 0): Page => ({ items, next, unread });
const open = () => renderInAccount(i18n, <ActivityPage />, '/account/activity');
const entries = async () => within(await screen.findByRole('list', { name: 'Your activity' })).getAllByRole('listitem');

describe('the activity page', () => {
  it('says every kind of event in plain words, with its time and a link where it leads', async () => {
    const cases: [ActivityItem, string, [string, string] | null][] = [
      [
        event('secret.viewed', { viewsLeft: 2 }),
        'Your secret was opened — 2 views left',
        ['View receipt', `/receipt/${SECRET}`],
      ],
      [event('secret.viewed', { viewsLeft: 1 }), 'Your secret was opened — 1 view left', null],
      [event('secret.viewed', { viewsLeft: 0, ended: true }), 'Your secret was opened for the last time', null],
      [event('secret.viewed', { ended: true }), 'Your secret was opened for the last time', null],
      [event('secret.viewed'), 'Your secret was opened', null],
      [event('secret.burned', { by: 'creator' }), 'You burned your secret', null],
      [event('secret.burned', { by: 'reader' }), 'Your secret was burned by the reader', null],
      [event('secret.burned', { by: 'attempts' }), 'Your secret was burned after too many wrong passwords', null],
      [event('secret.expired', { unread: true }), 'Your secret expired unread', null],
      [event('secret.expired', { unread: false }), 'Your secret expired', null],
      [event('secret.password_failed', { attemptsLeft: 2 }), 'Wrong password for your secret — 2 attempts left', null],
      [event('request.created'), 'You created a request', ['Open request', `/account/requests/${REQUEST}`]],
      [event('request.answered'), 'Your request was answered', ['Open request', `/account/requests/${REQUEST}`]],
      [event('request.revoked'), 'Your request was revoked', null],
      [event('request.expired'), 'Your request expired', null],
      [event('token.created'), 'API token created', ['API tokens', '/account/account-settings#settings-tokens']],
      [event('token.first_used'), 'API token used for the first time', null],
      [
        event('session.new_device'),
        'Sign-in from a new device',
        ['Not you? Change your password', '/account/account-settings#settings-profile'],
      ],
      [event('webhook.disabled', { hours: 24 }), 'Webhook turned off after failing', ['Webhooks', '/account/webhooks']],
      [
        event('session.second_factor_failed', { failures: 5 }),
        'Your password was entered, then the second step failed several times',
        ['Not you? Change your password', '/account/account-settings#settings-profile'],
      ],
    ];
    serveApi({ [LIST]: [200, page(cases.map(([item]) => item))] });
    open();
    const items = await entries();
    expect(items).toHaveLength(cases.length);
    cases.forEach(([, text, link], index) => {
      const item = items[index]!;
      expect(item.querySelector('p')?.textContent, text).toBe(text);
      if (link) expect(within(item).getByRole('link', { name: link[0] }).getAttribute('href')).toBe(link[1]);
    });
    const time = items[0]!.querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe(AT);
    expect(items[0]!.textContent).toContain(
      new Date(AT).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
    );
    expect(screen.getByText('You have reached the oldest event.')).toBeTruthy();
  });

  it('names the secret or request an event is about by its id, in a wrapping monospace line', async () => {
    serveApi({
      [LIST]: [
        200,
        page([event('secret.burned', { by: 'creator' }), event('request.answered'), event('token.created')]),
      ],
    });
    open();
    const [secret, request, token] = await entries();
    const id = within(secret!).getByText(SECRET);
    expect(id.className).toContain('font-mono');
    expect(id.className).toContain('break-all');
    expect(within(request!).getByText(REQUEST)).toBeTruthy();
    expect(token!.querySelectorAll('p.font-mono')).toHaveLength(0);
  });

  it('marks the unseen events "New", then marks everything seen once, which clears the menu count', async () => {
    const fetchMock = serveApi({
      [LIST]: [
        200,
        page([event('secret.viewed', { viewsLeft: 0 }, { unread: true }), event('token.created')], null, 1),
      ],
      [SEEN]: [200, { unread: 0 }],
    });
    open();
    const [fresh, old] = await entries();
    expect(fresh!.textContent).toMatch(/^New/);
    expect(old!.textContent).not.toContain('New');
    await waitFor(() => expect(useActivityUnreadStore.getState().count).toBe(0));
    expect(fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url.endsWith('/seen'))).toHaveLength(
      1,
    );
    expect(fresh!.textContent).toMatch(/^New/);
  });

  it('asks nothing to be marked when nothing is unseen', async () => {
    const fetchMock = serveApi({ [LIST]: [200, page([event('token.created')])] });
    open();
    await entries();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/account/activity']);
  });

  it('loads older events a page at a time, and moves the focus to the first one it added', async () => {
    const first = [event('secret.viewed', { viewsLeft: 2 }), event('secret.viewed', { viewsLeft: 1 })];
    const older = [event('request.answered'), event('session.new_device')];
    const fetchMock = serveApi({
      [LIST]: (_body, url) => [200, url.includes('before=') ? page(older) : page(first, 'cursor/1')],
    });
    open();
    expect(await entries()).toHaveLength(2);
    expect(screen.queryByText('You have reached the oldest event.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await entries()).toHaveLength(4));
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/v1/account/activity?before=cursor%2F1');
    const items = await entries();
    expect(items[2]!.textContent).toContain('Your request was answered');
    await waitFor(() => expect(document.activeElement).toBe(items[2]));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('You have reached the oldest event.')).toBeTruthy();
  });

  it('says when more events could not be loaded, and keeps the button to try again', async () => {
    serveApi({
      [LIST]: (_body, url) =>
        url.includes('before=')
          ? [503, { code: 'server.unavailable', message: 'Unavailable' }]
          : [200, page([event('token.created')], 'next')],
    });
    open();
    await entries();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('More events could not be loaded');
    expect(alert.textContent).toContain('The service is temporarily unavailable');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('says when there is nothing yet, and points to email and webhook choices', async () => {
    serveApi({ [LIST]: [200, page([])] });
    open();
    expect(await screen.findByText('Nothing has happened yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'emailed to you' }).getAttribute('href')).toBe(
      '/account/account-settings#settings-notifications',
    );
    expect(screen.getByRole('link', { name: 'webhooks' }).getAttribute('href')).toBe('/account/webhooks');
  });

  it('says why the list could not be loaded, and tries again', async () => {
    let fail = true;
    serveApi({
      [LIST]: () => (fail ? [500, { code: 'server.error', message: 'Boom' }] : [200, page([event('token.created')])]),
    });
    open();
    expect(await screen.findByText('Your activity could not be loaded')).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await entries()).toHaveLength(1);
  });

  it('sends the visitor to sign out when the session has ended', async () => {
    serveApi({ [LIST]: [401, { code: 'auth.not_signed_in', message: 'Not signed in' }] });
    open();
    expect(await screen.findByText('Sign-out page')).toBeTruthy();
  });
});
