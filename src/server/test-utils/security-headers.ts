import { expect } from 'vitest';

/** The security headers every answer carries (DESIGN.md §7), checked token by token. */

export type Headers = Record<string, string | string[] | number | undefined>;

/** The CSP as a map of directive → sources, so checks are token by token ('wasm-unsafe-eval' ≠ 'unsafe-eval'). */
export function parseCsp(value: unknown): Map<string, string[]> {
  expect(typeof value).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(value).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** Every security header DESIGN.md §7 asks for, on any kind of response. */
export function expectSecurityHeaders(headers: Headers) {
  const csp = parseCsp(headers['content-security-policy']);
  const allSources = [...csp.values()].flat();
  expect(allSources).not.toContain("'unsafe-inline'");
  expect(allSources).not.toContain("'unsafe-eval'");
  expect(allSources).not.toContain('*');
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}
