import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { cx } from '../../../components/ui/cx';
import { useSessionStore } from '../../auth';
import { useSettingsStore } from '../../settings';
import { webCryptoAvailable } from '../crypto/crypto-client';
import { checkFiles, hasProblems } from '../upload/file-rules';
import { FilesField, useFileLimits } from '../upload/FilesField';
import { ResumeUpload } from '../upload/ResumeUpload';
import { UploadPanel } from '../upload/UploadPanel';
import { createFailureText } from './create-errors';
import {
  initialValues,
  OPTION_FIELDS,
  validateForm,
  type CreateFormValues,
  type FormErrors,
  type UpdateField,
} from './create-form';
import { LimitsFields } from './LimitsFields';
import { MoreOptions } from './MoreOptions';
import { SecretTextField } from './SecretTextField';
import type { CreatedSecretView } from '../model';
import { useCreateSecret } from './use-create-secret';

export interface CreateSecretFormProps {
  onCreated(secret: CreatedSecretView): void;
  /** Runs before each submission sends anything (the page loads its result view); a failure stops it there. */
  prepare?(): Promise<void>;
  /** Creating is closed to this visitor (a read-only instance): the form is shown, but nothing can be sent. */
  closed?: boolean;
}

export function CreateSecretForm({ onCreated, prepare, closed = false }: CreateSecretFormProps) {
  const { t } = useTranslation('create');
  const ipInputShown = !useSettingsStore((state) => state.settings.hide_allowed_ip_input);
  const signedIn = useSessionStore((state) => state.isLoggedIn);
  const [values, setValues] = useState<CreateFormValues>(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const upload = useCreateSecret(onCreated, prepare);
  const { phase, failure, submit } = upload;
  const limits = useFileLimits();
  const [files, setFiles] = useState<File[]>([]);
  const attached = limits && !values.isPublic ? files : [];
  const [cryptoReady] = useState(webCryptoAvailable);
  const form = useRef<HTMLFormElement>(null);
  const optionsId = useId();
  const blocked = !values.isPublic && !cryptoReady;

  // After a failed check, move focus to the first field that needs attention.
  useEffect(() => {
    if (focusRequest > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const update: UpdateField = (key, value) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  const showErrors = (next: FormErrors) => {
    setErrors(next);
    if (OPTION_FIELDS.some((field) => next[field])) setOptionsOpen(true);
    setFocusRequest((count) => count + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase || blocked) return;
    const context = { ipInputShown, signedIn, hasFiles: attached.length > 0 };
    const found = validateForm(values, context);
    const badFiles = limits !== null && hasProblems(checkFiles(attached, limits));
    if (Object.values(found).some(Boolean) || badFiles) return showErrors(found);
    const failed = await submit(values, context, attached);
    if (failed?.field) showErrors({ [failed.field]: 'errors.serverRefused' });
  };

  const busyLabel = phase === 'encrypting' ? t('submit.encrypting') : phase === 'sending' ? t('submit.sending') : '';
  const uploading = phase === 'uploading' || (failure?.phase === 'uploading' && upload.pending !== null);

  // After a reload: finish (or drop) the upload that was under way before anything else.
  if (upload.restored && upload.pending) {
    return (
      <ResumeUpload
        pending={upload.pending}
        running={phase === 'uploading'}
        progress={upload.progress}
        failure={failure}
        onResume={(chosen) => void upload.resume(chosen)}
        onDiscard={upload.cancel}
      />
    );
  }
  return (
    <Card>
      <form ref={form} noValidate onSubmit={onSubmit} aria-busy={Boolean(phase)} className="space-y-6">
        {!cryptoReady && (
          <Alert tone="error" title={t('crypto.unavailableTitle')}>
            {t('crypto.unavailable')}
          </Alert>
        )}
        <fieldset
          disabled={closed || Boolean(phase) || uploading}
          className="min-w-0 space-y-6 transition-opacity disabled:opacity-60"
        >
          <legend className="sr-only">{t('page.formLabel')}</legend>
          <SecretTextField value={values.text} error={errors.text} onChange={(text) => update('text', text)} />
          <FilesField
            limits={limits}
            isPublic={values.isPublic}
            files={files}
            onChange={setFiles}
            disabled={Boolean(phase) || uploading}
          />
          <LimitsFields values={values} errors={errors} update={update} signedIn={signedIn} />
          <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
            <Button
              variant="ghost"
              aria-expanded={optionsOpen}
              aria-controls={optionsId}
              onClick={() => setOptionsOpen((open) => !open)}
              icon={<Chevron open={optionsOpen} />}
            >
              {t('options.toggle')}
            </Button>
            <div id={optionsId} hidden={!optionsOpen} className="pt-4">
              <MoreOptions values={values} errors={errors} update={update} ipInputShown={ipInputShown} />
            </div>
          </div>
        </fieldset>
        {failure && !uploading && (
          <Alert tone="error" title={t('errors.title')}>
            {createFailureText(t, failure)}
          </Alert>
        )}
        {uploading ? (
          <UploadPanel
            names={upload.pending?.files.map((file) => file.name) ?? []}
            progress={upload.progress}
            running={phase === 'uploading'}
            failure={failure}
            onRetry={upload.canRetry ? () => void upload.resume() : undefined}
            onCancel={upload.cancel}
          />
        ) : (
          <Button type="submit" busy={Boolean(phase)} disabled={blocked || closed} className="w-full">
            {busyLabel || (values.isPublic ? t('submit.public') : t('submit.private'))}
          </Button>
        )}
        <p role="status" className="sr-only">
          {busyLabel}
        </p>
      </form>
    </Card>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      // Points along the reading direction while closed (mirrored right to left), down once open.
      className={cx('size-4 transition-transform', open ? 'rotate-90' : 'rtl:-scale-x-100')}
      fill="currentColor"
    >
      <path d="M7.2 4.2a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4L11.5 10 7.2 5.6a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}
