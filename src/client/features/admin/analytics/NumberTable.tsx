import type { ReactNode } from 'react';

export interface NumberRow {
  key: string;
  label: ReactNode;
  values: number[];
}

/** A table of a name and counts: a caption, column headers, the name heading each row, numbers right-aligned. */
export function NumberTable({
  caption,
  headers,
  rows,
  locale,
}: {
  caption: string;
  headers: [string, ...string[]];
  rows: NumberRow[];
  locale: string;
}) {
  const [first, ...numbers] = headers;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pe-4 font-semibold">
              {first}
            </th>
            {numbers.map((header) => (
              <th key={header} scope="col" className="py-2 ps-4 text-end font-semibold whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="py-2 pe-4 font-normal text-slate-800 dark:text-slate-200">
                {row.label}
              </th>
              {row.values.map((value, index) => (
                <td key={index} className="py-2 ps-4 text-end text-slate-700 tabular-nums dark:text-slate-300">
                  {value.toLocaleString(locale)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
