import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { TextInput } from '../../../../components/ui/Field';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { useSessionGone } from '../../use-account-resource';

export type Proof = 'currentPassword' | 'code';

/**
 * The small forms of the two-factor section: the current password, a code, or both, each checked by the server. A
 * refusal about one field is shown at that field (and focuses it); any other is announced above the buttons.
 */
export function ProofForm({
  fields,
  submitLabel,
  danger,
  intro,
  codeHint,
  onSubmit,
  onCancel,
}: {
  fields: Proof[];
  submitLabel: string;
  danger?: boolean;
  intro?: ReactNode;
  /** The code field's hint, when backup codes do not count (as while setting up, before there are any). */
  codeHint?: string;
  onSubmit(values: Record<Proof, string>): Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('account');
  const sessionGone = useSessionGone();
  const [values, setValues] = useState<Record<Proof, string>>({ currentPassword: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Proof, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const focus = (field: Proof) =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = fields.filter((field) => !values[field].trim());
    setFailure(null);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, t(`twoFactor.required.${field}`)])));
      return focus(missing[0]!);
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      setBusy(false);
      if (sessionGone(error)) return;
      const field = error instanceof ApiError ? (error.field as Proof | undefined) : undefined;
      if (field && fields.includes(field)) {
        setErrors({ [field]: errorMessage(t, error) });
        setValues((current) => ({ ...current, [field]: '' }));
        focus(field);
      } else {
        setFailure(errorMessage(t, error));
      }
    }
  };

  const change = (field: Proof, value: string) => setValues((current) => ({ ...current, [field]: value }));

  return (
    <form ref={form} noValidate onSubmit={submit} aria-busy={busy} className="max-w-md space-y-4">
      {intro}
      {fields.includes('currentPassword') && (
        <TextInput
          label={t('twoFactor.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={(event) => change('currentPassword', event.target.value)}
          error={errors.currentPassword}
        />
      )}
      {fields.includes('code') && (
        <TextInput
          label={t('twoFactor.codeLabel')}
          hint={codeHint ?? t('twoFactor.codeHint')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          required
          className="font-mono tracking-widest"
          value={values.code}
          onChange={(event) => change('code', event.target.value)}
          error={errors.code}
        />
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy} variant={danger ? 'danger' : 'primary'}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('twoFactor.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
