import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx';
import type { SchemaRow } from './schema-view';

export interface TableRow extends SchemaRow {
  /** For parameters: `path` or `query`. */
  location?: string;
}

const cell = 'block sm:table-cell sm:px-3 sm:py-2.5 sm:align-top';
/** Types up to this length stay on one line on wide screens; longer unions may wrap. */
const SHORT_TYPE = 24;

/**
 * Fields as a table (name, type, required, description). Below `sm` each row folds into two lines; the explicit
 * roles keep it a table for screen readers even when CSS changes how it is displayed.
 */
export function SchemaTable({ rows, caption }: { rows: TableRow[]; caption: string }) {
  const { t } = useTranslation('pages');
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
      <table role="table" className="block w-full text-start text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead
          role="rowgroup"
          className="sr-only bg-slate-50 text-xs tracking-wide text-slate-600 uppercase sm:not-sr-only dark:bg-slate-800/60 dark:text-slate-400"
        >
          <tr role="row">
            <th role="columnheader" scope="col" className="px-3 py-2 font-semibold">
              {t('apiDocs.table.name')}
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-semibold">
              {t('apiDocs.table.type')}
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-semibold">
              {t('apiDocs.table.required')}
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-semibold">
              {t('apiDocs.table.description')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-200 sm:table-row-group dark:divide-slate-700">
          {rows.map((row) => (
            <tr
              role="row"
              key={`${row.location ?? ''}:${row.name}`}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2.5 sm:table-row sm:p-0"
            >
              <td
                role="cell"
                className={`${cell} font-mono font-semibold [overflow-wrap:anywhere] sm:whitespace-nowrap`}
              >
                {row.name}
                {row.location && (
                  <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 font-sans text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-400">
                    {t(`apiDocs.location.${row.location}`, { defaultValue: row.location })}
                  </span>
                )}
              </td>
              <td
                role="cell"
                className={cx(
                  cell,
                  'font-mono text-indigo-700 [overflow-wrap:anywhere] dark:text-indigo-300',
                  row.type.length <= SHORT_TYPE && 'sm:whitespace-nowrap',
                )}
              >
                {row.type}
              </td>
              <td role="cell" className={`${cell} text-xs`}>
                {row.required ? (
                  <span className="font-semibold text-amber-700 dark:text-amber-400">{t('apiDocs.required')}</span>
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">{t('apiDocs.optional')}</span>
                )}
              </td>
              <td role="cell" className={`${cell} basis-full text-slate-700 dark:text-slate-300`}>
                {row.description && <p>{row.description}</p>}
                {row.constraints.length > 0 && (
                  <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                    {row.constraints.map(({ key, value }) => (
                      <li key={key} className="[overflow-wrap:anywhere]">
                        {t(`apiDocs.constraint.${key}`)}{' '}
                        <code className="rounded bg-slate-100 px-1 font-mono dark:bg-slate-800">{value}</code>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
