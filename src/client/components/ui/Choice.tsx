import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

/**
 * A checkbox or radio button with its label beside it (the whole label is the click target), and a hint under the
 * label that screen readers hear with it.
 */
export function Choice({
  label,
  hint,
  type = 'checkbox',
  className,
  ...rest
}: { label: ReactNode; hint?: ReactNode; type?: 'checkbox' | 'radio' } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type'
>) {
  const id = useId();
  return (
    <div className={cx('flex items-start gap-2.5', className)}>
      <input
        id={id}
        type={type}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed"
        {...rest}
      />
      <div className="min-w-0">
        <label
          htmlFor={id}
          className={cx(
            'text-sm text-slate-800 dark:text-slate-200',
            rest.disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
          )}
        >
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
