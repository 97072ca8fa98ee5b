// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test-utils/i18n';
import { describedBy, renderWithI18n, typeInto } from '../../../test-utils/render';
import { SignupForm } from './SignupForm';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

function renderForm(onSubmit = vi.fn().mockResolvedValue(null), domain = '') {
  renderWithI18n(
    i18n,
    <SignupForm domain={domain} submitLabel="Create account" failedTitle="Not created" onSubmit={onSubmit} />,
  );
  return onSubmit;
}

const fill = (email: string, username: string, password: string) => {
  typeInto('Email', email);
  typeInto('Username', username);
  typeInto('Password', password);
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const errorOf = (label: string) => describedBy(screen.getByLabelText(label));

describe('the sign-up form (spec §5)', () => {
  it('refuses a 3-character username, a 4-character password and a missing email, without sending', async () => {
    const onSubmit = renderForm();
    fill('', 'abc', '1234');
    submit();
    expect(errorOf('Email')).toContain('Enter your email address.');
    expect(errorOf('Username')).toContain('Choose a username of 4 to 20 characters.');
    expect(errorOf('Password')).toContain('Choose a password of 5 to 50 characters.');
    for (const label of ['Email', 'Username', 'Password'])
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a 21-character username and a 51-character password', () => {
    const onSubmit = renderForm();
    fill('alice@example.com', 'a'.repeat(21), 'p'.repeat(51));
    submit();
    expect(errorOf('Username')).toContain('4 to 20 characters');
    expect(errorOf('Password')).toContain('5 to 50 characters');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('states the rules up front as hints', () => {
    renderForm();
    expect(errorOf('Username')).toBe('4 to 20 characters: letters, digits, dots, dashes and underscores.');
    expect(errorOf('Password')).toBe('5 to 50 characters.');
  });

  it('sends valid values at the limits', () => {
    const onSubmit = renderForm();
    fill('alice@example.com', 'abcd', '12345');
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ email: 'alice@example.com', username: 'abcd', password: '12345' });
  });

  it('names the only allowed email domain, and refuses others before sending, saying the rule once', () => {
    const onSubmit = renderForm(undefined, 'example.org');
    expect(errorOf('Email')).toBe('Only addresses at @example.org can be used on this instance.');
    fill('alice@example.com', 'alice', 'secret1');
    submit();
    // The error says the rule; the hint that said it too is gone meanwhile.
    expect(errorOf('Email')).toBe('Use an address at @example.org.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a server refusal about one field on that field', async () => {
    renderForm(vi.fn().mockResolvedValue({ field: 'username', message: 'This username is taken. Choose another.' }));
    fill('alice@example.com', 'alice', 'secret1');
    submit();
    await waitFor(() => expect(errorOf('Username')).toContain('This username is taken.'));
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });
});
