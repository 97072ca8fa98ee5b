// Writes the Content-Security-Policy into the built index.html as a <meta> (DESIGN.md §7: "header and meta"), from
// the same directive list as the server's header (src/shared/rules/csp.ts).
import type { Plugin } from 'vite';
import { cspMetaContent } from '../src/shared/rules/csp.js';

const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * `html` with the CSP <meta> right after <meta charset>: a <meta> policy only covers what comes after it, so it must
 * precede every script, stylesheet and icon. Throws rather than write a page the policy would not cover.
 */
export function insertCspMeta(html: string, content: string = cspMetaContent()): string {
  const charset = CHARSET.exec(html);
  if (!charset) throw new Error('index.html has no <meta charset="…">: the CSP <meta> goes right after it');
  const at = charset.index + charset[0].length;
  const before = html.slice(0, at);
  if (/<(script|link|style)\b/i.test(before)) {
    throw new Error('index.html loads something before <meta charset>, where the CSP <meta> would not cover it');
  }
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(content)}" />`;
  const indent = /\n([ \t]*)$/.exec(before.slice(0, charset.index))?.[1] ?? '';
  return `${before}\n${indent}${meta}${html.slice(at)}`;
}

/**
 * Build only: the dev server needs what the policy forbids (an inline React Refresh preamble, a ws: HMR socket) and
 * gets no meta; the dev server sends no CSP header either.
 */
export function cspMeta(): Plugin {
  return {
    name: 'hush:csp-meta',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => insertCspMeta(html) },
  };
}
