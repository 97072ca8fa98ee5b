import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format-units';
import { ChosenFiles } from './ChosenFiles';
import { FileDropZone } from './FileDropZone';
import { addFiles, checkFiles, type FileLimits } from './file-rules';

/** The files to attach to a private secret: drop or choose them, see them listed, remove any. */
export function AttachFiles({
  files,
  onChange,
  limits,
  disabled,
}: {
  files: readonly File[];
  onChange(files: File[]): void;
  limits: FileLimits;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('create');
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const size = (bytes: number) => formatSize(bytes, i18n.language);
  const problems = checkFiles(files, limits);

  const add = (added: File[]) => {
    if (added.length === 0) return;
    const result = addFiles(files, added, limits.maxFiles);
    onChange(result.files);
    setNotice(
      result.overLimit
        ? { text: t('files.tooMany', { count: limits.maxFiles }), error: true }
        : { text: t('files.added', { count: result.files.length - files.length }), error: false },
    );
  };

  const remove = (index: number) => {
    const name = files[index]?.name ?? '';
    onChange(files.filter((_, at) => at !== index));
    setNotice({ text: t('files.removed', { name }), error: false });
  };

  return (
    <FileDropZone
      label={t('files.label')}
      hint={t('files.hint', {
        count: limits.maxFiles,
        fileSize: size(limits.maxFileBytes),
        totalSize: size(limits.maxTotalBytes),
      })}
      onFiles={add}
      disabled={disabled}
    >
      <ChosenFiles
        files={files}
        tooLarge={problems.tooLarge}
        maxFileBytes={limits.maxFileBytes}
        onRemove={remove}
        disabled={disabled}
      />
      {problems.totalTooLarge && (
        <p className="text-xs font-medium text-red-700 dark:text-red-400">
          {t('files.totalTooLarge', { size: size(limits.maxTotalBytes) })}
        </p>
      )}
      <p role="status" className={notice?.error ? 'text-xs font-medium text-red-700 dark:text-red-400' : 'sr-only'}>
        {notice?.text}
      </p>
    </FileDropZone>
  );
}
