import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { utf8Length } from '../../../../shared/rules/secrets';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useFocusInvalid } from '../../../components/ui/use-focus-invalid';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useSettingsStore } from '../../settings';
import {
  AttachFiles,
  checkFiles,
  fileLimits,
  hasProblems,
  SecretTextField,
  UploadPanel,
  type CreateFailure,
} from '../../secrets';
import type { SentResponse } from './send-response';
import type { FormState } from './use-request-form';
import { RequestDetails } from './RequestDetails';
import { useSendResponse } from './use-send-response';

type Ready = Extract<FormState, { step: 'ready' }>;

/**
 * The answer: a text (with the password generator) and, when the request takes them, files. Sending seals it to the
 * request's key in this browser; with files their upload shows its progress and can be tried again or cancelled.
 */
export function RespondForm({ request, onSent }: { request: Ready; onSent(sent: SentResponse): void }) {
  const { t } = useTranslation('requests');
  const { form } = request;
  const uploadsOff = useSettingsStore((state) => state.settings.disable_file_upload);
  // The files count against the requester's limits, a signed-in user's; the server checks them again.
  const limits = form.allowFiles ? fileLimits(runtimeConfig.files, { disabled: uploadsOff, signedIn: true }) : null;
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | undefined>();
  const [files, setFiles] = useState<File[]>([]);
  const sending = useSendResponse(form, onSent);
  const { phase, failure, uploading } = sending;
  const { container, focusInvalid } = useFocusInvalid<HTMLFormElement>();
  const attached = limits ? files : [];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase) return;
    const error =
      text.trim() === '' && attached.length === 0
        ? 'errors.textRequired'
        : utf8Length(text) > runtimeConfig.maxTextBytes
          ? 'errors.textTooLarge'
          : undefined;
    setTextError(error);
    if (error) return focusInvalid();
    if (limits && hasProblems(checkFiles(attached, limits))) return;
    await sending.send(text, attached);
  };

  const busyLabel = phase === 'encrypting' ? t('respond.encrypting') : phase === 'sending' ? t('respond.sending') : '';
  return (
    <>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl dark:text-white">
          <Trans t={t} i18nKey="respond.title" values={{ username: form.username }} components={{ user: <bdi /> }} />
        </h1>
        <p className="text-slate-600 dark:text-slate-400">{t('respond.lead', { username: form.username })}</p>
      </header>
      <RequestDetails form={form} title={request.title} text={request.text} fingerprint={request.fingerprint} />
      <Card>
        <form ref={container} noValidate onSubmit={onSubmit} aria-busy={Boolean(phase)} className="space-y-6">
          <fieldset disabled={Boolean(phase) || uploading} className="min-w-0 space-y-6 disabled:opacity-60">
            <legend className="sr-only">{t('respond.formLabel')}</legend>
            <SecretTextField
              value={text}
              error={textError}
              onChange={(value) => {
                setText(value);
                setTextError(undefined);
              }}
            />
            {limits && (
              <AttachFiles files={files} onChange={setFiles} limits={limits} disabled={Boolean(phase) || uploading} />
            )}
          </fieldset>
          {failure && !uploading && (
            <Alert tone="error" title={t('respond.notSent')}>
              {failureText(t, failure)}
            </Alert>
          )}
          {uploading ? (
            <UploadPanel
              names={sending.pending?.files.map((file) => file.name) ?? []}
              progress={sending.progress}
              running={phase === 'uploading'}
              failure={failure}
              onRetry={() => void sending.retry()}
              onCancel={sending.cancel}
            />
          ) : (
            <div className="space-y-2">
              <Button type="submit" busy={Boolean(phase)} className="w-full">
                {busyLabel || t('respond.send')}
              </Button>
              <p className="text-xs text-slate-600 dark:text-slate-400">{t('respond.sendNote')}</p>
            </div>
          )}
          <p role="status" className="sr-only">
            {busyLabel}
          </p>
        </form>
      </Card>
    </>
  );
}

/** A refused answer in the page's words; what failed inside this browser says so, and that nothing was sent. */
function failureText(t: TFunction<'requests'>, failure: CreateFailure): string {
  if (failure.phase === 'encrypting' && !(failure.error instanceof ApiError)) return t('respond.encryptFailed');
  return errorMessage(t, failure.error);
}
