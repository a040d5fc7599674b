import { useLingui } from '@lingui/react/macro';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyStat } from '#shared/schemas/campaigns.ts';
import { DAILY_SERIES } from '../lib/figure-labels.ts';

/** Shares, click-throughs, share windows opened and posts prepared per day, as separate lines. Loaded lazily: recharts is large. */
export default function DailyChart({ daily }: { daily: DailyStat[] }) {
  const { i18n } = useLingui();
  // The days are calendar dates (no zone): read at UTC noon so no zone moves them.
  const day = (date: string) =>
    i18n.date(`${date}T12:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const count = (n: number) => i18n.number(n);
  const data = daily.map((d) => ({ ...d, day: day(d.date) }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={count} />
        <Tooltip formatter={(value) => (typeof value === 'number' ? count(value) : value)} />
        <Legend />
        {DAILY_SERIES.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={i18n._(s.name)}
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dashed ? '5 3' : undefined}
            dot={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
