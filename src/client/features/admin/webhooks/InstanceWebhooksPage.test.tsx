// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { renderAdminPage, sentBodies, serveApi } from '../admin.test-utils';
import InstanceWebhooksPage from './InstanceWebhooksPage';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = '/api/v1/admin/webhooks';
const AT = '2029-03-01T12:00:00.000Z';
const PINNED = {
  id: 'env',
  url: 'https://ntfy.example.com/hush-ops',
  format: 'ntfy',
  events: null,
  enabled: true,
  disabledReason: null,
  pinned: true,
  createdAt: AT,
};
const open = (role: 'admin' | 'user' = 'admin') =>
  renderAdminPage(i18n, <InstanceWebhooksPage />, '/account/instance-webhooks', role);

describe('the instance webhooks page', () => {
  it('shows the webhook set by the server’s environment read-only: it can only be tested and its log read', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, [PINNED]],
      [`POST ${BASE}/env/test`]: [
        202,
        {
          id: 'd1',
          eventId: 'msg_1',
          type: 'webhook.test',
          state: 'pending',
          attempts: 0,
          lastCode: null,
          lastError: null,
          createdAt: AT,
          nextAttemptAt: null,
          finishedAt: null,
        },
      ],
      [`GET ${BASE}/env/deliveries`]: [200, []],
    });
    open();
    const card = (await screen.findByRole('heading', { name: PINNED.url })).closest('li')!;
    expect(card.textContent).toContain('Set by the server');
    expect(card.textContent).toContain('set by the server’s environment (HUSH_WEBHOOK_URL)');
    // It has no date of its own (the server sends the epoch): no "Added Jan 1, 1970".
    expect(card.textContent).not.toContain('Added');
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Send test event', 'Show delivery log']);
    fireEvent.click(within(card).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('A test event is queued: its delivery shows in the log below.')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(`${BASE}/env/test`);
  });

  it('adds an instance webhook through the admin API', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, []],
      [`POST ${BASE}`]: (body) => [201, { ...PINNED, ...(body as object), id: 'w2', pinned: false, secret: 'whsec_x' }],
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Instance webhooks', level: 1 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a webhook' }));
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: 'https://chat.example.com/hooks/ops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('region', { name: 'The webhook’s signing secret' })).toBeTruthy();
    expect(sentBodies(fetchMock, `POST ${BASE}`)).toEqual([
      { url: 'https://chat.example.com/hooks/ops', format: 'standard', events: null, enabled: true },
    ]);
  });

  it('is for admins only: others are told so, and nothing is asked', () => {
    const fetchMock = serveApi({});
    open('user');
    expect(screen.getByText('You do not have permission to see this page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
