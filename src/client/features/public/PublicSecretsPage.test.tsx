// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test-utils/i18n';
import type * as SecretsDoor from '../secrets';
import { listPublicSecrets, type PublicSecretItem } from '../secrets';
import PublicSecretsPage from './PublicSecretsPage';

vi.mock('../secrets', async (original) => ({ ...(await original<typeof SecretsDoor>()), listPublicSecrets: vi.fn() }));
const listMock = vi.mocked(listPublicSecrets);

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  listMock.mockReset();
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 60_000).toISOString();
const secret = (id: string, title: string | null, username: string | null, hours = 3): PublicSecretItem => ({
  id,
  title,
  username,
  createdAt: new Date().toISOString(),
  expiresAt: inHours(hours),
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/public', element: <PublicSecretsPage /> },
      { path: '/public/:username', element: <PublicSecretsPage /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('PublicSecretsPage', () => {
  it('lists the secrets in the order the server gave them, each linking to its key-less view page', async () => {
    listMock.mockResolvedValue([
      secret('newestNewestNewest0001', 'Newest', 'alice'),
      secret('middleMiddleMiddle0002', 'Middle', 'bob'),
      secret('oldestOldestOldest0003', 'Oldest', 'carol'),
    ]);
    renderAt('/public');
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(within(items[0]!).getByRole('link', { name: 'Newest' }).getAttribute('href')).toBe(
      '/secret/newestNewestNewest0001',
    );
    expect(listMock).toHaveBeenCalledWith(undefined);
  });

  it('links the author to their own list, and names anonymous authors', async () => {
    listMock.mockResolvedValue([
      secret('aaaaaaaaaaaaaaaaaaaaaa', 'Mine', 'alice'),
      secret('bbbbbbbbbbbbbbbbbbbbbb', 'X', null),
    ]);
    renderAt('/public');
    const [first, second] = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'alice' }).getAttribute('href')).toBe('/public/alice');
    expect(first!.textContent).toContain('by alice');
    expect(second!.textContent).toContain('by anonymous');
    expect(within(second!).getAllByRole('link')).toHaveLength(1);
  });

  it('calls a secret without a title "Untitled"', async () => {
    listMock.mockResolvedValue([
      secret('aaaaaaaaaaaaaaaaaaaaaa', null, 'alice'),
      secret('bbbbbbbbbbbbbbbbbbbbbb', '', null),
    ]);
    renderAt('/public');
    await screen.findByRole('list');
    expect(screen.getAllByRole('link', { name: 'Untitled' })).toHaveLength(2);
  });

  it('shows when each secret expires, relative and machine-readable', async () => {
    const item = secret('aaaaaaaaaaaaaaaaaaaaaa', 'Soon', 'alice', 3);
    listMock.mockResolvedValue([item]);
    renderAt('/public');
    const time = (await screen.findByText('expires in 3 hours')).closest('time');
    expect(time?.getAttribute('datetime')).toBe(item.expiresAt);
  });

  it('says so when there are no public secrets', async () => {
    listMock.mockResolvedValue([]);
    renderAt('/public');
    expect(await screen.findByText('No public secrets yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("names the user in the heading of a user's list and asks for that user's secrets", async () => {
    listMock.mockResolvedValue([secret('aaaaaaaaaaaaaaaaaaaaaa', 'Hello', 'alice')]);
    renderAt('/public/alice');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Public secrets by alice');
    await screen.findByRole('list');
    expect(listMock).toHaveBeenCalledWith('alice');
    await waitFor(() => expect(document.title).toBe('Public secrets by alice · Hush'));
  });

  it('warns that public secrets are not encrypted', () => {
    listMock.mockReturnValue(new Promise(() => {}));
    renderAt('/public');
    expect(screen.getByText('Public secrets are not encrypted')).toBeTruthy();
    expect(screen.getByText('Loading public secrets…')).toBeTruthy();
  });

  it('offers a retry after a failed load, and shows the list once it succeeds', async () => {
    listMock
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue([secret('aaaaaaaaaaaaaaaaaaaaaa', 'Back', null)]);
    renderAt('/public');
    expect(await screen.findByText('The public secrets could not be loaded')).toBeTruthy();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('link', { name: 'Back' })).toBeTruthy();
    expect(listMock).toHaveBeenCalledTimes(2);
  });
});
