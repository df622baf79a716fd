/**
 * Service levels of the admin desk (DECISIONS §6, Decisions and appeals): how many business days a
 * pending item may wait, per queue, as super admin settings. A business day is Monday to Friday in
 * UTC (the programme's days are UTC); Saturday and Sunday do not count. One rule for the server
 * (each pending item's `serviceLevel`) and the client.
 */
export const SERVICE_LEVEL_SUBJECTS = ['reports', 'applications', 'withdrawals', 'appeals'] as const;
export type ServiceLevelSubject = (typeof SERVICE_LEVEL_SUBJECTS)[number];
export type ServiceLevels = Record<ServiceLevelSubject, number>;

export const DEFAULT_SERVICE_LEVELS: Readonly<ServiceLevels> = { reports: 5, applications: 7, withdrawals: 2, appeals: 5 };
/** The longest service level a super admin may set. */
export const MAX_SERVICE_LEVEL_DAYS = 60;

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

function isWeekend(t: number): boolean {
  const day = new Date(t).getUTCDay();
  return day === 0 || day === 6;
}

function nextMidnight(t: number): number {
  return (Math.floor(t / DAY_MS) + 1) * DAY_MS;
}

/** The business time (milliseconds of Monday to Friday, UTC) between two instants; 0 when `end` is not after `start`. */
export function businessMsBetween(start: Date, end: Date): number {
  let t = start.getTime();
  const stop = end.getTime();
  if (!(stop > t)) return 0;
  // A whole week holds five business days, wherever it starts.
  const weeks = Math.floor((stop - t) / WEEK_MS);
  let total = weeks * 5 * DAY_MS;
  t += weeks * WEEK_MS;
  while (t < stop) {
    const until = Math.min(nextMidnight(t), stop);
    if (!isWeekend(t)) total += until - t;
    t = until;
  }
  return total;
}

/** The instant an item that arrived at `start` has waited `days` business days. */
export function businessDeadline(start: Date, days: number): Date {
  let t = start.getTime();
  let remaining = days * DAY_MS;
  while (isWeekend(t)) t = nextMidnight(t);
  // From a weekday, seven days later is five business days later; the last (partial) week is walked.
  const weeks = remaining > 0 ? Math.floor((remaining - 1) / (5 * DAY_MS)) : 0;
  t += weeks * WEEK_MS;
  remaining -= weeks * 5 * DAY_MS;
  while (remaining > 0) {
    if (isWeekend(t)) {
      t = nextMidnight(t);
      continue;
    }
    const step = Math.min(remaining, nextMidnight(t) - t);
    t += step;
    remaining -= step;
  }
  return new Date(t);
}

export interface ServiceAge {
  ageBusinessDays: number;
  levelBusinessDays: number;
  dueAt: string;
  overdue: boolean;
}

/** A pending item's age against its level at `now`: whole business days waited, when it is due, and whether it is past it. */
export function serviceAge(since: Date, levelBusinessDays: number, now: Date): ServiceAge {
  const waited = businessMsBetween(since, now);
  return {
    ageBusinessDays: Math.floor(waited / DAY_MS),
    levelBusinessDays,
    dueAt: businessDeadline(since, levelBusinessDays).toISOString(),
    overdue: waited > levelBusinessDays * DAY_MS,
  };
}
