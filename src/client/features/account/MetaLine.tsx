import { Fragment, type ReactNode } from 'react';

/** Facts about a list item ("Created …", "Expires …"): dot-separated on one line, one per line on small screens. */
export function MetaLine({ children }: { children: ReactNode[] }) {
  return (
    <p className="flex flex-col gap-y-0.5 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-3 dark:text-slate-400">
      {children.map((item, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
          )}
          {item}
        </Fragment>
      ))}
    </p>
  );
}
