// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decryptText, deriveKeys } from '../../../../shared/crypto/envelope';
import { createRequestKeyPair, openResponseKey, unwrapPrivateKey } from '../../../../shared/crypto/request-keys';
import { fillPath } from '../../../../shared/rules/requests';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { installInProcessCryptoWorker } from '../../../test-utils/in-process-worker';
import { createTestI18n } from '../../../test-utils/i18n';
import { renderRoutes, typeInto } from '../../../test-utils/render';
import { sentBodies, serveApi } from '../../../test-utils/serve-api';
import { useSettingsStore } from '../../settings';
import { formOf, inDays, makeRequest, type MadeRequest } from '../requests.test-utils';
import RespondPage from './RespondPage';

let i18n: i18n;
let request: MadeRequest;
beforeAll(async () => {
  i18n = await createTestI18n();
  request = await makeRequest();
});
beforeEach(() => {
  installInProcessCryptoWorker();
  useSettingsStore.getState().setSettings(DEFAULT_SETTINGS);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FORM_PATH = () => `GET /api/v1/requests/${request.id}/form`;
const RESPOND_PATH = () => `POST /api/v1/requests/${request.id}/responses`;
const fillLink = (made = request) => fillPath(made.id, made.detailsKey, made.fingerprint);
const open = (path = fillLink()) => renderRoutes(i18n, [{ path: '/request/:id', element: <RespondPage /> }], path);
const posted = (fetchMock: ReturnType<typeof serveApi>) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

describe('the responder’s page', () => {
  it('shows who asks and the decrypted request as text, with the key’s fingerprint', async () => {
    const hostile = await makeRequest({ title: '<b>Wi-Fi</b> ‏שלום', text: 'Line one\n<script>alert(1)</script>' });
    serveApi({ [`GET /api/v1/requests/${hostile.id}/form`]: [200, formOf(hostile, { username: 'alice' })] });
    open(fillLink(hostile));
    expect(await screen.findByRole('heading', { level: 1, name: 'alice asks you for a secret' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '<b>Wi-Fi</b> ‏שלום' })).toBeTruthy();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(document.querySelector('b, script')).toBeNull();
    const groups = screen.getByTestId('fingerprint').textContent!.split(' ');
    expect(groups.join('')).toBe(hostile.fingerprint);
    expect(groups.slice(0, -1).every((group) => group.length === 4)).toBe(true);
    expect(screen.getByText(/kept for 7 days and alice can open it once/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate a password as the secret' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Attach files (optional)' })).toBeNull();
  });

  it('says a link without its key or fingerprint is incomplete, and asks the server nothing', async () => {
    const fetchMock = serveApi({});
    for (const path of [`/request/${request.id}`, `/request/${request.id}#key=${request.detailsKey}`]) {
      open(path);
      expect(await screen.findByText('This link is incomplete')).toBeTruthy();
      cleanup();
    }
    open(`/request/${request.id}#key=short&pk=${request.fingerprint}`);
    expect(await screen.findByText('This link is incomplete')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a public key the link does not name, and seals and sends nothing', async () => {
    const other = await createRequestKeyPair();
    const fetchMock = serveApi({ [FORM_PATH()]: [200, formOf(request, { publicKey: other.publicKey })] });
    open();
    expect(await screen.findByText('The key of this request does not match the link')).toBeTruthy();
    expect(
      screen.getByText(/The server gave a different key for this request than the link names: nothing was sent/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send securely' })).toBeNull();
    expect(screen.queryByText(request.sealed.title)).toBeNull();
    expect(posted(fetchMock)).toEqual([]);
  });

  it('says the link is damaged when the details do not decrypt with its key', async () => {
    const other = await makeRequest();
    serveApi({ [FORM_PATH()]: [200, formOf(request)] });
    open(fillPath(request.id, other.detailsKey, request.fingerprint));
    expect(await screen.findByText('The link is damaged')).toBeTruthy();
  });

  it.each([
    [404, 'secret_request.not_found', 'This request is no longer open'],
    [403, 'secret_request.ip_not_allowed', 'Not from this network'],
    [403, 'secret_request.disabled', 'Requests are turned off'],
  ])('answers %i %s with its own message', async (status, code, text) => {
    serveApi({ [FORM_PATH()]: [status, { code, message: code }] });
    open();
    expect(await screen.findByText(text)).toBeTruthy();
    if (code === 'secret_request.not_found') {
      expect(screen.getByText(/It expired, was answered or was revoked/)).toBeTruthy();
    }
  });

  it('needs a text before sending, and sends nothing until Send', async () => {
    const fetchMock = serveApi({ [FORM_PATH()]: [200, formOf(request)] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Send securely' }));
    const field = screen.getByLabelText('Secret');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    typeInto('Secret', 'hunter2');
    expect(posted(fetchMock)).toEqual([]);
  });

  it('seals the answer to the request’s key, sends it, and says only the requester can open it', async () => {
    const fetchMock = serveApi({
      [FORM_PATH()]: [200, formOf(request, { username: 'alice' })],
      [RESPOND_PATH()]: [
        201,
        {
          id: 'ResponseResponseRespon',
          deleteToken: 'd'.repeat(43),
          expiresAt: inDays(7),
          receiptPath: `/receipt/ResponseResponseRespon#${'d'.repeat(43)}`,
        },
      ],
    });
    open();
    await screen.findByLabelText('Secret');
    typeInto('Secret', 'correct horse battery staple');
    fireEvent.click(screen.getByRole('button', { name: 'Send securely' }));
    const heading = await screen.findByRole('heading', { name: 'Sent. Only alice can open it.' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const [body] = sentBodies(fetchMock, RESPOND_PATH()) as { text: string; ephemeralKey: string; keyProof: string }[];
    expect(Object.keys(body!).sort()).toEqual(['ephemeralKey', 'files', 'keyProof', 'text']);
    expect(JSON.stringify(body)).not.toContain('correct horse');
    // The requester, and only with the private key the inbox key unwraps, opens it.
    const privateKey = await unwrapPrivateKey(request.sealed.wrappedKey, request.inboxKey, request.id);
    const key = await openResponseKey(privateKey, request.sealed.publicKey, body!.ephemeralKey, request.id);
    const keys = await deriveKeys(key);
    expect(keys.keyProof).toBe(body!.keyProof);
    expect(await decryptText(keys, 'text', body!.text)).toBe('correct horse battery staple');
  });

  it('says why a refused answer was not sent', async () => {
    serveApi({
      [FORM_PATH()]: [200, formOf(request)],
      [RESPOND_PATH()]: [404, { code: 'secret_request.not_found', message: 'gone' }],
    });
    open();
    await screen.findByLabelText('Secret');
    typeInto('Secret', 'late');
    fireEvent.click(screen.getByRole('button', { name: 'Send securely' }));
    expect(await screen.findByText('Your response was not sent')).toBeTruthy();
    expect(screen.getByText(/This request is no longer open: it expired, was answered or was revoked/)).toBeTruthy();
  });

  it('offers files when the request takes them and the instance allows uploads', async () => {
    serveApi({ [FORM_PATH()]: [200, formOf(request, { allowFiles: true })] });
    open();
    expect(await screen.findByRole('group', { name: 'Attach files (optional)' })).toBeTruthy();
    cleanup();
    useSettingsStore.getState().setSettings({ ...DEFAULT_SETTINGS, disable_file_upload: true });
    open();
    expect(await screen.findByRole('button', { name: 'Send securely' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Attach files (optional)' })).toBeNull();
  });
});
