import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatSize } from '../../../lib/format-units';
import type { CreateFailure } from '../create/create-errors';
import { formatDateTime } from '../../../lib/format-date';
import { FileDropZone } from './FileDropZone';
import type { PendingUpload } from '../model';
import { matchFiles } from './pending-upload';
import { UploadPanel } from './UploadPanel';
import type { UploadProgressState } from './use-upload-progress';

interface Props {
  pending: PendingUpload;
  running: boolean;
  progress: UploadProgressState | null;
  failure: CreateFailure | null;
  onResume(files: File[]): void;
  onDiscard(): Promise<void>;
}

/**
 * After a reload the files of an unfinished upload are gone from the page (a browser never keeps them): the user
 * chooses them again, they are recognised by name, size and date, and only the parts the server lacks are sent.
 */
export function ResumeUpload({ pending, running, progress, failure, onResume, onDiscard }: Props) {
  const { t, i18n } = useTranslation('create');
  const [found, setFound] = useState<(File | null)[]>(() => pending.files.map(() => null));
  const [strangers, setStrangers] = useState(0);
  const ready = found.every(Boolean);
  const names = pending.files.map((file) => file.name);

  const choose = (chosen: File[]) => {
    const matched = matchFiles(pending, chosen);
    setFound((before) => matched.map((file, index) => file ?? before[index] ?? null));
    setStrangers(chosen.filter((file) => !matched.includes(file)).length);
  };
  const resume = () => onResume(found.filter((file): file is File => file !== null));

  return (
    <Card className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t('resume.title')}</h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('resume.body')}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('resume.expires', { date: formatDateTime(pending.expiresAt, i18n.language) })}
        </p>
      </div>
      {running || failure ? (
        <UploadPanel
          names={names}
          progress={progress}
          running={running}
          failure={failure}
          onRetry={ready ? resume : undefined}
          onCancel={onDiscard}
        />
      ) : (
        <>
          <FileDropZone label={t('resume.filesLabel')} hint={t('resume.hint')} onFiles={choose}>
            <ul className="space-y-1 text-sm">
              {pending.files.map((file, index) => (
                <li key={file.fileId} className="flex flex-wrap items-baseline gap-x-3">
                  <span dir="auto" className="font-medium break-all">
                    {file.name}
                  </span>
                  <span className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                    {formatSize(file.size, i18n.language)}
                  </span>
                  <span className="text-xs font-medium">{found[index] ? t('resume.found') : t('resume.missing')}</span>
                </li>
              ))}
            </ul>
            {strangers > 0 && (
              <p role="status" className="text-xs">
                {t('resume.strangers', { count: strangers })}
              </p>
            )}
          </FileDropZone>
          <div className="flex flex-wrap gap-3">
            <Button disabled={!ready} onClick={resume}>
              {t('resume.button')}
            </Button>
            <Button variant="dangerOutline" onClick={() => void onDiscard()}>
              {t('resume.discard')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
