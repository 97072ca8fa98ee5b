// recharts is large: this file is only reached through the analytics page's lazy import, so no other page
// carries it. It draws with SVG attributes and sets sizes through element.style, both allowed by the CSP.
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { DailyAnalytics } from '../api/admin.types';
import { dayLabel } from './chart-data';
import { SERIES_COLORS, Swatch } from './Swatch';

export interface VisitsChartProps {
  days: DailyAnalytics['days'];
  locale: string;
  /** The text alternative: what the chart shows, in words (the table below has every number). */
  summary: string;
  names: { visits: string; uniqueVisitors: string };
}

/** Visits and unique visitors per day, as two lines. */
export default function VisitsChart({ days, locale, summary, names }: VisitsChartProps) {
  const data = days.map((day) => ({ ...day, label: dayLabel(day.date, locale) }));
  const axis = { stroke: 'currentColor', strokeOpacity: 0.35, tick: { fill: 'currentColor', fontSize: 12 } };
  return (
    <div role="img" aria-label={summary} className="h-64 w-full text-slate-500 dark:text-slate-400">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="label" {...axis} interval="preserveStartEnd" minTickGap={24} tickMargin={6} />
          <YAxis {...axis} allowDecimals={false} width={44} tickMargin={4} />
          <Tooltip
            cursor={{ stroke: 'currentColor', strokeOpacity: 0.3 }}
            content={(props) => <ChartTooltip {...props} locale={locale} />}
          />
          <Line
            type="monotone"
            dataKey="visits"
            name={names.visits}
            stroke={SERIES_COLORS.visits}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="uniqueVisitors"
            name={names.uniqueVisitors}
            stroke={SERIES_COLORS.uniqueVisitors}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

function ChartTooltip({ active, payload, label, locale }: TooltipContentProps & { locale: string }) {
  if (!active || payload.length === 0) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-900 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      <p className="mb-1 font-semibold">{label}</p>
      {payload.map((item) => (
        <p key={String(item.dataKey)} className="flex items-center gap-2">
          <Swatch series={item.dataKey === 'visits' ? 'visits' : 'uniqueVisitors'} />
          <span>{item.name}</span>
          <span className="ms-auto ps-3 font-semibold tabular-nums">{Number(item.value).toLocaleString(locale)}</span>
        </p>
      ))}
    </div>
  );
}
