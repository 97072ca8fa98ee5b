/** What the web page learns about the instance at load time (spec §1: a JSON string injected into the page). */
export interface RuntimeConfig {
  forcedLanguage: string;
  version: string;
  commit: string;
  analyticsEnabled: boolean;
  sourceUrl: string;
  maxTextBytes: number;
  /** File attachments: who may attach them and how large, in plaintext bytes (HUSH_*_FILE_BYTES). */
  files: {
    /** Only signed-in users may attach files (HUSH_UPLOAD_RESTRICTION). */
    uploadRestriction: boolean;
    maxFileBytes: number;
    maxSecretFileBytes: number;
    /** Without the restriction: what an anonymous secret's files may add up to. */
    anonymousMaxFileBytes: number;
  };
}

const PLACEHOLDER = /<script id="hush-config" type="application\/json">[^<]*<\/script>/;

/**
 * Puts the runtime configuration into index.html as JSON in a non-executing script element, so the strict CSP
 * holds. `<` is escaped so the JSON can never close the element.
 */
export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(PLACEHOLDER, `<script id="hush-config" type="application/json">${json}</script>`);
}
