import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './Spinner';

const VARIANTS = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-400',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-400',
  /** A destructive action that asks first: quieter than `danger`, which the question itself then uses. */
  dangerOutline:
    'border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
} as const;

/** `sm` fits a table row or a toolbar; `md` is the rest. */
const SIZES = { md: 'min-h-10 px-4 py-2', sm: 'min-h-8 px-3 py-1' } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  busy?: boolean;
  icon?: ReactNode;
}

/**
 * A button's classes, for a link that looks like one (as a provider's sign-in, which leaves the page). The text is
 * centred on every line, so a long label that wraps stays in the middle.
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES; className?: string | undefined } = {}) {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg text-center text-sm font-semibold transition-colors',
    SIZES[size],
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed',
    VARIANTS[variant],
    className,
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  icon,
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass({ variant, size, className })}
    >
      {busy ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
