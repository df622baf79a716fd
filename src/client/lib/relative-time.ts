/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then the date: when a notification came. */
import { formatDate } from '../../shared/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const words = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

export function relativeTime(value: string, now: number = Date.now()): string {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return '-';
  // A clock a little ahead of the browser's still reads as now.
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return words.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return words.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return words.format(-Math.floor(ago / DAY), 'day');
  return formatDate(value);
}
