/** Tailwind's indigo-500 and emerald-500, which read on the light and the dark background alike. */
export const SERIES_COLORS = { visits: '#625fff', uniqueVisitors: '#00bc7d' } as const;
export type Series = keyof typeof SERIES_COLORS;

/** The colour of a series, for the legend and the tooltip (the same colours as the lines). */
export function Swatch({ series }: { series: Series }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-2.5 shrink-0 rounded-full ${series === 'visits' ? 'bg-indigo-500' : 'bg-emerald-500'}`}
    />
  );
}
