import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';
import { controlClass } from '../../../components/ui/Field';

/** A webhook's signing secret, shown this once (after its create or a rotation), whole and wrapped, with a copy button. */
export function SigningSecret({ secret, rotated, onDone }: { secret: string; rotated: boolean; onDone(): void }) {
  const { t } = useTranslation('webhooks');
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
      <h3 id={titleId} className="font-semibold text-emerald-900 dark:text-emerald-100">
        {t(rotated ? 'secret.rotatedTitle' : 'secret.title')}
      </h3>
      <p className="text-sm text-emerald-900 dark:text-emerald-100">
        <strong>{t('secret.storeNow')}</strong> {t('secret.body')}
        {rotated && ` ${t('secret.oldOne')}`}
      </p>
      <label htmlFor={inputId} className="sr-only">
        {t('secret.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        {/* A read-only textarea, not an input: the whole value wraps into view on a phone instead of scrolling. */}
        <textarea
          id={inputId}
          readOnly
          value={secret}
          rows={2}
          onFocus={(event) => event.target.select()}
          className={`${controlClass} resize-none font-mono break-all field-sizing-content`}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
        />
        <CopyButton value={secret} label={t('secret.copy')} className="shrink-0" />
      </div>
      <Button variant="ghost" onClick={onDone}>
        {t('secret.done')}
      </Button>
    </div>
  );
}
