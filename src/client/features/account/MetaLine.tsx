import type { ReactNode } from 'react';

/**
 * Facts about a list item ("Created …", "Expires …"): dot-separated and wrapping from `sm` up, one per line on small
 * screens. Each dot sits in the padding before its fact (aria-hidden); the row is shifted left by that padding and
 * clipped, so the dot of a fact that starts a line is cut off: no line starts or ends with a dot.
 */
export function MetaLine({ children }: { children: ReactNode[] }) {
  return (
    <p className="text-sm text-slate-600 sm:overflow-hidden dark:text-slate-400">
      <span className="flex flex-col gap-y-0.5 sm:-ms-6 sm:flex-row sm:flex-wrap">
        {children.map((item, index) => (
          <span key={index} className="min-w-0 sm:relative sm:ps-6">
            <span aria-hidden="true" className="hidden sm:absolute sm:start-2.5 sm:inline">
              ·
            </span>
            {item}
          </span>
        ))}
      </span>
    </p>
  );
}
