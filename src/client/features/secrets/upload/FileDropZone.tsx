import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';

/**
 * Where files are dropped or chosen: a group named by `label` and described by `hint`, with a real button that opens
 * the browser's file picker (the input itself stays hidden), so it works from the keyboard and announces itself.
 */
export function FileDropZone({
  label,
  hint,
  onFiles,
  disabled,
  children,
}: {
  label: string;
  hint: ReactNode;
  onFiles(files: File[]): void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('create');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const labelId = useId();
  const hintId = useId();

  const dragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={hintId}
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cx(
        'space-y-3 rounded-lg border-2 border-dashed p-4',
        over
          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950'
          : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <div>
        <p id={labelId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </p>
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={disabled} onClick={() => input.current?.click()} icon={<Paperclip />}>
          {t('files.choose')}
        </Button>
        <span className="text-sm text-slate-600 dark:text-slate-400">{t('files.orDrop')}</span>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = ''; // choosing the same file again still reports it
        }}
      />
      {children}
    </div>
  );
}

function Paperclip() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.9-8.9a3.7 3.7 0 0 1 5.2 5.2l-8.9 8.9a1.8 1.8 0 0 1-2.6-2.6L15.5 7" />
    </svg>
  );
}
