import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyStat } from '#shared/schemas/campaigns.ts';

/** Shares and click-throughs per day. Loaded lazily: recharts is large. */
export default function DailyChart({ daily }: { daily: DailyStat[] }) {
  const data = daily.map((d) => ({ ...d, day: d.date.slice(5) }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="shares" name="Shares" stroke="#4f46e5" strokeWidth={2} dot={false} />
        <Line type="monotone" dataKey="clicks" name="Clicks" stroke="#15803d" strokeWidth={2} dot={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
