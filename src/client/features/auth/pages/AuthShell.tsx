import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card';

/** The narrow, centred frame of the sign-in, sign-up, sign-out and setup pages. */
export function AuthShell({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md space-y-6 sm:pt-6">
      <title>{`${title} · Hush`}</title>
      <header className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        {lead && <p className="text-slate-600 dark:text-slate-400">{lead}</p>}
      </header>
      <Card>{children}</Card>
    </div>
  );
}

export function AuthFooter({ children }: { children: ReactNode }) {
  return <p className="text-center text-sm text-slate-600 dark:text-slate-400">{children}</p>;
}
