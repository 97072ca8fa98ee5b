import { describe, expect, it } from 'vitest';
import { addFiles, checkFiles, fileLimits, hasProblems } from './file-rules';

const config = {
  uploadRestriction: true,
  maxFileBytes: 1000,
  maxSecretFileBytes: 1500,
  anonymousMaxFileBytes: 100,
};
const file = (name: string, size = 10, lastModified = 1) => ({ name, size, lastModified });

describe('who may attach files, and how large', () => {
  it('nobody when uploads are off; only signed-in users under the upload restriction', () => {
    expect(fileLimits(config, { disabled: true, signedIn: true })).toBeNull();
    expect(fileLimits(config, { disabled: false, signedIn: false })).toBeNull();
    expect(fileLimits(config, { disabled: false, signedIn: true })).toEqual({
      maxFiles: 10,
      maxFileBytes: 1000,
      maxTotalBytes: 1500,
    });
  });

  it('anonymous visitors within their own limit when the instance allows them', () => {
    const open = { ...config, uploadRestriction: false };
    expect(fileLimits(open, { disabled: false, signedIn: false })).toEqual({
      maxFiles: 10,
      maxFileBytes: 100,
      maxTotalBytes: 100,
    });
  });
});

describe('choosing files', () => {
  it('adds new files, skips ones chosen already, and stops at the limit', () => {
    const first = addFiles([], [file('a'), file('b'), file('a')], 3);
    expect(first).toEqual({ files: [file('a'), file('b')], overLimit: false });
    const next = addFiles(first.files, [file('a', 10, 2), file('c'), file('d')], 3);
    expect(next.files.map((chosen) => chosen.name)).toEqual(['a', 'b', 'a']);
    expect(next.overLimit).toBe(true);
  });

  it('names each file over the limit, and a total over the limit', () => {
    const limits = { maxFiles: 10, maxFileBytes: 100, maxTotalBytes: 150 };
    expect(checkFiles([{ size: 100 }, { size: 40 }], limits)).toEqual({ tooLarge: [], totalTooLarge: false });
    const problems = checkFiles([{ size: 101 }, { size: 60 }], limits);
    expect(problems).toEqual({ tooLarge: [0], totalTooLarge: true });
    expect(hasProblems(problems)).toBe(true);
  });
});
