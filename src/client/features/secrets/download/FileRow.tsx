import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { formatSize } from '../../../lib/format-units';
import type { RevealedFile } from '../view/view-state';
import { useFileDownload } from './use-file-download';

/**
 * One attached file: its name, type and size as plain text (a name is whatever the sender chose: it is never
 * markup, never part of a link's address), and a Download button with progress and the outcome.
 */
export function FileRow(props: {
  secretId: string;
  file: RevealedFile;
  fileKeys: CryptoKey | null;
  /** Minutes the download keys last after opening, for the message when one has expired. */
  keyMinutes: number;
}) {
  const { file, keyMinutes } = props;
  const { t, i18n } = useTranslation('view');
  const name = file.meta?.name || t('files.unnamed', { number: file.index + 1 });
  const { state, start } = useFileDownload(props.secretId, file, props.fileKeys, name);

  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p dir="auto" className="font-medium break-all" data-testid="file-name">
            {name}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {file.meta ? (
              <>
                <span className="break-all">{file.meta.type || t('files.unknownType')}</span>
                {' · '}
                <span className="tabular-nums">{formatSize(file.meta.size, i18n.language)}</span>
              </>
            ) : (
              t('files.detailsDamaged')
            )}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          busy={state.step === 'running'}
          disabled={!props.fileKeys}
          aria-label={t('files.downloadName', { name })}
          onClick={() => void start()}
        >
          {t('files.download')}
        </Button>
      </div>
      {state.step === 'running' && (
        <ProgressBar value={state.percent} label={t('files.progress', { name })} valueText={`${state.percent}%`} />
      )}
      <p role="status" className="text-xs">
        {state.step === 'done' && (
          <span className="font-medium text-emerald-700 dark:text-emerald-300">{t('files.verified')}</span>
        )}
      </p>
      {state.step === 'failed' && (
        <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
          {t(state.messageKey, { count: keyMinutes })}
        </p>
      )}
    </li>
  );
}
