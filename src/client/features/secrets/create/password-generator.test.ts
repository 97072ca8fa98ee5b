import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PASSWORD_LENGTH, generatePassword, PASSWORD_ALPHABET } from './password-generator';

afterEach(() => vi.restoreAllMocks());

describe('generatePassword', () => {
  it('makes passwords of the default length from the alphabet only', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(DEFAULT_PASSWORD_LENGTH);
      expect([...password].every((char) => PASSWORD_ALPHABET.includes(char))).toBe(true);
    }
  });

  it('has at least 128 bits of entropy at the default length', () => {
    expect(DEFAULT_PASSWORD_LENGTH * Math.log2(PASSWORD_ALPHABET.length)).toBeGreaterThanOrEqual(128);
  });

  it('leaves out characters that look alike', () => {
    for (const char of 'Il1O0') expect(PASSWORD_ALPHABET).not.toContain(char);
  });

  it('always holds an upper-case letter, a lower-case letter, a digit and a symbol', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword(8);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[2-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
  });

  it('honours any length asked for and refuses nonsense', () => {
    expect(generatePassword(1)).toHaveLength(1);
    expect(generatePassword(64)).toHaveLength(64);
    expect(() => generatePassword(0)).toThrow(RangeError);
    expect(() => generatePassword(2.5)).toThrow(RangeError);
  });

  it('draws its randomness from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    generatePassword();
    expect(spy).toHaveBeenCalled();
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => generatePassword()));
    expect(seen.size).toBe(1000);
  });

  it('rejects values past the last whole multiple of the alphabet (no modulo bias)', () => {
    // The first draw is the largest Uint32, which must be thrown away; the second maps to index 0.
    const values = [0xffffffff, 0];
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      const target = array as Uint32Array;
      for (let i = 0; i < target.length; i++) target[i] = values.shift() ?? 0;
      return array;
    });
    expect(generatePassword(1)).toBe(PASSWORD_ALPHABET[0]);
  });
});
