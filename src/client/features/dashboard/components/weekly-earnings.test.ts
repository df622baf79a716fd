import { describe, expect, it } from 'vitest';
import type { TReportView } from '../../../../shared/schemas/reports.ts';
import { earningsSummary, weeklyEarnings } from './weekly-earnings.ts';

function report(week: string, status: TReportView['status'], gcm: string, usdt: string): TReportView {
  return {
    id: `${week}-${gcm}`,
    ambassadorId: 'a',
    weekStartDate: week,
    weekEndDate: week,
    activityReport: '',
    gcmAwarded: gcm,
    usdtAwarded: usdt,
    adminNotes: null,
    status,
    createdAt: `${week}T10:00:00Z`,
    reviewedAt: null,
    reasonCode: null,
    reasonText: null,
    facts: null,
    decisionFlags: null,
    appeal: null,
    appealDeadline: null,
    appealOpen: false,
    appealedDecision: null,
  };
}

describe('weeklyEarnings (dashboard chart)', () => {
  it('sums approved awards per report week, oldest first, exactly', () => {
    const points = weeklyEarnings([
      report('2026-11-14', 'approved', '0.10', '0.20'),
      report('2026-11-07', 'approved', '100.00', '5.00'),
      report('2026-11-14', 'approved', '0.20', '0.10'),
      report('2026-11-14', 'rejected', '999.00', '999.00'),
      report('2026-11-21', 'pending', '0.00', '0.00'),
    ]);
    expect(points).toEqual([
      { week: '2026-11-07', label: 'Nov 7', gcm: 100, usdt: 5 },
      { week: '2026-11-14', label: 'Nov 14', gcm: 0.3, usdt: 0.3 },
    ]);
  });

  it('keeps the latest weeks only', () => {
    const reports = Array.from({ length: 15 }, (_, i) => report(`2026-0${Math.floor(i / 9) + 1}-${String((i % 9) + 10)}`, 'approved', '1.00', '0.00'));
    const points = weeklyEarnings(reports, 12);
    expect(points).toHaveLength(12);
    expect(points.at(-1)?.week).toBe('2026-02-15');
  });
});

describe('earningsSummary (the chart in words)', () => {
  it('names the weeks, the totals with units and the best week', () => {
    const points = weeklyEarnings([report('2026-11-07', 'approved', '100.00', '5.00'), report('2026-11-14', 'approved', '250.50', '12.25')]);
    expect(earningsSummary(points)).toBe('Over 2 report weeks from Nov 7 to Nov 14: 350.5 GCM and $17.25 USDT awarded. Best week: Nov 14, 250.5 GCM.');
    expect(earningsSummary([])).toBe('No approved reports yet.');
  });
});
