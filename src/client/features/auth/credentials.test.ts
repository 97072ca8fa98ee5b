import { describe, expect, it } from 'vitest';
import { Password, Username } from '../../../shared/api/auth.contract';
import { passwordError, usernameError, validateSignin, validateSignup } from './credentials';
import { safeNext } from './safe-next';

const valid = { email: 'alice@example.com', username: 'alice', password: 'secret1' };

describe('the sign-up checks (spec §5)', () => {
  it('accept and refuse exactly what the server does', () => {
    const usernames = ['abc', 'abcd', 'a'.repeat(20), 'a'.repeat(21), 'first.last', 'a_b-c', 'bad name', 'ünïcode', ''];
    for (const username of usernames)
      expect(usernameError(username) === undefined, username).toBe(Username.safeParse(username).success);
    const passwords = [
      '1234',
      '12345',
      'p'.repeat(50),
      'p'.repeat(51),
      '🔑🔑🔑',
      '🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑',
    ];
    for (const password of passwords)
      expect(passwordError(password) === undefined, password).toBe(Password.safeParse(password).success);
  });

  it('accept usernames of 4 to 20 characters and passwords of 5 to 50', () => {
    for (const username of ['abcd', 'a'.repeat(20), 'first.last', 'a_b-c'])
      expect(validateSignup({ ...valid, username }).username).toBeUndefined();
    for (const username of ['abc', 'a'.repeat(21)])
      expect(validateSignup({ ...valid, username }).username).toBe('validation.usernameLength');
    expect(validateSignup({ ...valid, username: 'bad name' }).username).toBe('validation.usernameChars');
    for (const password of ['12345', 'p'.repeat(50)])
      expect(validateSignup({ ...valid, password }).password).toBeUndefined();
    for (const password of ['1234', 'p'.repeat(51)])
      expect(validateSignup({ ...valid, password }).password).toBe('validation.passwordLength');
  });

  it('require an email, and one at the allowed domain when the instance restricts it', () => {
    expect(validateSignup(valid)).toEqual({});
    expect(validateSignup({ ...valid, email: ' ' }).email).toBe('validation.emailRequired');
    expect(validateSignup({ ...valid, email: 'alice' }).email).toBe('validation.emailInvalid');
    expect(validateSignup(valid, 'example.org').email).toBe('validation.emailDomain');
    expect(validateSignup({ ...valid, email: 'Alice@Example.ORG' }, 'example.org').email).toBeUndefined();
  });
});

describe('the sign-in checks', () => {
  it('ask only that both fields are filled in', () => {
    expect(validateSignin({ username: 'al', password: '1' })).toEqual({});
    expect(validateSignin({ username: ' ', password: '' })).toEqual({
      username: 'validation.loginRequired',
      password: 'validation.passwordRequired',
    });
  });
});

describe('safeNext', () => {
  it('goes back to a page of this app, and to /account otherwise', () => {
    expect(safeNext('/account/secrets')).toBe('/account/secrets');
    expect(safeNext(null)).toBe('/account');
    for (const next of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'account',
      '/signout',
      '/signin?x=1',
    ])
      expect(safeNext(next)).toBe('/account');
  });
});
