import type { RuntimeConfig } from '../../shared/rules/runtime-config';

export type { RuntimeConfig };

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
