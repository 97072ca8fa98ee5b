// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInAccount } from '../../../../test-utils/account-page';
import { createTestI18n } from '../../../../test-utils/i18n';
import { typeInto } from '../../../../test-utils/render';
import { sentBodies, serveApi } from '../../../../test-utils/serve-api';
import { keyGroups } from './EnrolTotp';
import { TwoFactorSection } from './TwoFactorSection';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = '/api/v1/account/two-factor';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '2')}`);
const render = () => renderInAccount(i18n, <TwoFactorSection />, '/account/security');

describe('two-factor codes on the security page', () => {
  it('sets up an app: password, QR code and grouped key copied whole, a wrong code at its field, then the codes shown once', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, { totp: false, backupCodesLeft: 0 }],
      [`POST ${BASE}/totp`]: [200, { uri: `otpauth://totp/Hush:alice?secret=${SECRET}&issuer=Hush`, secret: SECRET }],
      [`POST ${BASE}/totp/confirm`]: (body) =>
        (body as { code: string }).code === '123456'
          ? [200, { backupCodes: CODES }]
          : [400, { code: 'two_factor.code_invalid', message: 'wrong', field: 'code' }],
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor codes' }));
    typeInto('Current password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const key = await screen.findByTestId('totp-key');
    expect(key.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(key.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('6 digits. The app shows a new code every 30 seconds.')).toBeTruthy();
    expect(screen.queryByText(/one of your backup codes/)).toBeNull();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy key' })));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    typeInto('Code from your app', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const input = await screen.findByLabelText('Code from your app');
    expect(await screen.findByText(/This code is wrong or has expired/)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    typeInto('Code from your app', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const shown = await screen.findByRole('region', { name: 'Your backup codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(shown).getByText(/shown only this once/)).toBeTruthy();
    expect(sentBodies(fetchMock, `POST ${BASE}/totp`)).toEqual([{ currentPassword: 'correct horse' }]);
    fireEvent.click(within(shown).getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('10 backup codes left.')).toBeTruthy();
  });

  it('turning codes off asks for the password and a code', async () => {
    const fetchMock = serveApi({
      [`GET ${BASE}`]: [200, { totp: true, backupCodesLeft: 1 }],
      [`POST ${BASE}/totp/disable`]: [200, { disabled: true }],
    });
    render();
    expect(await screen.findByText('1 backup code left.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor codes' }));
    typeInto('Current password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Enter a code.')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST ${BASE}/totp/disable`)).toEqual([]);
    typeInto('Code from your app', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(/Your password alone signs you in now/)).toBeTruthy();
    expect(sentBodies(fetchMock, `POST ${BASE}/totp/disable`)).toEqual([
      { currentPassword: 'correct horse', code: '654321' },
    ]);
  });

  it('groups a key in fours for reading', () => {
    expect(keyGroups('ABCDEFGHIJ')).toEqual(['ABCD', 'EFGH', 'IJ']);
  });
});
