import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/rules/settings';
import { createTestI18n } from '../../../test-utils/i18n';
import { useSettingsStore } from '../../settings';
import { burnSecret, createSecret } from '../api/secrets.api';
import { seal, webCryptoAvailable } from '../crypto/crypto-client';
import { CreateSecretForm, type CreateSecretFormProps } from './CreateSecretForm';
import CreateSecretPage from './CreateSecretPage';

/**
 * Shared by the create page's component tests. Each test file mocks the API and the crypto worker itself:
 *   vi.mock('../api/secrets.api', () => ({ createSecret: vi.fn(), burnSecret: vi.fn() }));
 *   vi.mock('../crypto/crypto-client', () => ({ seal: vi.fn(), webCryptoAvailable: vi.fn() }));
 */
export const ID = 'AbCdEfGhIjKlMnOpQrStUv';
export const KEY = 'k'.repeat(43);
export const DELETE_TOKEN = 'd'.repeat(43);
export const EXPIRES = '2030-01-02T03:04:05.000Z';
export const RECEIPT_PATH = `/receipt/${ID}#${DELETE_TOKEN}`;

export const createMock = vi.mocked(createSecret);
export const burnMock = vi.mocked(burnSecret);
export const sealMock = vi.mocked(seal);

let i18n: i18n;

/** Registers the hooks: English texts, WebCrypto present, the IP field shown, a server that says 201. */
export function setUpCreatePage() {
  beforeAll(async () => {
    i18n = await createTestI18n();
    // The page loads its result view with the first submission: have it compiled before the tests time the page.
    await import('./SecretResult');
  });
  beforeEach(() => {
    vi.mocked(webCryptoAvailable).mockReturnValue(true);
    useSettingsStore.setState({ settings: { ...DEFAULT_SETTINGS, hide_allowed_ip_input: false } });
    createMock.mockResolvedValue({ id: ID, deleteToken: DELETE_TOKEN, expiresAt: EXPIRES, receiptPath: RECEIPT_PATH });
    sealMock.mockResolvedValue({
      op: 'seal',
      key: KEY,
      fields: { text: 'hush1.text', title: 'hush1.title', password: 'verifier', keyProof: 'proof' },
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });
}

export const renderPage = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <CreateSecretPage />
    </I18nextProvider>,
  );
export const renderForm = (props: CreateSecretFormProps) =>
  render(
    <I18nextProvider i18n={i18n}>
      <CreateSecretForm {...props} />
    </I18nextProvider>,
  );
export const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
export const openOptions = () => fireEvent.click(screen.getByRole('button', { name: 'More options' }));
export const submit = () => fireEvent.click(screen.getByRole('button', { name: /^Create/ }));

/** The texts a control's aria-describedby points at (hint and error). */
export const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
