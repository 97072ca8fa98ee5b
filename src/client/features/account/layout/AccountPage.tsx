import type { ReactNode } from 'react';

/**
 * A page of the account area: its title (also the document title, unless `documentTitle` says otherwise: a title
 * that was encrypted has no place in the browser's history), a lead line, and the content.
 */
export function AccountPage({
  title,
  documentTitle = title,
  lead,
  children,
}: {
  title: string;
  documentTitle?: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <title>{`${documentTitle} · Hush`}</title>
      <header className="space-y-2">
        <h1
          dir="auto"
          className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl dark:text-white"
        >
          {title}
        </h1>
        {lead && <p className="text-slate-600 dark:text-slate-400">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
