// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderInAccount } from '../../../test-utils/account-page';
import { createTestI18n } from '../../../test-utils/i18n';
import type { OwnSecret } from '../api/account.types';
import { deleteOwnSecret } from '../api/delete-own-secret';
import { listEndedSecrets, type EndedSecret } from '../api/list-ended-secrets';
import { listOwnSecrets } from '../api/list-own-secrets';
import OwnSecretsPage from './OwnSecretsPage';

vi.mock('../api/list-own-secrets', () => ({ listOwnSecrets: vi.fn() }));
vi.mock('../api/delete-own-secret', () => ({ deleteOwnSecret: vi.fn() }));
vi.mock('../api/list-ended-secrets', () => ({ listEndedSecrets: vi.fn() }));

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  vi.mocked(listEndedSecrets).mockResolvedValue([]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const secret = (id: string, changes: Partial<OwnSecret> = {}): OwnSecret => ({
  id,
  title: null,
  isPublic: false,
  maxViews: 3,
  viewsLeft: 3,
  preventBurn: false,
  createdAt: new Date().toISOString(),
  expiresAt: inDays(28),
  viewsUsed: 0,
  lastViewedAt: null,
  failedAttempts: 0,
  ...changes,
});
const ended = (id: string, changes: Partial<EndedSecret> = {}): EndedSecret => ({
  id,
  state: 'ended',
  createdAt: inDays(-2),
  expiresAt: inDays(5),
  maxViews: 1,
  viewsUsed: 1,
  preventBurn: false,
  isPublic: false,
  fileCount: 0,
  views: [{ at: hoursAgo(3), ip: null }],
  failedAttempts: [],
  endedAt: hoursAgo(3),
  endReason: 'last_view',
  keptUntil: inDays(29),
  ...changes,
});
const open = () => renderInAccount(i18n, <OwnSecretsPage />, '/account/secrets');
const liveItems = async () =>
  within(await screen.findByRole('list', { name: 'Your secrets' })).getAllByRole('listitem');

describe('own secrets', () => {
  it('lists each secret with a readable or "Encrypted title", its views used and a public badge', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([
      secret('privatePrivatePrivate1', { title: 'hush1.encrypted', viewsUsed: 1, viewsLeft: 2 }),
      secret('publicPublicPublicPub2', { title: 'Lunch menu', isPublic: true, viewsLeft: 1, maxViews: 1 }),
      secret('burnAfterTimeBurnAfter', { preventBurn: true, viewsUsed: 4 }),
    ]);
    open();
    const items = await liveItems();
    expect(items[0]!.textContent).toContain('Encrypted title');
    expect(items[0]!.textContent).toContain('1 of 3 views used');
    expect(items[0]!.textContent).toContain('Expires in 4 weeks');
    expect(within(items[1]!).getByRole('link', { name: 'Lunch menu' }).getAttribute('href')).toBe(
      '/secret/publicPublicPublicPub2',
    );
    expect(items[1]!.textContent).toContain('Public');
    expect(items[1]!.textContent).toContain('0 of 1 view used');
    expect(items[2]!.textContent).toContain('Untitled');
    expect(items[2]!.textContent).toContain('4 views, of any number until it expires');
  });

  it('sets the direction of a readable title on its heading, so a wrapped right-to-left title aligns every line', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([
      secret('hebrewHebrewHebrewHebr', { title: 'תפריט ארוחת צהריים לצוות', isPublic: true }),
      secret('encryptedEncryptedEncr', { title: 'hush1.encrypted' }),
    ]);
    open();
    const [hebrew, encrypted] = await liveItems();
    const heading = within(hebrew!).getByRole('heading', { level: 2 });
    expect(heading.getAttribute('dir')).toBe('auto');
    expect(heading.querySelector('[dir]')).toBeNull();
    expect(within(encrypted!).getByRole('heading', { level: 2 }).hasAttribute('dir')).toBe(false);
  });

  it('puts each dot of the facts line before its fact, hidden from screen readers, clipped where a line starts', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([secret('dotsDotsDotsDotsDotsDo')]);
    open();
    const [item] = await liveItems();
    const facts = within(item!)
      .getByText(/^Created/)
      .closest('p')!;
    const row = facts.firstElementChild!;
    const items = [...row.children];
    expect(items.length).toBeGreaterThan(1);
    for (const fact of items) {
      const dot = fact.firstElementChild!;
      expect(dot.textContent).toBe('·');
      expect(dot.getAttribute('aria-hidden')).toBe('true');
      expect(dot.nextSibling, 'the fact follows its dot').not.toBeNull();
    }
    // jsdom has no layout: the clipping is the row shifted left by the dots' padding inside a clipping paragraph.
    expect(facts.className).toContain('sm:overflow-hidden');
    expect(row.className).toContain('sm:-ms-6');
    expect(items[0]!.className).toContain('sm:ps-6');
  });

  it('says when a secret was last opened and how many wrong passwords it had, only when there were any', async () => {
    const openedAt = hoursAgo(2);
    vi.mocked(listOwnSecrets).mockResolvedValue([
      secret('openedOpenedOpenedOpen', { viewsUsed: 2, viewsLeft: 1, lastViewedAt: openedAt, failedAttempts: 3 }),
      secret('untouchedUntouchedUnto'),
    ]);
    open();
    const [opened, untouched] = await liveItems();
    const last = within(opened!).getByText('Last opened 2 hours ago');
    expect(last.getAttribute('datetime')).toBe(openedAt);
    expect(last.getAttribute('title')).toMatch(/\d:\d{2}/);
    expect(opened!.textContent).toContain('3 wrong passwords');
    expect(untouched!.textContent).not.toMatch(/Last opened|wrong password/);
  });

  it('links each secret to its receipt, as its owner (no token in the link)', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([secret('privatePrivatePrivate1')]);
    open();
    const [item] = await liveItems();
    const link = within(item!).getByRole('link', { name: 'Receipt of the secret “Untitled”' });
    expect(link.textContent).toBe('Receipt');
    expect(link.getAttribute('href')).toBe('/receipt/privatePrivatePrivate1');
  });

  it('deletes a secret after a confirmation, as its owner, and asks for the ended ones again', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([secret('privatePrivatePrivate1')]);
    vi.mocked(deleteOwnSecret).mockResolvedValue({ id: 'privatePrivatePrivate1', burned: true });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the secret “Untitled”' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this secret?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    vi.mocked(listEndedSecrets).mockResolvedValue([
      ended('privatePrivatePrivate1', { endReason: 'burned_by_creator', views: [], viewsUsed: 0 }),
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete secret' }));
    expect(await screen.findByText('The secret is deleted.')).toBeTruthy();
    expect(deleteOwnSecret).toHaveBeenCalledWith('privatePrivatePrivate1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('No secrets to show')).toBeTruthy();
    const endedList = await screen.findByRole('list', { name: 'Ended' });
    expect(await within(endedList).findByText('Burned by the creator')).toBeTruthy();
  });

  it('sends the visitor to /signout when the server no longer knows the session', async () => {
    vi.mocked(listOwnSecrets).mockRejectedValue(new ApiError(401, 'auth.not_signed_in', 'You are not signed in'));
    open();
    expect(await screen.findByText('Sign-out page')).toBeTruthy();
  });
});

