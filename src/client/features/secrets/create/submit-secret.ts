import { createSecret } from '../api/secrets.api';
import { seal } from '../crypto/crypto-client';
import type { CreatedSecretView, PendingUpload, SubmitPhase } from '../model';
import type { UploadRun } from '../upload/send-files';
import { secretOptions, type CreateFormValues, type FormContext } from './create-form';
import { createWithFiles } from './create-with-files';

/** Files to attach, and how their upload reports back and is cancelled. */
export interface Attachments {
  files: readonly File[];
  run: UploadRun & { onPending?(pending: PendingUpload): void };
}

/**
 * Private secrets are sealed in the worker (argon2id when there is a password) and only envelopes, the password
 * verifier and the key proof leave the browser. Public secrets are plain text by design: no key, no password.
 */
export async function submitSecret(
  values: CreateFormValues,
  context: FormContext,
  onPhase: (phase: SubmitPhase) => void,
  attachments?: Attachments,
): Promise<CreatedSecretView> {
  if (attachments && attachments.files.length > 0 && !values.isPublic) {
    return createWithFiles(values, context, attachments.files, onPhase, attachments.run);
  }
  const options = secretOptions(values, context);
  const title = values.title === '' ? null : values.title;
  let key: string | null = null;
  let body;
  if (values.isPublic) {
    body = { ...options, text: values.text, title, password: null, keyProof: null, isPublic: true };
  } else {
    onPhase('encrypting');
    const sealed = await seal({ text: values.text, title, password: values.passwordEnabled ? values.password : null });
    key = sealed.key;
    body = { ...options, ...sealed.fields, isPublic: false };
  }
  onPhase('sending');
  const created = await createSecret(body);
  return {
    ...created,
    key,
    isPublic: values.isPublic,
    maxViews: options.maxViews,
    preventBurn: options.preventBurn,
    password: !values.isPublic && values.passwordEnabled ? values.password : null,
  };
}
