import { cx } from './cx';

export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md' | 'lg'; label?: string }) {
  const dimension = { sm: 'size-4', md: 'size-6', lg: 'size-10' }[size];
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cx(dimension, 'animate-spin rounded-full border-2 border-current border-t-transparent')}
      />
      {label && <span>{label}</span>}
    </span>
  );
}
