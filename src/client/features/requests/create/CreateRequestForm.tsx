import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUEST_LIMITS } from '../../../../shared/rules/requests';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { controlClass, Field, TextInput } from '../../../components/ui/Field';
import { useFocusInvalid } from '../../../components/ui/use-focus-invalid';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSessionGone } from '../../account';
import { webCryptoAvailable } from '../../secrets';
import { useSettingsStore } from '../../settings';
import {
  initialRequestValues,
  isRequestField,
  validateRequest,
  type RequestFormErrors,
  type RequestFormValues,
  type UpdateRequestField,
} from './request-form';
import { ResponseOptions } from './ResponseOptions';
import { submitRequest, type CreatedRequestView } from './submit-request';

/** The request: what is asked for (sealed in this browser) and what answers may be. */
export function CreateRequestForm({ onCreated }: { onCreated(request: CreatedRequestView): void }) {
  const { t } = useTranslation('requests');
  const settings = useSettingsStore((state) => state.settings);
  const context = { ipInputShown: !settings.hide_allowed_ip_input, filesShown: !settings.disable_file_upload };
  const [values, setValues] = useState<RequestFormValues>(initialRequestValues);
  const [errors, setErrors] = useState<RequestFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [cryptoReady] = useState(webCryptoAvailable);
  const sessionGone = useSessionGone();
  const { container, focusInvalid } = useFocusInvalid<HTMLFormElement>();

  const update: UpdateRequestField = (key, value) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (key in current ? { ...current, [key]: undefined } : current));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !cryptoReady) return;
    const found = validateRequest(values, context);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return focusInvalid();
    setBusy(true);
    setFailure(null);
    try {
      onCreated(await submitRequest(values, context, window.location.origin));
    } catch (error) {
      setBusy(false);
      if (sessionGone(error)) return;
      if (error instanceof ApiError && error.field && isRequestField(error.field)) {
        setErrors({ [error.field]: 'create.errors.serverRefused' });
        focusInvalid();
      }
      setFailure(error);
    }
  };

  const titleLimit = { count: REQUEST_LIMITS.titleBytes };
  const textLimit = { count: REQUEST_LIMITS.instructionsBytes };
  return (
    <Card>
      <form ref={container} noValidate onSubmit={onSubmit} aria-busy={busy} className="space-y-6">
        {!cryptoReady && (
          <Alert tone="error" title={t('create.noWebCryptoTitle')}>
            {t('create.noWebCrypto')}
          </Alert>
        )}
        <fieldset disabled={busy} className="min-w-0 space-y-6 disabled:opacity-60">
          <legend className="sr-only">{t('create.formLabel')}</legend>
          <TextInput
            label={t('create.titleLabel')}
            hint={t('create.titleHint', titleLimit)}
            value={values.title}
            onChange={(event) => update('title', event.target.value)}
            autoComplete="off"
            required
            error={errors.title && t(errors.title, titleLimit)}
          />
          <Field
            label={t('create.textLabel')}
            hint={t('create.textHint', textLimit)}
            error={errors.text && t(errors.text, textLimit)}
          >
            {({ id, describedBy, invalid }) => (
              <textarea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                rows={4}
                className={controlClass}
                value={values.text}
                onChange={(event) => update('text', event.target.value)}
              />
            )}
          </Field>
          <ResponseOptions values={values} errors={errors} update={update} context={context} />
        </fieldset>
        {failure !== null && (
          <Alert tone="error" title={t('create.failedTitle')}>
            {errorMessage(t, failure)}
          </Alert>
        )}
        <Button type="submit" busy={busy} disabled={!cryptoReady} className="w-full">
          {busy ? t('create.creating') : t('create.submit')}
        </Button>
        <p role="status" className="sr-only">
          {busy ? t('create.creating') : ''}
        </p>
      </form>
    </Card>
  );
}
