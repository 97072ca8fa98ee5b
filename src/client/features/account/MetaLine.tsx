import { Fragment, type ReactNode } from 'react';

/**
 * Facts about a list item ("Created …", "Expires …"): dot-separated and wrapping from `sm` up, one per line on small
 * screens. Each dot is part of the fact after it (aria-hidden, beside it in a no-wrap flex row), so a wrapped line
 * may start with a dot but never ends with one.
 */
export function MetaLine({ children }: { children: ReactNode[] }) {
  return (
    <p className="flex flex-col gap-y-0.5 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-3 dark:text-slate-400">
      {children.map((item, index) =>
        index === 0 ? (
          <Fragment key={index}>{item}</Fragment>
        ) : (
          <span key={index} className="min-w-0 sm:flex sm:gap-x-3">
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            {item}
          </span>
        ),
      )}
    </p>
  );
}
