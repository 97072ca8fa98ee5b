// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInAccount } from '../../../../test-utils/account-page';
import { createTestI18n } from '../../../../test-utils/i18n';
import { typeInto } from '../../../../test-utils/render';
import { sentBodies, serveApi } from '../../../../test-utils/serve-api';
import type { Passkey } from '../../api/passkeys';
import { PasskeysSection } from './PasskeysSection';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LAPTOP: Passkey = {
  id: 'p1',
  name: 'Laptop',
  createdAt: '2029-01-01T10:00:00.000Z',
  lastUsedAt: null,
  deviceType: 'multiDevice',
  backedUp: true,
};
const URL = '/api/v1/account/passkeys';
const render = () => renderInAccount(i18n, <PasskeysSection />, '/account/security');

/** A browser with WebAuthn on a secure page, whose authenticator the person dismisses. */
function webAuthnBrowser() {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const create = vi.fn(async () => {
    throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  });
  Object.defineProperty(navigator, 'credentials', { value: { create, get: vi.fn() }, configurable: true });
  return create;
}

describe('passkeys on the security page', () => {
  it('lists passkeys with their dates; a browser without WebAuthn is told why instead of an add button', async () => {
    serveApi({ [`GET ${URL}`]: [200, [LAPTOP]] });
    render();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Laptop')).toBeTruthy();
    expect(within(list).getByText('Synced')).toBeTruthy();
    expect(within(list).getByText('Never used')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByText(/Passkeys need a secure connection/)).toBeTruthy();
  });

  it('renames a passkey in a dialog, and an empty name is refused before asking the server', async () => {
    const fetchMock = serveApi({
      [`GET ${URL}`]: [200, [LAPTOP]],
      [`PUT ${URL}/p1`]: (body) => [200, { ...LAPTOP, ...(body as { name: string }) }],
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename passkey Laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename passkey' });
    typeInto('Name', '  ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    typeInto('Name', 'Phone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Phone')).toBeTruthy();
    expect(sentBodies(fetchMock, `PUT ${URL}/p1`)).toEqual([{ name: 'Phone' }]);
  });

  it('keeps a right-to-left name apart from the text around it, in the list and in the rename field', async () => {
    const name = 'مفتاح المكتب';
    serveApi({ [`GET ${URL}`]: [200, [{ ...LAPTOP, name }]] });
    render();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText(name).getAttribute('dir')).toBe('auto');
    fireEvent.click(screen.getByRole('button', { name: `Rename passkey ${name}` }));
    const field = within(screen.getByRole('dialog', { name: 'Rename passkey' })).getByLabelText('Name');
    expect(field.getAttribute('dir')).toBe('auto');
  });

  it('removes a passkey after confirmation', async () => {
    serveApi({ [`GET ${URL}`]: [200, [LAPTOP]], [`DELETE ${URL}/p1`]: [200, { removed: true }] });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passkey Laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this passkey?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
  });

  it('says so when the person dismisses the browser’s passkey prompt', async () => {
    const create = webAuthnBrowser();
    serveApi({
      [`GET ${URL}`]: [200, []],
      [`POST ${URL}/options`]: [
        200,
        {
          challenge: 'Y2hhbGxlbmdl',
          rp: { id: 'localhost', name: 'Hush' },
          user: { id: 'dXNlcg', name: 'alice', displayName: 'alice' },
          pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
        },
      ],
    });
    render();
    typeInto('Name', 'Laptop');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The passkey request was cancelled or timed out. Try again.',
    );
    expect(create).toHaveBeenCalledTimes(1);
  });
});
