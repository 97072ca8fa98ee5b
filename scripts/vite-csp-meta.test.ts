import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cspMetaContent } from '../src/shared/rules/csp.js';
import { insertCspMeta } from './vite-csp-meta.js';

const META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)" \/>/;

describe('insertCspMeta', () => {
  const source = fs.readFileSync(new URL('../src/client/index.html', import.meta.url), 'utf8');

  it('puts the policy right after <meta charset>, before every script, stylesheet and icon', () => {
    const html = insertCspMeta(source);
    const match = META.exec(html);
    expect(match?.[1]).toBe(cspMetaContent());
    expect(html.indexOf(match![0])).toBeGreaterThan(html.indexOf('<meta charset="UTF-8" />'));
    for (const tag of ['<script', '<link', '<style']) {
      const at = html.indexOf(tag);
      if (at >= 0) expect(at, tag).toBeGreaterThan(html.indexOf(match![0]));
    }
    // Nothing else changed, and the runtime configuration's placeholder is still there for the server.
    expect(html.replace(/\n[ \t]*<meta http-equiv="Content-Security-Policy"[^>]*>/, '')).toBe(source);
    expect(html).toContain('<script id="hush-config" type="application/json"></script>');
  });

  it('escapes the attribute', () => {
    expect(insertCspMeta('<meta charset="utf-8">', `a "b" & c`)).toBe(
      '<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="a &quot;b&quot; &amp; c" />',
    );
  });

  it('refuses a page without <meta charset>, or one that loads something before it', () => {
    expect(() => insertCspMeta('<html><head><title>x</title></head></html>')).toThrow(/no <meta charset/);
    expect(() => insertCspMeta('<script src="/a.js"></script><meta charset="utf-8">')).toThrow(/before <meta charset>/);
  });
});
