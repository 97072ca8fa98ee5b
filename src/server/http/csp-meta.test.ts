import { describe, expect, it } from 'vitest';
import { cspMetaContent, HEADER_ONLY_DIRECTIVES } from '../../shared/rules/csp.js';
import { parseCsp } from '../test-utils/security-headers.js';
import { securityHeaders } from './security.js';

describe("index.html's CSP <meta> (scripts/vite-csp-meta.ts)", () => {
  it.each([false, true])("equals the header's policy minus the header-only directives (https: %s)", (https) => {
    const header = parseCsp(securityHeaders({ https })['content-security-policy']);
    const meta = parseCsp(cspMetaContent());
    const expected = new Map([...header].filter(([name]) => !HEADER_ONLY_DIRECTIVES.includes(name)));
    expect(meta).toEqual(expected);
    // What the header carries alone is only what a <meta> cannot: frame-ancestors today.
    expect([...header.keys()].filter((name) => !meta.has(name))).toEqual(['frame-ancestors']);
  });

  it('carries none of the directives HTML forbids in a <meta>, nor reporting or upgrades', () => {
    const meta = parseCsp(cspMetaContent());
    for (const name of ['frame-ancestors', 'report-uri', 'report-to', 'sandbox', 'upgrade-insecure-requests']) {
      expect(meta.has(name), name).toBe(false);
    }
    expect(meta.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(meta.get('worker-src')).toEqual(["'self'", 'blob:']);
  });
});
