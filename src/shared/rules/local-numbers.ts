import type { FormatterModule } from 'i18next';

/** Values that are identifiers, not amounts: an HTTP status reads the same in every language. */
const KEPT_AS_THEY_ARE = new Set(['code']);

const formats = new Map<string, Intl.NumberFormat>();
const numberFormat = (language: string): Intl.NumberFormat => {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    formats.set(language, format);
  }
  return format;
};

/**
 * Every number a text fills in is written the way its language writes numbers (issue 17): digits and grouping by
 * `Intl.NumberFormat`, like dates and sizes, so a Persian sentence does not mix ۵ آذر with "1 بار" and English
 * groups 1,024. The plural form is still picked from the number itself. Used with `interpolation.alwaysFormat`;
 * texts use no `{{value, format}}` specifiers, so this stands in for i18next's own formatter.
 */
export const localNumbers: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // i18next's type says string; a value that is not a number goes back as it came (i18next writes it as it is).
  format(value, _format, language, options) {
    if (typeof value !== 'number' || !Number.isFinite(value) || !language) return value as string;
    const key: unknown = options?.interpolationkey;
    if (typeof key === 'string' && KEPT_AS_THEY_ARE.has(key)) return String(value);
    return numberFormat(language).format(value);
  },
};
