/**
 * What the web page learns about the instance at load time (spec §1): the server writes it into index.html as JSON
 * (server/web/runtime-config.ts), the page reads it (client/lib/runtime-config.ts).
 */
export interface RuntimeConfig {
  forcedLanguage: string;
  version: string;
  commit: string;
  analyticsEnabled: boolean;
  sourceUrl: string;
  /** The server's limit on a secret's text, in bytes (HUSH_MAX_TEXT_BYTES). */
  maxTextBytes: number;
  /** File attachments: who may attach them and how large, in plaintext bytes (HUSH_*_FILE_BYTES; checked again). */
  files: {
    /** Only signed-in users may attach files (HUSH_UPLOAD_RESTRICTION). */
    uploadRestriction: boolean;
    maxFileBytes: number;
    maxSecretFileBytes: number;
    /** Without the restriction: what an anonymous secret's files may add up to, each and together. */
    anonymousMaxFileBytes: number;
  };
}
