// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { END_REASONS, receiptPath } from '../../../shared/rules/receipts';
import { createTestI18n } from '../../test-utils/i18n';
import { clearCookies, setLoginCookie } from '../../test-utils/login-cookie';
import { renderRoutes } from '../../test-utils/render';
import { sentBodies, serveApi } from '../../test-utils/serve-api';
import { useSessionStore } from '../auth';
import type { Receipt } from './api/receipts.api';
import ReceiptPage from './ReceiptPage';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const TOKEN = 'd'.repeat(43);
const READ = `POST /api/v1/receipt/${ID}`;
const OWN = `GET /api/v1/account/secrets/${ID}/receipt`;
const BURN = `POST /api/v1/secret/${ID}/burn`;

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCookies();
  useSessionStore.getState().refresh();
});

const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const openReceipt = (changes: Partial<Receipt> = {}): Receipt => ({
  id: ID,
  state: 'open',
  createdAt: at(-2),
  expiresAt: at(70),
  maxViews: 1,
  viewsUsed: 0,
  preventBurn: false,
  isPublic: false,
  fileCount: 0,
  views: [],
  failedAttempts: [],
  endedAt: null,
  endReason: null,
  keptUntil: null,
  ...changes,
});
const endedReceipt = (endReason: Receipt['endReason'], changes: Partial<Receipt> = {}) =>
  openReceipt({ state: 'ended', endReason, endedAt: at(-1), keptUntil: at(30 * 24 - 1), ...changes });

const open = (path = receiptPath(ID, TOKEN)) =>
  renderRoutes(i18n, [{ path: '/receipt/:id', element: <ReceiptPage /> }], path);
const signIn = () => {
  setLoginCookie('alice', at(24));
  useSessionStore.getState().refresh();
};

