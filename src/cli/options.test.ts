import { describe, expect, it } from 'vitest';
import {
  parseCommand,
  parseRequestTtl,
  parseResponses,
  parseResponseTtl,
  parseTtl,
  protectDashValues,
  ttlWords,
} from './options.js';

const OPTIONS = {
  token: { type: 'string' },
  out: { type: 'string', short: 'o' },
  json: { type: 'boolean' },
} as const;

describe('command-line values that begin with a dash', () => {
  it('an id or token that begins with "-" stays a value: joined to its option, or a positional', () => {
    const id = '-x8KdAbCdEfGhIjKlMnOpQ';
    const token = '-Qm3' + 'a'.repeat(39);
    expect(protectDashValues([id, '--token', token, '--json'], OPTIONS)).toEqual([
      `--token=${token}`,
      '--json',
      '--',
      id,
    ]);
    expect(protectDashValues(['-o', '-outdir-name'], OPTIONS)).toEqual(['--out=-outdir-name']);
    const parsed = parseCommand('burn', [id, '--token', token], OPTIONS);
    expect(parsed.positionals).toEqual([id]);
    expect(parsed.values.token).toBe(token);
  });

  it('options, short flags and what follows -- are left as they are', () => {
    expect(protectDashValues(['--json', '-o', 'dir', 'x'], OPTIONS)).toEqual(['--json', '-o', 'dir', 'x']);
    expect(protectDashValues(['--', '--json'], OPTIONS)).toEqual(['--', '--json']);
    expect(() => parseCommand('open', ['--wat'], OPTIONS)).toThrow("Unknown option '--wat' (see: hush help open)");
  });
});

describe('lifetimes', () => {
  it('reads seconds and units, and names them back in words', () => {
    expect(parseTtl('3600', false)).toBe(3600);
    expect(parseTtl('30m', false)).toBe(1800);
    expect(parseTtl('7d', false)).toBe(604800);
    expect(parseTtl('1w', false)).toBe(604800);
    expect(parseTtl('28d', true)).toBe(2419200);
    expect(() => parseTtl('28d', false)).toThrow('lifetimes over 7 days need an API token');
    expect(() => parseTtl('2h', false)).toThrow('is not a lifetime Hush offers');
    expect([300, 14400, 2419200].map(ttlWords)).toEqual(['5m', '4h', '28d']);
  });
});

describe('the options of hush request create', () => {
  it('--ttl: any duration from 1 hour to 30 days, in seconds or with a unit', () => {
    expect(parseRequestTtl('3600')).toBe(3600);
    expect(parseRequestTtl('1h')).toBe(3600);
    expect(parseRequestTtl('36h')).toBe(129600);
    expect(parseRequestTtl('7d')).toBe(604800);
    expect(parseRequestTtl('2w')).toBe(1209600);
    expect(parseRequestTtl('30d')).toBe(2592000);
    expect(parseRequestTtl(' 90000 ')).toBe(90000);
    for (const outside of ['59m', '3599', '31d', '5w', '0', '', 'abc', '1.5h', '-1h', '1y']) {
      expect(() => parseRequestTtl(outside), outside).toThrow('give a duration from 1h to 30d');
    }
  });

  it('--response-ttl: one of the lifetimes of a signed-in user’s secrets, 14d and 28d included', () => {
    expect(parseResponseTtl('5m')).toBe(300);
    expect(parseResponseTtl('7d')).toBe(604800);
    expect(parseResponseTtl('1w')).toBe(604800);
    expect(parseResponseTtl('28d')).toBe(2419200);
    expect(parseResponseTtl('86400')).toBe(86400);
    expect(() => parseResponseTtl('2h')).toThrow(
      '--response-ttl "2h" is not a lifetime Hush offers. Choose one of: 5m, 30m, 1h, 4h, 12h, 1d, 3d, 7d, 14d, 28d',
    );
    expect(() => parseResponseTtl('30d')).toThrow('is not a lifetime Hush offers');
  });

  it('--responses: a whole number from 1 to 100', () => {
    expect(parseResponses('1')).toBe(1);
    expect(parseResponses('100')).toBe(100);
    for (const wrong of ['0', '101', '1.5', '-2', 'two', '']) {
      expect(() => parseResponses(wrong), wrong).toThrow('give a whole number from 1 to 100');
    }
  });

  it('errors are usage errors (exit 2) that name the help of hush request', () => {
    const options = { title: { type: 'string' }, files: { type: 'boolean' } } as const;
    expect(() => parseCommand('request', ['--files=yes'], options)).toThrow('(see: hush help request)');
    let caught: unknown;
    try {
      parseRequestTtl('1m');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ exit: 2, code: 'cli.usage' });
  });
});
