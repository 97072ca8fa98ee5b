import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import { createFailureText, type CreateFailure } from '../create/create-errors';
import { UploadProgress } from './UploadProgress';
import type { UploadProgressState } from './use-upload-progress';

/**
 * An upload under way (progress and Cancel) or stopped by a failure (what went wrong, Try again, Cancel). Cancel
 * aborts the parts in flight and deletes the secret with what was sent.
 */
export function UploadPanel({
  names,
  progress,
  running,
  failure,
  onRetry,
  onCancel,
}: {
  names: string[];
  progress: UploadProgressState | null;
  running: boolean;
  failure: CreateFailure | null;
  /** Absent when the files must be chosen again first. */
  onRetry?: (() => void) | undefined;
  onCancel(): Promise<void>;
}) {
  const { t } = useTranslation('create');
  const [cancelling, setCancelling] = useState(false);
  const section = useRef<HTMLElement>(null);

  // The button that started the upload is gone: keep the keyboard and screen readers here.
  useEffect(() => section.current?.focus(), []);
  const cancel = async () => {
    setCancelling(true);
    try {
      await onCancel();
    } finally {
      setCancelling(false);
    }
  };

  return (
    <section ref={section} tabIndex={-1} aria-label={t('upload.title')} className="space-y-4 outline-none">
      <UploadProgress progress={progress} names={names} />
      {failure && !running && (
        <Alert tone="error" title={t('upload.failedTitle')}>
          <p>{createFailureText(t, failure)}</p>
          {resumes(failure) && <p className="mt-1">{t('upload.failedHint')}</p>}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        {onRetry && !running && <Button onClick={onRetry}>{t('upload.retry')}</Button>}
        <Button variant="dangerOutline" busy={cancelling} onClick={cancel}>
          {t('upload.cancel')}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {running ? t('upload.running') : ''}
      </p>
    </section>
  );
}

/**
 * Whether what arrived before the failure is still on the server, so that trying again sends only the rest. A full
 * storage (507) is freed of the whole upload at once: trying again sends everything.
 */
const resumes = ({ error }: CreateFailure) => !(error instanceof ApiError && error.code === 'storage.full');
