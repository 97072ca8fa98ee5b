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
});
