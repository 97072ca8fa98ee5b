// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { RevealForm } from './RevealForm';
import type { ViewState } from './view-state';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const KEY = 'k'.repeat(43);
const ready = (over: Partial<Extract<ViewState, { step: 'ready' }>> = {}): Extract<ViewState, { step: 'ready' }> => ({
  step: 'ready',
  status: null,
  needsPassword: false,
  isPublic: false,
  attemptsLeft: null,
  ...over,
});

function renderForm(props: Partial<Parameters<typeof RevealForm>[0]> = {}) {
  const onReveal = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <RevealForm state={ready()} linkKey={KEY} passwordError={null} keyError={false} onReveal={onReveal} {...props} />
    </I18nextProvider>,
  );
  return onReveal;
}

describe('the reveal form', () => {
  it('reveals with the key from the link and asks for nothing else', () => {
    const onReveal = renderForm();
    expect(screen.queryByLabelText('Decryption key')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect(onReveal).toHaveBeenCalledWith({ key: KEY, password: null });
  });

  it('asks for the key when the link has none, and takes a whole link pasted there', () => {
    const onReveal = renderForm({ linkKey: null });
    fireEvent.change(screen.getByLabelText('Decryption key'), {
      target: { value: ` https://hush.example/secret/AbCdEfGhIjKlMnOpQrStUv#encryption_key=${KEY} ` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect(onReveal).toHaveBeenCalledWith({ key: KEY, password: null });
  });

  it('needs the password before it can reveal, and shows the attempts left', () => {
    const onReveal = renderForm({ state: ready({ needsPassword: true, attemptsLeft: 3 }) });
    const button = screen.getByRole('button', { name: 'Reveal secret' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText('3 attempts left before the secret is deleted.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'ünïcode 🔑' } });
    fireEvent.click(button);
    expect(onReveal).toHaveBeenCalledWith({ key: KEY, password: 'ünïcode 🔑' });
  });

  it('says a wrong password and how many attempts remain, tied to the field', () => {
    renderForm({ state: ready({ needsPassword: true, attemptsLeft: 2 }), passwordError: { attemptsLeft: 2 } });
    const field = screen.getByLabelText('Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy.split(' ').at(-1)!)?.textContent).toBe(
      'Wrong password. 2 attempts left.',
    );
  });

  it('counts the views left, or says it lasts until expiry', () => {
    const status = {
      id: 'AbCdEfGhIjKlMnOpQrStUv',
      maxViews: 3,
      viewsLeft: 2,
      preventBurn: false,
      isPublic: false,
      requiresKeyProof: true,
      expiresAt: new Date().toISOString(),
    };
    renderForm({ state: ready({ status }) });
    expect(screen.getByText('This secret can be opened 2 more times. Opening it uses one view.')).toBeTruthy();
    cleanup();
    renderForm({ state: ready({ status: { ...status, preventBurn: true } }) });
    expect(screen.getByText('This secret can be opened until it expires.')).toBeTruthy();
  });
});
