import { cx } from '../../../components/ui/cx';

const METHOD_TONES: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  post: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  put: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  patch: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  delete: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

const badge = 'inline-block shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-bold';

export function MethodBadge({ method }: { method: string }) {
  return (
    <span className={cx(badge, 'min-w-14', METHOD_TONES[method] ?? 'bg-slate-100 text-slate-800 dark:bg-slate-800')}>
      {method.toUpperCase()}
    </span>
  );
}

const STATUS_TONES: Record<string, string> = {
  '2': 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  '3': 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  '4': 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  '5': 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cx(badge, STATUS_TONES[status[0] ?? ''] ?? 'bg-slate-100 text-slate-800 dark:bg-slate-800')}>
      {status}
    </span>
  );
}
