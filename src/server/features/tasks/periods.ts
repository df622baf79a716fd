/**
 * A task's periods (DECISIONS §7, Tasks), in UTC: `once` (one period, ever), `weekly` (the ISO week,
 * Monday to Monday, named `2026-W48`), `monthly` (the calendar month, `2026-11`).
 */
import type { TaskPeriod } from '../../../shared/schemas/tasks.ts';

const DAY_MS = 86_400_000;

export interface Period {
  key: string;
  /** When the period began; null for `once` (it has always been open). */
  start: Date | null;
}

/** The ISO 8601 week of a UTC instant: its year (the year of its Thursday), number and Monday. */
export function isoWeek(at: Date): { year: number; week: number; monday: Date } {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = midnight - weekday * DAY_MS;
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  // Week 1 is the week with the year's first Thursday (the one holding 4 January).
  const jan4 = Date.UTC(year, 0, 4);
  const firstMonday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return { year, week: 1 + Math.round((monday - firstMonday) / (7 * DAY_MS)), monday: new Date(monday) };
}

export function periodOf(period: TaskPeriod, at: Date): Period {
  if (period === 'once') return { key: 'once', start: null };
  if (period === 'weekly') {
    const { year, week, monday } = isoWeek(at);
    return { key: `${year}-W${String(week).padStart(2, '0')}`, start: monday };
  }
  return { key: at.toISOString().slice(0, 7), start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)) };
}
