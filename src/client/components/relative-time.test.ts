import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { relativeTime } from './relative-time.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

describe('relativeTime', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('reads as people say it for a week, then as the date', () => {
    expect(relativeTime(before(20_000), NOW)).toBe('just now');
    expect(relativeTime(before(-5_000), NOW)).toBe('just now');
    expect(relativeTime(before(60_000), NOW)).toBe('1 minute ago');
    expect(relativeTime(before(59 * 60_000), NOW)).toBe('59 minutes ago');
    expect(relativeTime(before(3 * 3_600_000 + 5), NOW)).toBe('3 hours ago');
    expect(relativeTime(before(26 * 3_600_000), NOW)).toBe('1 day ago');
    expect(relativeTime(before(6 * 86_400_000), NOW)).toBe('6 days ago');
    expect(relativeTime('2026-11-01T08:00:00Z', NOW)).toBe('Nov 1, 2026');
    expect(relativeTime('not a date', NOW)).toBe('-');
  });

  it('says it in the page’s language', () => {
    expect(relativeTime(before(3 * 3_600_000), NOW, 'es')).toBe('hace 3 horas');
    expect(relativeTime(before(2 * 86_400_000), NOW, 'pt-BR')).toBe('há 2 dias');
    expect(relativeTime('2026-11-01T08:00:00Z', NOW, 'es')).toMatch(/^1 nov.* 2026$/);
  });
});
