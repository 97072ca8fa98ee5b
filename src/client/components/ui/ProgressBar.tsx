import { cx } from './cx';

/**
 * A progress bar screen readers announce (role progressbar, the percentage and a text). The bar itself is a native
 * <progress>: it draws its width from its value, so no inline style is needed under the strict CSP.
 */
export function ProgressBar({
  value,
  label,
  valueText,
  className,
}: {
  /** Whole percent, 0 to 100. */
  value: number;
  label: string;
  valueText?: string;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={className}
    >
      <progress
        aria-hidden="true"
        max={100}
        value={value}
        className={cx(
          'block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-slate-200 dark:bg-slate-700',
          '[&::-webkit-progress-bar]:bg-slate-200 dark:[&::-webkit-progress-bar]:bg-slate-700',
          '[&::-webkit-progress-value]:bg-indigo-600 [&::-moz-progress-bar]:bg-indigo-600',
          'dark:[&::-webkit-progress-value]:bg-indigo-400 dark:[&::-moz-progress-bar]:bg-indigo-400',
        )}
      />
    </div>
  );
}
