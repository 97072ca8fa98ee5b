import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/rules/languages.js';
import { composeAccountMail, composeSignupTaken } from './account-mail.js';

const LINK = 'https://hush.example.org/verify-email#tok&en';

describe('account emails (src/server/locales/{code}/emails.json, verify.*, reset.*, signup.*, signupTaken.*)', () => {
  it('a verification in German: its sentences, the link alone on its line, the HTML escaped once', () => {
    const mail = composeAccountMail({
      purpose: 'verify_email',
      to: 'a&b@example.org',
      username: 'alice<b>',
      link: LINK,
      language: 'de',
    });
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse für Hush');
    expect(mail.text).toBe(
      [
        'Bestätige, dass a&b@example.org die E-Mail-Adresse deines Hush-Kontos alice<b> ist.',
        'Öffne diesen Link, um sie zu bestätigen (er gilt 48 Stunden und einmal):',
        '',
        LINK,
        '',
        'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Es ändert sich nichts.',
      ].join('\n'),
    );
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain(
      '<p>Bestätige, dass a&amp;b@example.org die E-Mail-Adresse deines Hush-Kontos alice&lt;b&gt; ist.</p>',
    );
    expect(mail.html).toContain('<a href="https://hush.example.org/verify-email#tok&amp;en">');
  });

  it('a reset in a language without a file is written in English', () => {
    const mail = composeAccountMail({
      purpose: 'reset_password',
      to: 'bob@example.org',
      username: 'bob',
      link: LINK,
      language: 'eo' as Language,
    });
    expect(mail.subject).toBe('Reset your Hush password');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text.split('\n')).toEqual([
      'Someone, hopefully you, asked to reset the password of the Hush account bob.',
      'Open this link to choose a new password (it works for 30 minutes, once):',
      '',
      LINK,
      '',
      'Once the password is changed, every session of the account is signed out.',
      'Every API token of the account stops working too: scripts that use one need a new token.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ]);
  });

  it('a reset of an account with something added while its address was unproven says what the reset removes', () => {
    const mail = composeAccountMail({
      purpose: 'reset_password',
      to: 'bob@example.org',
      username: 'bob',
      link: LINK,
      language: 'en',
      removes: true,
    });
    expect(mail.text.split('\n').slice(5)).toEqual([
      'Once the password is changed, every session of the account is signed out.',
      'Every API token of the account stops working too: scripts that use one need a new token.',
      'Passkeys, linked sign-in providers, an authenticator app and webhooks that were added while this address was ' +
        'not verified are removed as well, and such open requests are closed: whoever added them may not have been you.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ]);
  });

  it('someone signing up with an address that has an account: a notice to it, with the way to a new password', () => {
    const mail = composeSignupTaken({
      to: 'carol@example.org',
      username: 'carol',
      link: 'https://hush.example.org/forgot-password',
      language: 'fr',
    });
    expect(mail.subject).toBe('Quelqu’un a essayé de s’inscrire sur Hush avec votre adresse');
    expect(mail.text).toContain('carol@example.org');
    expect(mail.text).toContain('carol');
    expect(mail.text.split('\n')).toContain('https://hush.example.org/forgot-password');
  });

  it('in Arabic, Hebrew and Persian the HTML reads right to left; the link stays left to right, and breaks on a phone', () => {
    for (const language of ['ar', 'he', 'fa'] as const) {
      for (const purpose of ['confirm_signup', 'reset_password', 'verify_email'] as const) {
        const mail = composeAccountMail({ purpose, to: 'dana@example.org', username: 'dana', link: LINK, language });
        expect(mail.html, `${language} ${purpose}`).toContain(`<html lang="${language}" dir="rtl">`);
        expect(mail.html).toContain(
          '<p dir="ltr" style="word-break:break-all"><a href="https://hush.example.org/verify-email#tok&amp;en">',
        );
      }
      const taken = composeSignupTaken({ to: 'dana@example.org', username: 'dana', link: LINK, language });
      expect(taken.html).toContain(`<html lang="${language}" dir="rtl">`);
    }
    const german = composeAccountMail({
      purpose: 'verify_email',
      to: 'a@b.de',
      username: 'a',
      link: LINK,
      language: 'de',
    });
    expect(german.html).not.toContain('dir="rtl"');
  });
});
