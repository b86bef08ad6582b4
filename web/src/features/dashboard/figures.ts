import {
  dashboardDays,
  type DayCount,
  type MissionDayCount,
  type PointsDay,
  type StatusCount,
} from '@platform/contracts';

// Shapes the services' sparse aggregates into the rows the charts draw: every day of the range
// present (a day without rows is a zero, not a gap), one column per series.

export type ChartRow = Record<string, string | number>;

/** Sign-ups per day over the whole range. */
export function signUpRows(signUps: DayCount[], days: number, now = new Date()): ChartRow[] {
  const byDay = new Map(signUps.map((d) => [d.day, d.count]));
  return dashboardDays(days, now).map((day) => ({ day: day.slice(5), count: byDay.get(day) ?? 0 }));
}

/** Missions per day with one column per status (stacked bars), and the statuses that occur. */
export function missionRows(
  missions: MissionDayCount[],
  days: number,
  now = new Date(),
): { rows: ChartRow[]; statuses: string[] } {
  const statuses = [...new Set(missions.map((m) => m.status))].sort();
  const rows = dashboardDays(days, now).map((day) => {
    const row: ChartRow = { day: day.slice(5) };
    for (const status of statuses) row[status] = 0;
    for (const m of missions) if (m.day === day) row[m.status] = Number(row[m.status]) + m.count;
    return row;
  });
  return { rows, statuses };
}

/** Missions of the range by workflow, most first. */
export function missionsByWorkflow(missions: MissionDayCount[]): StatusCount[] {
  const totals = new Map<string, number>();
  for (const m of missions) totals.set(m.workflowName, (totals.get(m.workflowName) ?? 0) + m.count);
  return [...totals]
    .map(([status, count]) => ({ status, count }))
    .sort((a, b) => b.count - a.count);
}

/** Points issued and spent per day over the whole range. */
export function pointsRows(points: PointsDay[], days: number, now = new Date()): ChartRow[] {
  const byDay = new Map(points.map((p) => [p.day, p]));
  return dashboardDays(days, now).map((day) => ({
    day: day.slice(5),
    issued: byDay.get(day)?.issued ?? 0,
    spent: byDay.get(day)?.spent ?? 0,
  }));
}

export function total(counts: { count: number }[]): number {
  return counts.reduce((sum, c) => sum + c.count, 0);
}
