import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/rules/languages.js';
import { composeAccountMail } from './account-mail.js';

const LINK = 'https://hush.example.org/verify-email#tok&en';

describe('account emails (src/server/locales/{code}/emails.json, verify.* and reset.*)', () => {
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
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ]);
  });
});
