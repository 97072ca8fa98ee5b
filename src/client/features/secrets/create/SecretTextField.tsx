import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { utf8Length } from '../../../../shared/rules/secrets';
import { Button } from '../../../components/ui/Button';
import { TextArea } from '../../../components/ui/Field';
import { cx } from '../../../components/ui/cx';
import { formatSize } from '../../../lib/format-units';
import { MAX_TEXT_BYTES } from './create-form';
import { generatePassword } from './password-generator';

/** The secret itself: a byte counter against the limit, and a helper that inserts a strong password. */
export function SecretTextField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
}) {
  const { t, i18n } = useTranslation('create');
  const box = useRef<HTMLDivElement>(null);
  const bytes = utf8Length(value);
  const over = bytes > MAX_TEXT_BYTES;
  const shownError = over ? 'errors.textTooLarge' : error;

  // Where the cursor was (a textarea keeps its selection when the button takes focus); at the end otherwise.
  const insertPassword = () => {
    const area = box.current?.querySelector('textarea');
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + generatePassword() + value.slice(end));
  };

  return (
    <div ref={box} className="space-y-2">
      <TextArea
        label={t('text.label')}
        placeholder={t('text.placeholder')}
        value={value}
        required
        rows={7}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        hint={
          <span className={cx('tabular-nums', over && 'font-semibold text-red-700 dark:text-red-400')}>
            {t('text.counter', {
              used: formatSize(bytes, i18n.language),
              max: formatSize(MAX_TEXT_BYTES, i18n.language),
            })}
          </span>
        }
        error={shownError && t(shownError)}
      />
      <Button variant="secondary" onClick={insertPassword} icon={<KeyIcon />}>
        {t('text.generate')}
      </Button>
    </div>
  );
}

function KeyIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2 20 3m-3 3 3 3m-6 0 3 3" />
    </svg>
  );
}
