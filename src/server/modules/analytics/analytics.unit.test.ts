import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { isBot } from './bots.js';

describe('isBot', () => {
  it('takes no or a blank user agent for a bot', () => {
    expect(isBot(undefined)).toBe(true);
    expect(isBot('')).toBe(true);
    expect(isBot(' \t ')).toBe(true);
  });

  it('recognises crawlers, previews, monitors and HTTP libraries', () => {
    for (const agent of [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0)',
      'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider)',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) SkypeUriPreview Preview/0.5',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome-Lighthouse',
      'Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)',
      'Wget/1.21.4',
      'Java/17.0.2',
      'okhttp/4.12.0',
      'undici',
      'PostmanRuntime/7.36.0',
    ]) {
      expect(isBot(agent), agent).toBe(true);
    }
  });

  it('counts browsers, HeadlessChrome and CUBOT phones included', () => {
    for (const agent of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 9; CUBOT_X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
    ]) {
      expect(isBot(agent), agent).toBe(false);
    }
  });
});

describe('HUSH_ANALYTICS_RETENTION_DAYS', () => {
  it('defaults to 90 and takes 1 to 3650 days', () => {
    expect(loadConfig({}).analyticsRetentionDays).toBe(90);
    expect(loadConfig({ HUSH_ANALYTICS_RETENTION_DAYS: '1' }).analyticsRetentionDays).toBe(1);
    expect(loadConfig({ HUSH_ANALYTICS_RETENTION_DAYS: '3650' }).analyticsRetentionDays).toBe(3650);
    for (const bad of ['0', '3651', '-1', '1.5', '', 'ninety']) {
      expect(() => loadConfig({ HUSH_ANALYTICS_RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
    }
  });
});
