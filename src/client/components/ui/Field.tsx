import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx';

export const controlClass = cx(
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm',
  'placeholder:text-slate-400 focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/40',
  'dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 aria-[invalid=true]:border-red-500',
);

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** A label, the control, a hint and an error, wired together for screen readers. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type WithField<T> = T & { label: ReactNode; hint?: ReactNode; error?: ReactNode };

/**
 * What people type goes in its own direction (`dir="auto"`), whatever the page's: a password, key, address or name
 * that starts or ends with punctuation keeps its characters in order on a right-to-left page, and Arabic typed on
 * an English page reads right to left. An empty field follows the page. A caller may still set `dir`.
 */
const TYPED_DIRECTION = 'auto';

export function TextInput({
  label,
  hint,
  error,
  className,
  ...rest
}: WithField<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          // A number has no direction of its own: it sits where the page's other fields start.
          dir={rest.type === 'number' ? undefined : TYPED_DIRECTION}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cx(controlClass, className)}
          {...rest}
        />
      )}
    </Field>
  );
}

export function TextArea({
  label,
  hint,
  error,
  className,
  ...rest
}: WithField<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          dir={TYPED_DIRECTION}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cx(controlClass, 'font-mono', className)}
          {...rest}
        />
      )}
    </Field>
  );
}

export function Select({
  label,
  hint,
  error,
  className,
  children,
  ...rest
}: WithField<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cx(controlClass, className)}
          {...rest}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
