// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { describedBy } from '../../../test-utils/render';
import type { AdminUser } from '../api/admin.types';
import { renderAdminPage, sentBodies, serveApi } from '../admin.test-utils';
import UsersPage from './UsersPage';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/api/v1/admin/users';
const user = (username: string, changes: Partial<AdminUser> = {}): AdminUser => ({
  username,
  email: `${username}@example.com`,
  role: 'user',
  generated: false,
  createdAt: '2029-03-01T12:00:00.000Z',
  ...changes,
});
const ROOT = user('root', { role: 'admin' });
/** 45 users, root first: pages of 20 as the server would cut them. */
const ALL = [ROOT, ...Array.from({ length: 44 }, (_, index) => user(`user${String(index + 1).padStart(2, '0')}`))];
const pageOf = (users: AdminUser[]) => (_body: unknown, url: string) => {
  const query = new URL(url, 'http://x').searchParams;
  const skip = Number(query.get('skip'));
  const take = Number(query.get('take'));
  return [200, { users: users.slice(skip, skip + take), total: users.length, skip, take }] as [number, unknown];
};
const open = (path = '/account/users') => renderAdminPage(i18n, <UsersPage />, path);
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } });

describe('the users page', () => {
  it('lists the users in a table: username, email, role, who set the password, created, labelled buttons', async () => {
    serveApi({ [`GET ${PATH}`]: pageOf([ROOT, user('alice', { role: 'creator', generated: true })]) });
    open();
    const table = await screen.findByRole('table', { name: 'Users 1 to 2 of 2' });
    // Four columns, the headings stacked as the values: the username over the email, the role over the password's.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Username Email', 'Role Password', 'Created', 'Actions']);
    const alice = within(table).getByRole('row', { name: /alice/ });
    expect(within(alice).getByRole('rowheader').textContent).toBe('alice alice@example.com');
    expect(screen.queryByRole('list', { name: 'Users 1 to 2 of 2' })).toBeNull();
    expect(alice.textContent).toContain('alice@example.com');
    expect(alice.textContent).toContain('Creator');
    expect(alice.textContent).toContain('Set by admin');
    expect(within(table).getByRole('row', { name: /root/ }).textContent).toContain("User's own");
    expect(within(alice).getByRole('button', { name: 'Edit alice' })).toBeTruthy();
    expect(within(alice).getByRole('button', { name: 'Delete alice' })).toBeTruthy();
    // One's own account is deleted in account settings, with the password.
    const root = within(table).getByRole('row', { name: /root/ });
    expect(root.textContent).toContain('You');
    expect(within(root).queryByRole('button', { name: 'Delete root' })).toBeNull();
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Next/ })).toBeNull();
  });

  it('pages through the users with previous and next', async () => {
    const fetchMock = serveApi({ [`GET ${PATH}`]: pageOf(ALL) });
    const { router } = open();
    expect(await screen.findByText('1–20 of 45')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('21–40 of 45')).toBeTruthy();
    expect(router.state.location.search).toBe('?skip=20');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/v1/admin/users?skip=20&take=20');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('41–45 of 45')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('21–40 of 45')).toBeTruthy();
  });

  it('starts at the page in the address', async () => {
    serveApi({ [`GET ${PATH}`]: pageOf(ALL) });
    open('/account/users?skip=40');
    expect(await screen.findByText('41–45 of 45')).toBeTruthy();
  });

  it('creates a user: checks the fields first, generates a password, defaults to role user and generated', async () => {
    const fetchMock = serveApi({
      [`GET ${PATH}`]: pageOf([ROOT]),
      [`POST ${PATH}`]: (body) => [201, { ...(body as object), createdAt: '2029-03-02T00:00:00.000Z' }],
    });
    open();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a user' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(describedBy(field(dialog, 'Username'))).toContain('Choose a username of 4 to 20 characters.');
    expect(describedBy(field(dialog, 'Email'))).toContain('Enter an email address.');
    expect(describedBy(field(dialog, 'Password'))).toContain('Choose a password of 5 to 50 characters');
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, 'Username')));
    expect(sentBodies(fetchMock, `POST ${PATH}`)).toEqual([]);

    type(dialog, 'Username', 'bad name');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(describedBy(field(dialog, 'Username'))).toContain('Use only letters, digits, dots, dashes and underscores.');

    type(dialog, 'Username', 'alice');
    type(dialog, 'Email', 'alice@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate password' }));
    const password = field(dialog, 'Password').value;
    expect(password).toHaveLength(24);
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('user');
    expect((within(dialog).getByRole('switch', { name: 'Password set by admin' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('The user alice is created.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentBodies(fetchMock, `POST ${PATH}`)).toEqual([
      { username: 'alice', email: 'alice@example.com', password, role: 'user', generated: true },
    ]);
  });

  it('shows the server refusing a taken username at the field, in the dialog', async () => {
    serveApi({
      [`GET ${PATH}`]: pageOf([ROOT]),
      [`POST ${PATH}`]: [409, { code: 'auth.username_taken', message: 'taken', field: 'username' }],
    });
    open();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a user' });
    type(dialog, 'Username', 'root');
    type(dialog, 'Email', 'other@example.com');
    type(dialog, 'Password', 'secret-password');
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'creator' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Password set by admin' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(describedBy(field(dialog, 'Username'))).toContain('This username is taken. Choose another.'),
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it("edits a user's email and role; the username stays; refusals show in the dialog", async () => {
    const fetchMock = serveApi({
      [`GET ${PATH}`]: pageOf([ROOT, user('alice')]),
      [`PUT ${PATH}`]: (body) => [200, { ...user('alice'), ...(body as object) }],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit alice' });
    expect(field(dialog, 'Username').readOnly).toBe(true);
    expect(document.activeElement).toBe(field(dialog, 'Email'));
    type(dialog, 'Email', 'alice@example.org');
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The user alice is updated.')).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT ${PATH}`)).toEqual([
      { username: 'alice', email: 'alice@example.org', role: 'admin' },
    ]);
    const row = screen.getByRole('row', { name: /alice/ });
    expect(row.textContent).toContain('alice@example.org');
    expect(row.textContent).toContain('Administrator');

    serveApi({
      [`GET ${PATH}`]: pageOf([ROOT]),
      [`PUT ${PATH}`]: [409, { code: 'admin.last_admin', message: 'last admin' }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit root' }));
    const own = screen.getByRole('dialog', { name: 'Edit root' });
    fireEvent.change(within(own).getByLabelText('Role'), { target: { value: 'user' } });
    expect(own.textContent).toContain('This is your own account');
    fireEvent.click(within(own).getByRole('button', { name: 'Save changes' }));
    expect((await within(own).findByRole('alert')).textContent).toContain(
      'The last admin cannot be deleted or demoted.',
    );
  });

  it('deletes a user after a confirmation that names them and their secrets', async () => {
    serveApi({ [`GET ${PATH}`]: pageOf([ROOT, user('alice')]) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete alice' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete alice?' });
    expect(dialog.textContent).toContain('together with all its secrets');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    const fetchMock = serveApi({ [`GET ${PATH}`]: pageOf([ROOT]), [`DELETE ${PATH}`]: [200, { deleted: true }] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    const notice = await screen.findByText('The user alice and their secrets are deleted.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('row', { name: /alice/ })).toBeNull());
    expect(document.activeElement).toBe(notice.closest('[tabindex="-1"]'));
    expect(sentBodies(fetchMock, `DELETE ${PATH}`)).toEqual([{ username: 'alice' }]);
  });

  it('keeps the dialog open with the reason when the delete is refused', async () => {
    serveApi({
      [`GET ${PATH}`]: pageOf([ROOT, user('other', { role: 'admin' })]),
      [`DELETE ${PATH}`]: [409, { code: 'admin.last_admin', message: 'last admin' }],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete other' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete other?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The last admin cannot be deleted');
  });

  it('lets long usernames and emails wrap only where a reader expects it, read left to right in any language', async () => {
    const long = user('maximilian_alexander', {
      email: 'maximilian.alexander.schneider-winterberg@very-long-subsidiary-name.example.com',
    });
    serveApi({ [`GET ${PATH}`]: pageOf([ROOT, long]) });
    open();
    const header = within(await screen.findByRole('row', { name: /maximilian_alexander/ })).getByRole('rowheader');
    const [username, email] = [...header.querySelectorAll('[dir="ltr"]')].map((span) =>
      span.innerHTML.replaceAll('<wbr>', '|'),
    );
    expect(username).toBe('maximilian_|alexander');
    expect(email).toBe('maximilian|.alexander|.schneider-winterberg@|very-long-subsidiary-name|.example|.com');
    // A piece wider than the column may still break inside, never the column squeezed to a letter a line.
    expect(header.className).toContain('[overflow-wrap:anywhere]');
    expect(header.className).toMatch(/\bmin-w-/);
  });

  /**
   * jsdom has no layout: the table's least width (measured with `width: min-content`, the buttons side by side or
   * stacked as `data-actions` says) and its box's width are given here.
   */
  function layOut(box: number, table: { row: number; stack: number }) {
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
      return this.querySelector(':scope > table') ? box : 0;
    });
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const width =
        this instanceof HTMLTableElement && this.style.width === 'min-content'
          ? table[this.dataset.actions === 'stack' ? 'stack' : 'row']
          : 0;
      return DOMRect.fromRect({ width, height: 0 });
    });
  }

  it('stacks the buttons of each row when the table fits only that way', async () => {
    layOut(640, { row: 700, stack: 600 });
    serveApi({ [`GET ${PATH}`]: pageOf([ROOT, user('alice')]) });
    open();
    const table = await screen.findByRole('table', { name: 'Users 1 to 2 of 2' });
    expect(table.dataset.actions).toBe('stack');
    expect(screen.queryByRole('list', { name: 'Users 1 to 2 of 2' })).toBeNull();
  });

  it('shows a card per user instead when the table does not fit, as on a phone, with the same facts and buttons', async () => {
    layOut(343, { row: 700, stack: 600 });
    serveApi({ [`GET ${PATH}`]: pageOf([ROOT, user('alice', { role: 'creator', generated: true })]) });
    open();
    const list = await screen.findByRole('list', { name: 'Users 1 to 2 of 2' });
    // The table stays laid out to be measured again, invisible and out of the accessibility tree.
    expect(screen.queryByRole('table')).toBeNull();
    const [root, alice] = within(list).getAllByRole('listitem');
    expect(within(alice!).getByRole('heading', { level: 2 }).textContent).toBe('alice');
    const facts = [...alice!.querySelectorAll('dt')].map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(facts).toEqual([
      ['Role', 'Creator'],
      ['Password', 'Set by admin'],
      ['Created', 'Mar 1, 2029'],
    ]);
    expect(alice!.textContent).toContain('alice@example.com');
    expect(within(alice!).getByRole('button', { name: 'Edit alice' })).toBeTruthy();
    expect(within(alice!).getByRole('button', { name: 'Delete alice' })).toBeTruthy();
    expect(within(root!).getByRole('heading', { level: 2 }).textContent).toBe('root You');
    expect(within(root!).queryByRole('button', { name: 'Delete root' })).toBeNull();

    fireEvent.click(within(alice!).getByRole('button', { name: 'Edit alice' }));
    expect(screen.getByRole('dialog', { name: 'Edit alice' })).toBeTruthy();
  });

  it('shows the forbidden state when the server refuses, and a retry when loading fails', async () => {
    serveApi({ [`GET ${PATH}`]: [403, { code: 'auth.admin_required', message: 'no' }] });
    open();
    expect(await screen.findByText('You do not have permission to see this page')).toBeTruthy();
    cleanup();

    serveApi({});
    open();
    expect(await screen.findByText('The users could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server cannot be reached. Check your connection.')).toBeTruthy();
    serveApi({ [`GET ${PATH}`]: pageOf([ROOT]) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('shows the forbidden state to a non-admin without asking the server', () => {
    const fetchMock = serveApi({});
    renderAdminPage(i18n, <UsersPage />, '/account/users', 'creator');
    expect(screen.getByText('You do not have permission to see this page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
