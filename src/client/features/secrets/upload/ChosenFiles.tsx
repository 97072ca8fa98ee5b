import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatSize } from '../../../lib/format-units';

/**
 * The chosen files, each with its size and a remove button. Names are the user's own, but still only ever text:
 * React escapes them, and they never become markup, an attribute that loads anything, or a link.
 */
export function ChosenFiles({
  files,
  tooLarge,
  maxFileBytes,
  onRemove,
  disabled,
}: {
  files: readonly File[];
  tooLarge: readonly number[];
  maxFileBytes: number;
  onRemove(index: number): void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('create');
  if (files.length === 0) return null;
  return (
    <ul aria-label={t('files.listLabel')} className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
      {files.map((file, index) => (
        <li key={`${file.name}|${file.size}|${file.lastModified}`} className="flex items-center gap-3 py-2">
          <div className="min-w-0 flex-1">
            {/* Isolated, not its own direction: the name lines up with its size below, as in the progress list. */}
            <p className="font-medium break-all">
              <bdi>{file.name}</bdi>
            </p>
            <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {formatSize(file.size, i18n.language)}
            </p>
            {tooLarge.includes(index) && (
              <p className="text-xs font-medium text-red-700 dark:text-red-400">
                {t('files.tooLarge', { size: formatSize(maxFileBytes, i18n.language) })}
              </p>
            )}
          </div>
          <Button
            size="sm"
            variant="ghost"
            disabled={disabled}
            aria-label={t('files.remove', { name: file.name })}
            onClick={() => onRemove(index)}
          >
            {t('files.removeShort')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
