// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateInboxKey } from '../../../../shared/crypto/request-keys';
import { inboxPath } from '../../../../shared/rules/requests';
import { installInProcessCryptoWorker } from '../../../test-utils/in-process-worker';
import { createTestI18n } from '../../../test-utils/i18n';
import { renderRoutes } from '../../../test-utils/render';
import { sentBodies, serveApi } from '../../../test-utils/serve-api';
import type { AccountOutlet } from '../../account';
import { inboxKeyFor, saveInboxKey } from '../inbox-keys';
import { detailOf, inDays, makeRequest, makeResponse, type MadeRequest } from '../requests.test-utils';
import RequestInboxPage from './RequestInboxPage';

let i18n: i18n;
let request: MadeRequest;
let response: Awaited<ReturnType<typeof makeResponse>>;
beforeAll(async () => {
  i18n = await createTestI18n();
  request = await makeRequest({ title: 'VPN password', text: 'The one for the office.' });
  response = await makeResponse(request, 'swordfish ✓');
});
beforeEach(() => {
  installInProcessCryptoWorker();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = {
  username: 'alice',
  email: 'a@example.com',
  role: 'user',
  generated: false,
  createdAt: inDays(-9),
  emailVerified: true,
};
function open(path: string) {
  const context = { account: ACCOUNT, setAccount: vi.fn() } as AccountOutlet;
  return renderRoutes(
    i18n,
    [
      {
        path: '/account',
        element: <Outlet context={context} />,
        children: [
          { path: 'requests/:id', element: <RequestInboxPage /> },
          { path: 'requests', element: <p>Requests list</p> },
        ],
      },
    ],
    path,
  );
}

const REQUEST = () => `/api/v1/requests/${request.id}`;
const SECRET = `/api/v1/secret/${'ResponseResponseRespon'}`;
const status = { id: 'ResponseResponseRespon', maxViews: 1, viewsLeft: 1, preventBurn: false, isPublic: false };

/** The server of one request with one response: the response opens only with its key proof. */
function serveInbox() {
  return serveApi({
    [`GET ${REQUEST()}`]: [200, detailOf(request, [response.item])],
    [`GET ${SECRET}/exist`]: [200, { ...status, requiresKeyProof: true, expiresAt: inDays(7) }],
    [`POST ${SECRET}`]: (body) =>
      (body as { keyProof: string }).keyProof === response.keyProof
        ? [
            200,
            {
              ...status,
              viewsLeft: 0,
              requiresKeyProof: true,
              expiresAt: inDays(7),
              text: response.envelope,
              title: null,
              createdAt: inDays(0),
              files: [],
            },
          ]
        : [400, { code: 'secret.key_invalid', message: 'wrong key' }],
  });
}

describe('the inbox of a request', () => {
  it('opens with the inbox link: keeps its key, clears the address bar, decrypts the request', async () => {
    serveInbox();
    const router = open(inboxPath(request.id, request.inboxKey));
    expect(await screen.findByRole('heading', { level: 1, name: 'VPN password' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('The one for the office.')).toBeTruthy();
    expect(router.state.location.hash).toBe('');
    expect(inboxKeyFor(request.id)).toBe(request.inboxKey);
    expect(sessionStorage.length).toBe(0);
    expect(document.title).not.toContain('VPN');
  });

  it('reveals a response with real crypto: one read with the key proof, then its text', async () => {
    saveInboxKey(request.id, request.inboxKey);
    const fetchMock = serveInbox();
    open(inboxPath(request.id));
    await screen.findByRole('heading', { level: 1, name: 'VPN password' }, { timeout: 10_000 });
    const item = screen.getByRole('heading', { name: 'Response 1' }).closest('li')!;
    expect(item.textContent).toContain('1 of 1 views left');
    expect(within(item).getByText(/Opening uses its last view/)).toBeTruthy();
    expect(sentBodies(fetchMock, `POST ${SECRET}`)).toEqual([]);
    fireEvent.click(within(item).getByRole('button', { name: 'Reveal Response 1' }));
    expect((await within(item).findByTestId('secret-text')).textContent).toBe('swordfish ✓');
    expect(sentBodies(fetchMock, `POST ${SECRET}`)).toEqual([{ keyProof: response.keyProof, password: null }]);
    // Focus goes to the opened response, whose Reveal button is gone.
    await waitFor(() => expect(document.activeElement).toBe(within(item).getByRole('heading', { level: 2 })));
  });

  it('says when this browser has no key, and reveals nothing', async () => {
    serveInbox();
    open(inboxPath(request.id));
    expect(await screen.findByText('Locked on this device')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Title locked' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reveal Response 1' })).toHaveProperty('disabled', true);
  });

  it('says an inbox link of the wrong key does not open the request, and keeps nothing of it', async () => {
    serveInbox();
    open(inboxPath(request.id, generateInboxKey()));
    expect(await screen.findByText('This inbox link does not open this request')).toBeTruthy();
    expect(inboxKeyFor(request.id)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reveal Response 1' })).toHaveProperty('disabled', true);
  });

  it('revokes the fill link after a confirmation, and says so', async () => {
    saveInboxKey(request.id, request.inboxKey);
    const detail = detailOf(request);
    const { responses: _r, text: _t, publicKey: _p, wrappedKey: _w, responseTtl: _rt, ...summary } = detail;
    const { responseViews: _rv, allowedIp: _ip, ...rest } = summary;
    const fetchMock = serveApi({
      [`GET ${REQUEST()}`]: [200, detail],
      [`POST ${REQUEST()}/revoke`]: [200, { ...rest, state: 'revoked', revokedAt: inDays(0) }],
    });
    open(inboxPath(request.id));
    expect(await screen.findByLabelText('Link to answer')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    const dialog = screen.getByRole('dialog', { name: 'Close the link to answer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('The link is closed. Responses already sent stay here.')).toBeTruthy();
    expect(screen.getByText('Revoked')).toBeTruthy();
    expect(screen.queryByLabelText('Link to answer')).toBeNull();
    expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/revoke') && init?.method === 'POST')).toBe(true);
  });

  it('deletes the request after a confirmation, forgets its key and goes back to the list', async () => {
    saveInboxKey(request.id, request.inboxKey);
    serveApi({
      [`GET ${REQUEST()}`]: [200, detailOf(request)],
      [`DELETE ${REQUEST()}`]: [200, { id: request.id, deleted: true }],
    });
    const router = open(inboxPath(request.id));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete request' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this request?' })).getByRole('button', {
        name: 'Delete request',
      }),
    );
    expect(await screen.findByText('Requests list')).toBeTruthy();
    expect(router.state.location.state).toEqual({ deleted: true });
    expect(inboxKeyFor(request.id)).toBeNull();
  });

  it('says a request that is not there does not exist', async () => {
    serveApi({ [`GET ${REQUEST()}`]: [404, { code: 'secret_request.not_found', message: 'no' }] });
    open(inboxPath(request.id));
    expect(await screen.findByText('This request does not exist')).toBeTruthy();
  });
});
