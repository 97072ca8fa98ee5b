import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { CopyButton } from '../../../../components/ui/CopyButton';

/** The ten backup codes, this once (the server keeps only their hashes): copy, download, and a clear "save now". */
export function BackupCodesShown({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const { t } = useTranslation('account');
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const text = `${codes.join('\n')}\n`;

  useEffect(() => box.current?.focus(), []);

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'hush-backup-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div
      ref={box}
      tabIndex={-1}
      role="region"
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 focus:outline-2 focus:outline-amber-500 dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 id={titleId} className="font-semibold text-amber-950 dark:text-amber-100">
        {t('twoFactor.codesTitle')}
      </h3>
      <p className="text-sm text-amber-950 dark:text-amber-100">{t('twoFactor.codesBody')}</p>
      <ul
        aria-label={t('twoFactor.codesTitle')}
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900 sm:w-fit dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton value={text} label={t('twoFactor.copyCodes')} size="sm" />
        <Button variant="secondary" size="sm" onClick={download}>
          {t('twoFactor.downloadCodes')}
        </Button>
      </div>
      <Button onClick={onDone}>{t('twoFactor.codesSaved')}</Button>
    </div>
  );
}
