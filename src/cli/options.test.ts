import { describe, expect, it } from 'vitest';
import { parseCommand, parseTtl, protectDashValues, ttlWords } from './options.js';

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
