import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../shared/rules/languages.js';
import { createServerTexts, SERVER_LOCALES_DIR, serverTexts, t } from './server-i18n.js';

const english = JSON.parse(fs.readFileSync(path.join(SERVER_LOCALES_DIR, 'en', 'emails.json'), 'utf8'));

describe('the server texts (src/server/locales/{code}/emails.json)', () => {
  const dirs: string[] = [];
  /** A locales folder with only these languages' files. */
  const folder = (files: Record<string, unknown>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hush-server-texts-'));
    dirs.push(dir);
    for (const [code, strings] of Object.entries(files)) {
      fs.mkdirSync(path.join(dir, code));
      fs.writeFileSync(path.join(dir, code, 'emails.json'), JSON.stringify(strings));
    }
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('are loaded for every language Hush ships, once, next to the module', () => {
    expect(SERVER_LOCALES_DIR.replace(/\\/g, '/')).toMatch(/\/server\/locales\/?$/);
    expect([...serverTexts.languages]).toEqual([...LANGUAGE_CODES].sort());
    // A folder for a language not in LANGUAGES (a translation under way) is not read.
    const dir = folder({ en: english, xx: { verify: { subject: 'Xx' } } });
    fs.mkdirSync(path.join(dir, 'yy'));
    fs.writeFileSync(path.join(dir, 'yy', 'emails.json'), '{ not yet');
    expect(createServerTexts(dir).languages).toEqual(['en']);
    expect(createServerTexts(dir, ['en', 'xx']).t('xx', 'verify.subject')).toBe('Xx');
    expect(t('de', 'verify.subject')).toBe('Bestätige deine E-Mail-Adresse für Hush');
  });

  it('pick the plural form of the language by count', () => {
    expect(t('de', 'events.text.secret_viewed_left', { id: 'x1', count: 1 })).toBe(
      'Dein Geheimnis x1 wurde geöffnet (noch 1 Aufruf).',
    );
    expect(t('de', 'events.text.secret_viewed_left', { id: 'x1', count: 2 })).toBe(
      'Dein Geheimnis x1 wurde geöffnet (noch 2 Aufrufe).',
    );
    expect(t('en', 'events.text.secret_password_failed', { id: 'x1', count: 1 })).toBe(
      'A wrong password was tried on your secret x1 (1 attempt left).',
    );
    expect(t('zh', 'events.text.secret_viewed_left', { id: 'x1', count: 1 })).toBe(
      '你的秘密 x1 已被打开（剩余 1 次查看）。',
    );
  });

  it('speak English for a language without a file, no language, or a key a language lacks', () => {
    const texts = createServerTexts(folder({ en: english, de: { verify: { subject: 'Nur das' } } }), [
      'en',
      'de',
      'fr',
    ]);
    expect(texts.languages).toEqual(['de', 'en']);
    expect(texts.t('fr', 'verify.subject')).toBe('Confirm your email address for Hush');
    expect(texts.t(null, 'events.text.secret_viewed_left', { id: 'x1', count: 1 })).toBe(
      'Your secret x1 was opened (1 view left).',
    );
    expect(texts.t('de', 'verify.subject')).toBe('Nur das');
    expect(texts.t('de', 'reset.subject')).toBe('Reset your Hush password');
    // And through the loaded texts: Esperanto has no file.
    expect(t('eo', 'events.time')).toBe('Time');
    expect(t('__proto__', 'events.time')).toBe('Time');
  });

  it('fill values in as they are, never reading them as texts or placeholders', () => {
    expect(t('en', 'reset.intro', { username: '<b>&{{email}} $t(verify.subject)' })).toBe(
      'Someone, hopefully you, asked to reset the password of the Hush account <b>&{{email}} $t(verify.subject).',
    );
  });

  it('know which keys are texts', () => {
    expect(serverTexts.has('events.titles.secret.viewed')).toBe(true);
    expect(serverTexts.has('events.titles.secret')).toBe(false);
    expect(serverTexts.has('events.titles.nothing.here')).toBe(false);
  });

  it('stop the start-up when there is no English, or a file is not JSON, naming it', () => {
    expect(() => createServerTexts(folder({ de: { verify: { subject: 'x' } } }), ['en', 'de'])).toThrow(
      /en\/emails\.json/,
    );
    const broken = folder({ en: english });
    fs.mkdirSync(path.join(broken, 'nb'));
    fs.writeFileSync(path.join(broken, 'nb', 'emails.json'), '{ "verify": ');
    expect(() => createServerTexts(broken, ['en', 'nb'])).toThrow(/nb[\\/]emails\.json is not valid JSON/);
  });
});
