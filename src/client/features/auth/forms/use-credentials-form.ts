import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useFocusInvalid } from '../../../components/ui/use-focus-invalid';
import { hasErrors, type FieldErrors } from '../../../lib/field-errors';

/** What a submission ends in: null when it went through, else a message (about one field, or the whole form). */
export type SubmitOutcome<F extends string> = null | { message: string; field?: F };

/**
 * The state of a small credentials form: values, checks before sending (errors are translation keys), the
 * server's refusal (already translated), the busy flag, and focus on the first invalid field.
 */
export function useCredentialsForm<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
  send: (values: Record<F, string>) => Promise<SubmitOutcome<F>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { container, focusInvalid } = useFocusInvalid<HTMLFormElement>();

  const update = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate(values);
    setErrors(found);
    setServerErrors({});
    setFailure(null);
    if (hasErrors(found)) return focusInvalid();
    setBusy(true);
    try {
      const outcome = await send(values);
      if (outcome?.field && outcome.field in initial) {
        setServerErrors({ [outcome.field]: outcome.message } as Partial<Record<F, string>>);
        focusInvalid();
      } else if (outcome) {
        setFailure(outcome.message);
      }
    } finally {
      setBusy(false);
    }
  };

  /** After a change went through: new values (passwords emptied, say), no errors left. */
  const reset = (next: Record<F, string>) => {
    setValues(next);
    setErrors({});
    setServerErrors({});
    setFailure(null);
  };

  /** The error shown at a field: the server's refusal, or the key its check gave, in the page's words (`say`). */
  const errorOf = (field: F, say: (key: string) => string) =>
    serverErrors[field] ?? (errors[field] ? say(errors[field]) : undefined);

  /** A text field's value, change handler and error: `<TextInput {...form.text('email', say)} />`. */
  const text = (field: F, say: (key: string) => string) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value),
    error: errorOf(field, say),
  });

  return { values, errors, serverErrors, failure, busy, container, update, onSubmit, reset, errorOf, text };
}
