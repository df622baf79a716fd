import { describe, expect, it } from 'vitest';
import type { TSeasonAdminItem } from '../../../../shared/schemas/season-admin.ts';
import { seasonStage } from './seasons-card.tsx';

const item = (overrides: Partial<TSeasonAdminItem>): TSeasonAdminItem => ({
  month: '2026-12',
  label: 'December 2026',
  protocol: 2,
  status: 'running',
  commitment: null,
  termsHash: 'a'.repeat(64),
  termsFixedAt: '2026-11-30T23:50:00.000Z',
  frozenAt: null,
  beaconRound: 123,
  beaconAt: '2027-01-01T01:00:00.000Z',
  waitingReason: null,
  closedAt: null,
  entrantCount: null,
  prizeWinners: null,
  lotteryWinners: null,
  withheldCount: 0,
  ...overrides,
});

describe("the super admin's seasons: each month's stage", () => {
  it('says where a month stands, and what a waiting one waits for', () => {
    expect(seasonStage(item({}))).toBe('Running');
    expect(seasonStage(item({ status: 'frozen' }))).toMatch(/^Frozen: waiting for drand round 123 at .+2027/);
    expect(seasonStage(item({ status: 'waiting', waitingReason: 'Every relay failed: connection refused' }))).toBe(
      'Waiting for round 123: Every relay failed: connection refused',
    );
    expect(seasonStage(item({ status: 'closed' }))).toBe('Closed');
    expect(seasonStage(item({ status: 'ended', protocol: 1, commitment: 'c'.repeat(64) }))).toBe('Ended, waiting to be closed with a beacon');
  });
});
