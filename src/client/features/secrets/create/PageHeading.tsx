import type { ReactNode, Ref } from 'react';

/** The page's one h1 and its lead line. A `headingRef` makes the heading a focus target (tabIndex -1). */
export function PageHeading({
  title,
  lead,
  headingRef,
}: {
  title: ReactNode;
  lead?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <header className="mb-6 space-y-2">
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="rounded text-2xl font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500 sm:text-3xl dark:text-white"
      >
        {title}
      </h1>
      {lead && <p className="text-slate-600 dark:text-slate-400">{lead}</p>}
    </header>
  );
}

export function SectionHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-base font-semibold text-slate-900 dark:text-white">{children}</h2>;
}

/**
 * Moves focus to a heading when the view changes under the reader. The page goes back to its top first: the
 * browser's own scroll-on-focus would leave the heading under the fixed header.
 */
export function focusHeading(heading: HTMLElement | null): void {
  if (!heading) return;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView?.({ block: 'center' });
}
