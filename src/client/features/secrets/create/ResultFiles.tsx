import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format-units';
import { SectionHeading } from './PageHeading';

/** The files that went with the secret, all uploaded: names and sizes, as text. */
export function ResultFiles({ files }: { files: { name: string; size: number }[] }) {
  const { t, i18n } = useTranslation('create');
  return (
    <section className="space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800">
      <SectionHeading>{t('result.filesTitle', { count: files.length })}</SectionHeading>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('result.filesNote')}</p>
      <ul className="space-y-1 text-sm">
        {files.map((file, index) => (
          <li key={index} className="flex flex-wrap items-baseline gap-x-3">
            <span dir="auto" className="font-medium break-all">
              {file.name}
            </span>
            <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {formatSize(file.size, i18n.language)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