describe('ended secrets', () => {
  it('lists them in the server’s order (newest first): how and when each ended, its views and its receipt', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([]);
    vi.mocked(listEndedSecrets).mockResolvedValue([
      ended('lastViewLastViewLastVi', { endedAt: hoursAgo(1) }),
      ended('expiredExpiredExpiredE', {
        endReason: 'expired_unread',
        endedAt: hoursAgo(30),
        views: [],
        viewsUsed: 0,
        maxViews: 5,
      }),
    ]);
    open();
    const section = await screen.findByRole('region', { name: 'Ended' });
    const items = within(await within(section).findByRole('list', { name: 'Ended' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Ended by its last view',
      'Expired unread',
    ]);
    expect(items[0]!.textContent).toContain('1 hour ago');
    expect(items[0]!.textContent).toContain('1 of 1 view used');
    expect(items[1]!.textContent).toContain('1 day ago');
    expect(items[1]!.textContent).toContain('0 of 5 views used');
    const receipt = within(items[1]!).getByRole('link', { name: 'Receipt of the ended secret expiredExpiredExpiredE' });
    expect(receipt.getAttribute('href')).toBe('/receipt/expiredExpiredExpiredE');
  });

  it('says so when none ended recently, and offers to try again when the list fails', async () => {
    vi.mocked(listOwnSecrets).mockResolvedValue([]);
    open();
    expect(await screen.findByText('None of your secrets has ended recently.')).toBeTruthy();
    cleanup();
    vi.mocked(listEndedSecrets).mockRejectedValueOnce(new ApiError(0, 'network.unreachable', 'offline'));
    open();
    expect(await screen.findByText('Your ended secrets could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' }).at(-1)!);
    expect(await screen.findByText('None of your secrets has ended recently.')).toBeTruthy();
  });
});
