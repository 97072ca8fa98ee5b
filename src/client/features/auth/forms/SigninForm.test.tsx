// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { describedBy, renderWithI18n, typeInto } from '../../../test-utils/render';
import { SigninForm } from './SigninForm';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('the sign-in form', () => {
  it('asks for both fields before sending, ties each error to its field and focuses the first', async () => {
    const onSubmit = vi.fn();
    renderWithI18n(i18n, <SigninForm onSubmit={onSubmit} />);
    submit();
    const login = screen.getByLabelText('Username or email');
    const password = screen.getByLabelText('Password');
    expect(login.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(login)).toBe('Enter your username or email.');
    expect(describedBy(password)).toBe('Enter your password.');
    await waitFor(() => expect(document.activeElement).toBe(login));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears a field’s error as soon as it is edited', () => {
    renderWithI18n(i18n, <SigninForm onSubmit={vi.fn()} />);
    submit();
    typeInto('Username or email', 'alice');
    expect(screen.getByLabelText('Username or email').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the credentials and shows the refusal it gets back', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ message: 'Wrong username or password.' });
    renderWithI18n(i18n, <SigninForm onSubmit={onSubmit} />);
    typeInto('Username or email', 'alice');
    typeInto('Password', 'not it');
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'You are not signed inWrong username or password.',
    );
    expect(onSubmit).toHaveBeenCalledWith({ username: 'alice', password: 'not it' });
  });
});
