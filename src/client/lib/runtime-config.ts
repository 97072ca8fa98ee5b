export interface RuntimeConfig {
  forcedLanguage: string;
  version: string;
  commit: string;
  analyticsEnabled: boolean;
  sourceUrl: string;
  /** The server's limit on a secret's text, in bytes (HUSH_MAX_TEXT_BYTES). */
  maxTextBytes: number;
}

const DEFAULTS: RuntimeConfig = {
  forcedLanguage: '',
  version: 'dev',
  commit: 'dev',
  analyticsEnabled: false,
  sourceUrl: '',
  maxTextBytes: 1024 * 1024,
};

/** Reads the JSON the server put into index.html (spec §1); an empty or absent string means the defaults. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById('hush-config')?.textContent?.trim();
  if (!text) return DEFAULTS;
  try {
    return { ...DEFAULTS, ...(JSON.parse(text) as Partial<RuntimeConfig>) };
  } catch {
    return DEFAULTS;
  }
}

export const runtimeConfig: RuntimeConfig = typeof document === 'undefined' ? DEFAULTS : readRuntimeConfig();
