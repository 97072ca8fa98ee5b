export interface RuntimeConfig {
  forcedLanguage: string;
  version: string;
  commit: string;
  analyticsEnabled: boolean;
  sourceUrl: string;
  /** The server's limit on a secret's text, in bytes (HUSH_MAX_TEXT_BYTES). */
  maxTextBytes: number;
  /** File attachments: who may attach them and how large, in plaintext bytes (the server checks again). */
  files: {
    /** Only signed-in users may attach files (HUSH_UPLOAD_RESTRICTION). */
    uploadRestriction: boolean;
    maxFileBytes: number;
    maxSecretFileBytes: number;
    /** Without the restriction: what an anonymous secret's files may add up to, each and together. */
    anonymousMaxFileBytes: number;
  };
}

const DEFAULTS: RuntimeConfig = {
  forcedLanguage: '',
  version: 'dev',
  commit: 'dev',
  analyticsEnabled: false,
  sourceUrl: '',
  maxTextBytes: 1024 * 1024,
  files: {
    uploadRestriction: true,
    maxFileBytes: 1024 ** 3,
    maxSecretFileBytes: 2 * 1024 ** 3,
    anonymousMaxFileBytes: 10 * 1024 ** 2,
  },
};

/** Reads the JSON the server put into index.html (spec §1); an empty or absent string means the defaults. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById('hush-config')?.textContent?.trim();
  if (!text) return DEFAULTS;
  try {
    const parsed = JSON.parse(text) as Partial<RuntimeConfig>;
    return { ...DEFAULTS, ...parsed, files: { ...DEFAULTS.files, ...parsed.files } };
  } catch {
    return DEFAULTS;
  }
}

export const runtimeConfig: RuntimeConfig = typeof document === 'undefined' ? DEFAULTS : readRuntimeConfig();
