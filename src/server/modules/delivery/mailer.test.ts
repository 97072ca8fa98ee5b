import { describe, expect, it } from 'vitest';
import { composeMail } from './mailer.js';

const event = {
  id: 'e1',
  type: 'session.second_factor_failed',
  subjectId: 'u1',
  at: Date.UTC(2026, 10, 29),
  data: { failures: 5 },
};

describe('a notification email', () => {
  it('reads right to left in Arabic, Hebrew and Persian, and left to right otherwise', () => {
    for (const language of ['ar', 'he', 'fa']) {
      const mail = composeMail({ to: 'dana@example.org', language, event }, 'hush@example.org', null);
      expect(mail.html, language).toContain(`<html lang="${language}" dir="rtl">`);
    }
    const german = composeMail({ to: 'a@example.org', language: 'de', event }, 'hush@example.org', null);
    expect(german.html).toContain('<html lang="de">');
  });

  it('says in its subject as much of a long sentence as fits in whole words', () => {
    const english = composeMail({ to: 'a@example.org', language: 'en', event }, 'hush@example.org', null);
    expect(english.subject).toBe(
      'Hush: Your password was entered correctly, then the second step failed several times…',
    );
    for (const language of ['he', 'de', 'ar']) {
      const mail = composeMail({ to: 'a@example.org', language, event }, 'hush@example.org', null);
      const shown = mail.subject.replace(/^[^:]+: /, '').replace(/…$/, '');
      expect(shown.length, language).toBeGreaterThan(40);
      const sentence = mail.text.split('\n')[0]!;
      expect(sentence.startsWith(shown), language).toBe(true);
      // The subject ends where a word of the sentence ends (before a space, or a comma or semicolon and a space).
      if (shown.length < sentence.length) {
        expect(sentence.slice(shown.length), `${language}: ${mail.subject}`).toMatch(/^[,;:،؛]?\s/);
      }
    }
  });
});
