export interface RuntimeConfig {
  forcedLanguage: string;
  version: string;
  commit: string;
  analyticsEnabled: boolean;
  sourceUrl: string;
}

const DEFAULTS: RuntimeConfig = {
  forcedLanguage: '',
  version: 'dev',
  commit: 'dev',
  analyticsEnabled: false,
  sourceUrl: '',
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
