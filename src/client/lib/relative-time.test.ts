import { describe, expect, it } from 'vitest';
import { formatPastTime, formatRelativeTime } from './relative-time';

const now = new Date('2026-01-01T12:00:00Z');
const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('formatRelativeTime', () => {
  it('uses the largest unit that fits', () => {
    expect(formatRelativeTime(after(3 * 3600 + 60), now, 'en')).toBe('in 3 hours');
    expect(formatRelativeTime(after(300), now, 'en')).toBe('in 5 minutes');
    expect(formatRelativeTime(after(2 * 86400), now, 'en')).toBe('in 2 days');
    expect(formatRelativeTime(after(20), now, 'en')).toBe('in 20 seconds');
  });

  it('says "1 hour", not "60 minutes", just under an hour', () => {
    expect(formatRelativeTime(after(3590), now, 'en')).toBe('in 1 hour');
    expect(formatRelativeTime(after(86400 - 60), now, 'en')).toBe('in 1 day');
  });

  it('speaks the given language and handles the past', () => {
    expect(formatRelativeTime(after(3 * 3600), now, 'de')).toBe('in 3 Stunden');
    expect(formatRelativeTime(after(-120), now, 'en')).toBe('2 minutes ago');
  });

  it('falls back to English for a language tag Intl does not accept', () => {
    expect(formatRelativeTime(after(3600), now, 'not a tag')).toBe('in 1 hour');
  });
});

it('a 28-day lifetime reads in weeks, not as a month', () => {
  expect(formatRelativeTime(after(28 * 86400), now, 'en')).toBe('in 4 weeks');
  expect(formatRelativeTime(after(10 * 86400), now, 'en')).toBe('in 10 days');
  expect(formatRelativeTime(after(60 * 86400), now, 'en')).toBe('in 2 months');
});

it('a moment known to be past reads as past even when the server’s clock runs a little ahead', () => {
  expect(formatPastTime(after(3), now, 'en')).toBe('1 second ago');
  expect(formatPastTime(after(-7200), now, 'en')).toBe('2 hours ago');
});
