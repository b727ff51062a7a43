// A patient's values over time, from their released reports: every number-valued parameter measured
// on two reports or more becomes one series (oldest first), each point with the interval it was
// read against, so a chart can shade it. Pure: the snapshots in, the series out.
import { NUMBER_VALUE, type Trend, type TrendPoint, uniformInterval } from '@lab/contract';
import type { ReportSnapshot } from './snapshot.ts';

export interface ReleasedReport {
  appointment_id: string;
  snapshot: ReportSnapshot;
}

export function trendsOf(reports: readonly ReleasedReport[]): Trend[] {
  const series = new Map<string, Trend>();
  for (const { appointment_id, snapshot } of reports) {
    const taken_at = snapshot.collected_at ?? snapshot.released_at;
    for (const row of snapshot.tests.flatMap((t) => t.rows)) {
      // Choices (Positive/Negative) and free text have no line to draw.
      if (!NUMBER_VALUE.test(row.value.trim())) continue;
      // One parameter by its name and unit, whichever test or package measured it.
      const key = `${row.name}\u0000${row.unit}`;
      let trend = series.get(key);
      if (!trend) series.set(key, (trend = { parameter: row.name, unit: row.unit, points: [] }));
      // A report lists a parameter once; two tests of one booking measuring it both count as one visit.
      if (trend.points.some((p) => p.appointment_id === appointment_id)) continue;
      const point: TrendPoint = { appointment_id, taken_at, value: Number(row.value), flag: row.flag, interval: uniformInterval(row.interval), lower: row.lower ?? null, upper: row.upper ?? null };
      trend.points.push(point);
    }
  }
  return [...series.values()]
    .filter((t) => t.points.length > 1)
    .map((t) => ({ ...t, points: t.points.sort((a, b) => a.taken_at.localeCompare(b.taken_at)) }))
    .sort((a, b) => a.parameter.localeCompare(b.parameter));
}
