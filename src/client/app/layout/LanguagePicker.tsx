import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_CODES, languageName, toSupportedLanguage, type Language } from '../../../shared/rules/languages';
import { cx } from '../../components/ui/cx';
import { rememberLanguage } from '../../lib/language-detector';
import { runtimeConfig } from '../../lib/runtime-config';

/**
 * The interface language, by name in its own language. The choice is kept in this browser (`rememberLanguage`) and
 * wins over the browser's list; a language the instance forces (HUSH_FORCED_LANGUAGE) leaves nothing
 * to choose, so then there is no picker.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  if (runtimeConfig.forcedLanguage) return null;
  const current: Language = toSupportedLanguage(i18n.resolvedLanguage ?? '') ?? 'en';
  return (
    <div className={cx('flex items-center gap-2', className)}>
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const picked = toSupportedLanguage(event.target.value);
          if (!picked) return;
          rememberLanguage(picked);
          void i18n.changeLanguage(picked);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
