/**
 * A small count beside a link ("3"), which screen readers hear as `label` ("3 unread responses") as part of the
 * link's name. Nothing is drawn for zero.
 */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <>
      {' '}
      <span
        aria-hidden="true"
        className="ms-1 inline-flex min-w-5 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums dark:bg-indigo-400 dark:text-slate-950"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">({label})</span>
    </>
  );
}
