import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../shared/rules/languages.js';
import { describeEvent, eventTitle, MESSAGE_LANGUAGES, textsFor } from './messages.js';

const viewed = (viewsLeft: number) => ({ type: 'secret.viewed', subjectId: 'AbC123', data: { viewsLeft } });

describe('event notices (src/server/locales/{code}/emails.json, events.*)', () => {
  it('a German notice with one view left reads singular, with more plural', () => {
    expect(describeEvent(viewed(1), 'de')).toBe('Dein Geheimnis AbC123 wurde geöffnet (noch 1 Aufruf).');
    expect(describeEvent(viewed(3), 'de')).toBe('Dein Geheimnis AbC123 wurde geöffnet (noch 3 Aufrufe).');
    expect(
      describeEvent({ type: 'secret.password_failed', subjectId: 'AbC123', data: { attemptsLeft: 1 } }, 'de'),
    ).toBe('Für dein Geheimnis AbC123 wurde ein falsches Passwort versucht (noch 1 Versuch).');
    expect(describeEvent(viewed(1))).toBe('Your secret AbC123 was opened (1 view left).');
    expect(describeEvent(viewed(2))).toBe('Your secret AbC123 was opened (2 views left).');
  });

  it('a language without a file (or none) reads English', () => {
    expect(describeEvent(viewed(2), 'eo')).toBe('Your secret AbC123 was opened (2 views left).');
    expect(describeEvent(viewed(2), null)).toBe('Your secret AbC123 was opened (2 views left).');
    expect(eventTitle('secret.viewed', 'eo')).toBe('Secret opened');
    expect(textsFor('eo')).toEqual({
      language: 'en',
      subject: 'Hush',
      footer:
        'You get these emails because you chose them in your Hush account (Account settings › Email notifications).',
      time: 'Time',
      id: 'ID',
    });
  });

  it('each variant the data picks is its own sentence', () => {
    const say = (type: string, data: Record<string, string | number | boolean>) =>
      describeEvent({ type, subjectId: 'AbC123', data }, 'en');
    expect(say('secret.viewed', { ended: true })).toBe(
      'Your secret AbC123 was opened; it had no views left and is deleted.',
    );
    expect(say('secret.burned', { by: 'reader' })).toBe('Your secret AbC123 was burned by its reader.');
    expect(say('secret.burned', { by: 'attempts' })).toBe(
      'Your secret AbC123 was burned after too many wrong passwords.',
    );
    expect(say('secret.burned', { by: 'creator' })).toBe('Your secret AbC123 was burned by its creator.');
    expect(say('secret.expired', { unread: true })).toBe('Your secret AbC123 expired unread.');
    expect(say('secret.expired', {})).toBe('Your secret AbC123 expired.');
    expect(say('webhook.test', {})).toBe('This is a test event from Hush for webhook AbC123.');
  });

  it('titles by type, in the language; an unknown type is named as it is', () => {
    expect(eventTitle('secret.viewed')).toBe('Secret opened');
    expect(eventTitle('token.first_used', 'fr')).toBe('Premier usage d’un jeton d’API');
    expect(eventTitle('nothing.known', 'de')).toBe('nothing.known');
    expect(eventTitle('secret', 'de')).toBe('secret');
    expect(describeEvent({ type: 'nothing.known', subjectId: 'AbC123', data: {} }, 'de')).toBe(
      'nothing.known (AbC123)',
    );
  });

  it('are written in every language Hush ships', () => {
    expect(MESSAGE_LANGUAGES).toEqual(LANGUAGE_CODES);
  });
});
