import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';
import { controlClass } from '../../../components/ui/Field';
import type { CreatedToken } from '../api/account.types';

/** The new token, shown this once (the server keeps only its hash), with a copy button. */
export function NewToken({ token, onDone }: { token: CreatedToken; onDone(): void }) {
  const { t } = useTranslation('account');
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();

  useEffect(() => box.current?.focus(), []);

  return (
    <div
      ref={box}
      tabIndex={-1}
      role="region"
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 focus:outline-2 focus:outline-emerald-500 dark:border-emerald-700 dark:bg-emerald-950"
    >
      <h3 id={titleId} className="font-semibold text-emerald-900 dark:text-emerald-100 [overflow-wrap:anywhere]">
        {t('tokens.createdTitle', { name: token.name })}
      </h3>
      <p className="text-sm text-emerald-900 dark:text-emerald-100">{t('tokens.createdBody')}</p>
      <label htmlFor={inputId} className="sr-only">
        {t('tokens.tokenLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          readOnly
          value={token.token}
          onFocus={(event) => event.target.select()}
          className={`${controlClass} font-mono`}
          spellCheck={false}
        />
        <CopyButton value={token.token} label={t('tokens.copy')} className="shrink-0" />
      </div>
      <Button onClick={onDone}>{t('tokens.done')}</Button>
    </div>
  );
}
