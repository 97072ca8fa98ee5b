import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { formatDuration, formatRate, formatSize } from '../../../lib/format-units';
import { percentOf } from './progress';
import type { UploadProgressState } from './use-upload-progress';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The upload's progress: all files together with speed and time left, then each file on its own. */
export function UploadProgress({ progress, names }: { progress: UploadProgressState | null; names: string[] }) {
  const { t, i18n } = useTranslation('create');
  const lng = i18n.language;
  const sent = progress?.sent ?? names.map(() => 0);
  const sizes = progress?.sizes ?? names.map(() => 0);
  const done = sum(sent);
  const total = sum(sizes);
  const percent = progress ? percentOf(done, total) : 0;
  const amount = (bytes: number, of: number) =>
    t('upload.amount', { done: formatSize(bytes, lng), total: formatSize(of, lng) });
  const speed =
    progress?.rate == null
      ? t('upload.measuring')
      : progress.secondsLeft == null
        ? formatRate(progress.rate, lng)
        : t('upload.speed', { rate: formatRate(progress.rate, lng), time: formatDuration(progress.secondsLeft, lng) });

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <span className="font-medium">{t('upload.total', { percent })}</span>
          <span className="text-slate-600 tabular-nums dark:text-slate-400">{speed}</span>
        </div>
        <ProgressBar
          value={percent}
          label={t('upload.totalLabel')}
          valueText={`${percent}% · ${amount(done, total)}`}
        />
      </div>
      {names.length > 0 && (
        <ul className="space-y-3" aria-label={t('upload.filesLabel')}>
          {names.map((name, index) => {
            const filePercent = progress ? percentOf(sent[index] ?? 0, sizes[index] ?? 0) : 0;
            return (
              <li key={index} className="space-y-1">
                <div className="flex justify-between gap-2 text-xs">
                  <span dir="auto" className="min-w-0 truncate">
                    {name}
                  </span>
                  <span className="shrink-0 text-slate-600 tabular-nums dark:text-slate-400">{filePercent}%</span>
                </div>
                <ProgressBar
                  value={filePercent}
                  label={t('upload.fileLabel', { name })}
                  valueText={`${filePercent}% · ${amount(sent[index] ?? 0, sizes[index] ?? 0)}`}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
