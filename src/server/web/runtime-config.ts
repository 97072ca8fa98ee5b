import type { RuntimeConfig } from '../../shared/rules/runtime-config.js';

export type { RuntimeConfig };

const PLACEHOLDER = /<script id="hush-config" type="application\/json">[^<]*<\/script>/;

/**
 * Puts the runtime configuration into index.html as JSON in a non-executing script element, so the strict CSP
 * holds. `<` is escaped so the JSON can never close the element.
 */
export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(PLACEHOLDER, `<script id="hush-config" type="application/json">${json}</script>`);
}
