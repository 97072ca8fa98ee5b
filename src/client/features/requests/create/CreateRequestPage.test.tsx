// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deriveDetailsKey, publicKeyFingerprint, unwrapPrivateKey } from '../../../../shared/crypto/request-keys';
import { parseFillLink, parseInboxLink } from '../../../../shared/rules/requests';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { createTestI18n } from '../../../test-utils/i18n';
import { renderRoutes, typeInto } from '../../../test-utils/render';
import { sentBodies, serveApi } from '../../../test-utils/serve-api';
import type { AccountOutlet } from '../../account';
import { useSettingsStore } from '../../settings';
import type { NewRequest } from '../api/requests.types';
import { inboxKeyFor } from '../inbox-keys';
import { openDetails } from '../request-crypto';
import { inDays } from '../requests.test-utils';
import CreateRequestPage from './CreateRequestPage';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
beforeEach(() => {
  useSettingsStore.getState().setSettings({ ...DEFAULT_SETTINGS, hide_allowed_ip_input: false });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = 'POST /api/v1/requests';
const ACCOUNT = {
  username: 'alice',
  email: 'a@example.com',
  role: 'user',
  generated: false,
  createdAt: inDays(-9),
  emailVerified: true,
};
function open() {
  const context = { account: ACCOUNT, setAccount: vi.fn() } as AccountOutlet;
  return renderRoutes(
    i18n,
    [
      {
        path: '/account',
        element: <Outlet context={context} />,
        children: [{ path: '*', element: <CreateRequestPage /> }],
      },
    ],
    '/account/requests/new',
  );
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create request' }));

describe('the new request form', () => {
  it('needs a title, and whole numbers within the limits, before anything is sealed or sent', async () => {
    const fetchMock = serveApi({});
    open();
    typeInto('Responses accepted', '101');
    typeInto('Views of each response', '0');
    typeInto('Only accept responses from this IP address or range (optional)', '300.1.1.1');
    submit();
    expect(screen.getByText('Give the request a title.')).toBeTruthy();
    expect(screen.getAllByText('Enter a whole number from 1 to 100.')).toHaveLength(1);
    expect(screen.getByText('Enter a whole number from 1 to 999.')).toBeTruthy();
    expect(screen.getByText(/Enter an IPv4 or IPv6 address/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));
    typeInto('Title', 'é'.repeat(101));
    submit();
    expect(screen.getByText('The title is longer than 200 bytes.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers the link validities and lifetimes, 7 days and one response seen once by default', () => {
    open();
    const validity = screen.getByLabelText('Link valid for') as HTMLSelectElement;
    expect([...validity.options].map((option) => option.textContent)).toEqual([
      '1 hour',
      '1 day',
      '3 days',
      '7 days',
      '14 days',
      '30 days',
    ]);
    expect(validity.value).toBe('604800');
    expect((screen.getByLabelText('Each response is kept for') as HTMLSelectElement).value).toBe('604800');
    expect((screen.getByLabelText('Responses accepted') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Views of each response') as HTMLInputElement).value).toBe('1');
  });

  it('hides the files and IP choices the instance turns off, and the form when requests are off', () => {
    useSettingsStore.getState().setSettings({ ...DEFAULT_SETTINGS, disable_file_upload: true });
    open();
    expect(screen.queryByRole('switch', { name: 'Responses may have files' })).toBeNull();
    expect(screen.queryByLabelText(/IP address or range/)).toBeNull();
    cleanup();
    useSettingsStore.getState().setSettings({ ...DEFAULT_SETTINGS, disable_requests: true });
    open();
    expect(screen.getByText('Requests are turned off')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create request' })).toBeNull();
  });

  it('seals the request here, and shows a fill link and an inbox link that open it', async () => {
    const fetchMock = serveApi({
      [PATH]: (body) => [201, { id: (body as NewRequest).id, expiresAt: inDays(3) }],
    });
    open();
    typeInto('Title', 'The Wi-Fi password');
    typeInto('Instructions (optional)', 'For the guest network.');
    fireEvent.change(screen.getByLabelText('Link valid for'), { target: { value: '259200' } });
    typeInto('Responses accepted', '3');
    fireEvent.click(screen.getByRole('switch', { name: 'Responses may have files' }));
    typeInto('Only accept responses from this IP address or range (optional)', ' 10.0.0.0/8 ');
    submit();

    const heading = await screen.findByRole('heading', { name: 'Your request is ready' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const [body] = sentBodies(fetchMock, PATH) as NewRequest[];
    expect(body).toMatchObject({
      ttl: 259200,
      maxResponses: 3,
      responseTtl: 604800,
      responseViews: 1,
      allowFiles: true,
      allowedIp: '10.0.0.0/8',
    });
    expect(body!.title).toMatch(/^hush1\./);
    expect(body!.wrappedKey).toMatch(/^hushrk1\./);
    expect(JSON.stringify(body)).not.toContain('Wi-Fi');

    const fill = parseFillLink((screen.getByLabelText('Link to answer') as HTMLTextAreaElement).value)!;
    const inbox = parseInboxLink((screen.getByLabelText('Inbox link') as HTMLTextAreaElement).value)!;
    expect(fill.id).toBe(body!.id);
    expect(inbox.id).toBe(body!.id);
    expect(fill.fingerprint).toBe(await publicKeyFingerprint(body!.publicKey));
    expect(fill.detailsKey).toBe(await deriveDetailsKey(inbox.inboxKey!, body!.id));
    expect(await openDetails(fill.detailsKey!, { title: body!.title, text: body!.text ?? null })).toEqual({
      title: 'The Wi-Fi password',
      text: 'For the guest network.',
    });
    await expect(unwrapPrivateKey(body!.wrappedKey, inbox.inboxKey!, body!.id)).resolves.toBeTruthy();
    expect(inboxKeyFor(body!.id)).toBe(inbox.inboxKey);
    expect(screen.getByText('This inbox link is shown only once')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code of the inbox link' })).toBeTruthy();
  });

  it('shows the server refusing a field at that field', async () => {
    serveApi({ [PATH]: [400, { code: 'validation.allowedIp', message: 'bad' }] });
    open();
    typeInto('Title', 'Anything');
    submit();
    expect(await screen.findByText('The request was not created')).toBeTruthy();
    expect(screen.getByText('The server did not accept this value.')).toBeTruthy();
  });
});
