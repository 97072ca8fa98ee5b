import { describe, expect, it } from 'vitest';
import { checksumLine, parseChecksumLine } from './cli-download.js';

const HEX = '0123456789abcdef'.repeat(4);

describe('the checksum line of the command-line client', () => {
  it('is what sha256sum prints, and reads back', () => {
    expect(checksumLine(HEX)).toBe(`${HEX}  hush-cli.mjs\n`);
    expect(parseChecksumLine(checksumLine(HEX))).toBe(HEX);
    // sha256sum --binary marks the name with a star.
    expect(parseChecksumLine(`${HEX} *hush-cli.mjs\r\n`)).toBe(HEX);
  });

  it('refuses anything else: another file, a short or upper-case digest, a page', () => {
    for (const text of [
      `${HEX}  other.mjs\n`,
      `${HEX.slice(1)}  hush-cli.mjs\n`,
      `${HEX.toUpperCase()}  hush-cli.mjs\n`,
      `${HEX}  hush-cli.mjs\n${HEX}  hush-cli.mjs\n`,
      '<!doctype html><html></html>',
      '',
    ])
      expect(parseChecksumLine(text), text).toBeNull();
  });
});