describe('the receipt page', () => {
  it('shows an open secret with the link’s token, which stays in the fragment, and spends no view', async () => {
    const fetchMock = serveApi({ [READ]: [200, openReceipt()] });
    const router = open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Waiting to be opened' })).toBeTruthy();
    expect(screen.getByText('It can still be opened.')).toBeTruthy();
    expect(screen.getByText('0 of 1 view used')).toBeTruthy();
    expect(screen.getByText('Expires')).toBeTruthy();
    expect(screen.getByText('Not opened yet.')).toBeTruthy();
    expect(screen.queryByText('Never opened.')).toBeNull();
    const id = screen.getByText('Secret').nextElementSibling!.firstElementChild!;
    expect(id.textContent).toBe(ID);
    expect(id.className).toContain('font-mono');
    expect(id.className).toContain('break-all');
    expect(screen.getByRole('heading', { name: 'Wrong passwords (0)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Burn now' })).toBeTruthy();
    expect(sentBodies(fetchMock, READ)).toEqual([{ deleteToken: TOKEN }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(router.state.location.hash).toBe(`#${TOKEN}`);
    expect(document.title).toBe('Receipt · Hush');
  });

  it('lists each view with its time and address, and each wrong password with its time', async () => {
    const views = [
      { at: '2030-03-01T10:00:00.000Z', ip: '203.0.113.0/24' },
      { at: '2030-03-02T11:00:00.000Z', ip: null },
    ];
    const failedAttempts = ['2030-03-01T09:58:00.000Z'];
    serveApi({ [READ]: [200, openReceipt({ maxViews: 3, viewsUsed: 2, views, failedAttempts })] });
    open();
    const viewList = within(await screen.findByRole('region', { name: 'When it was opened (2)' })).getAllByRole(
      'listitem',
    );
    expect(viewList.map((item) => item.querySelector('time')?.getAttribute('datetime'))).toEqual(
      views.map((view) => view.at),
    );
    expect(viewList[0]!.textContent).toContain('from 203.0.113.0/24');
    expect(viewList[1]!.textContent).not.toContain('from');
    const attempts = within(screen.getByRole('region', { name: 'Wrong passwords (1)' })).getAllByRole('listitem');
    expect(attempts[0]!.querySelector('time')?.getAttribute('datetime')).toBe(failedAttempts[0]);
    expect(screen.getByText('2 of 3 views used')).toBeTruthy();
  });

  it.each([
    ['last_view', 'Ended by its last view', 'It was opened as many times as it allowed, then deleted.'],
    ['burned_by_creator', 'Burned by the creator', 'Its creator deleted it.'],
    ['burned_by_reader', 'Burned by a reader', 'A reader deleted it after opening it.'],
    ['burned_by_attempts', 'Ended after too many wrong passwords', /Too many wrong passwords were tried/],
    ['expired', 'Expired', 'Its time ran out after it had been opened, and it was deleted.'],
    ['expired_unread', 'Expired unread', 'Its time ran out before anyone opened it, and it was deleted.'],
  ] as const)('says in plain words how a secret ended: %s', async (reason, headline, detail) => {
    const receipt = endedReceipt(reason);
    serveApi({ [READ]: [200, receipt] });
    open();
    expect(await screen.findByRole('heading', { level: 2, name: headline })).toBeTruthy();
    expect(screen.getByText(detail)).toBeTruthy();
    const ended = screen.getByText('Ended').nextElementSibling!;
    expect(ended.querySelector('time')?.getAttribute('datetime')).toBe(receipt.endedAt);
    const kept = screen.getByText('Status kept until').nextElementSibling!;
    expect(kept.querySelector('time')?.getAttribute('datetime')).toBe(receipt.keptUntil);
    expect(kept.textContent).toContain('Then this receipt is deleted too.');
    expect(screen.queryByText('Expires')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Burn now' })).toBeNull();
  });

  it('says an ended secret nobody opened was never opened, not "not yet"', async () => {
    serveApi({ [READ]: [200, endedReceipt('expired_unread')] });
    open();
    expect(await screen.findByText('Never opened.')).toBeTruthy();
    expect(screen.queryByText('Not opened yet.')).toBeNull();
  });

  it('shows the signed-in owner which secret the receipt is of', async () => {
    signIn();
    serveApi({ [OWN]: [200, openReceipt()] });
    open(`/receipt/${ID}`);
    expect(await screen.findByText(ID)).toBeTruthy();
    expect(screen.getByText(ID).previousElementSibling).toBeNull();
    expect(screen.getByText(ID).closest('dd')?.previousElementSibling?.textContent).toBe('Secret');
  });

  it('has words for every end reason', () => {
    for (const reason of END_REASONS) {
      expect(i18n.exists(`endReason.${reason}`, { ns: 'receipts' }), reason).toBe(true);
      expect(i18n.exists(`endDetail.${reason}`, { ns: 'receipts' }), reason).toBe(true);
    }
  });

  it('says a secret whose files are still arriving is still uploading', async () => {
    serveApi({ [READ]: [200, openReceipt({ state: 'uploading', fileCount: 2 })] });
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Still uploading' })).toBeTruthy();
    expect(screen.getByText('2 files')).toBeTruthy();
  });

  it('says there is no such receipt when the server knows none', async () => {
    serveApi({ [READ]: [404, { code: 'receipt.not_found', message: 'No such receipt' }] });
    open();
    expect(await screen.findByText('No such receipt')).toBeTruthy();
    expect(screen.getByText(/The link is wrong, or the receipt is past its retention/)).toBeTruthy();
  });

  it('says a link without its token is incomplete, offers to sign in, and asks the server nothing', async () => {
    const fetchMock = serveApi({});
    for (const path of [`/receipt/${ID}`, `/receipt/${ID}#short`]) {
      open(path);
      expect(await screen.findByText('This receipt link is incomplete')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
        `/signin?next=${encodeURIComponent(`/receipt/${ID}`)}`,
      );
      cleanup();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a signed-in owner the receipt by id, and burns as the owner', async () => {
    signIn();
    let receipt = openReceipt();
    const fetchMock = serveApi({
      [OWN]: () => [200, receipt],
      [BURN]: () => {
        receipt = endedReceipt('burned_by_creator');
        return [200, { id: ID, burned: true }];
      },
    });
    open(`/receipt/${ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Waiting to be opened' })).toBeTruthy();
    expect(screen.getByText(/What happened to your secret/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Burn now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Burned by the creator' })).toBeTruthy();
    expect(sentBodies(fetchMock, BURN)).toEqual([{}]);
  });

  it('burns with the link’s token after a confirmation, then shows the new status and says so', async () => {
    let receipt = openReceipt();
    const fetchMock = serveApi({
      [READ]: () => [200, receipt],
      [BURN]: () => {
        receipt = endedReceipt('burned_by_creator');
        return [200, { id: ID, burned: true }];
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Burn now' }));
    const question = screen.getByRole('group', { name: /Delete this secret now/ });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(sentBodies(fetchMock, BURN)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Burn now' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Burned by the creator' })).toBeTruthy();
    expect(sentBodies(fetchMock, BURN)).toEqual([{ deleteToken: TOKEN }]);
    expect(sentBodies(fetchMock, READ)).toHaveLength(2);
    const notice = screen.getByText('The secret is deleted: nobody can open it any more.');
    await waitFor(() => expect(document.activeElement?.contains(notice)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Burn now' })).toBeNull();
  });

  it('offers to try again when the receipt could not be loaded', async () => {
    let calls = 0;
    serveApi({
      [READ]: () => (++calls === 1 ? [503, { code: 'server.unavailable', message: 'down' }] : [200, openReceipt()]),
    });
    open();
    expect(await screen.findByText('The receipt could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Waiting to be opened' })).toBeTruthy();
  });
});
