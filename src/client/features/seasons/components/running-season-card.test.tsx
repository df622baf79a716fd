import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../../../../test/helpers/render.ts';
import type { TCurrentSeason } from '../../../../shared/schemas/seasons.ts';
import { RunningSeasonCard } from './running-season-card.tsx';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

const season = (termsFixedAt: string): TCurrentSeason => ({
  month: '2026-12',
  protocol: 2,
  commitment: null,
  prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
  lotteryWinners: 10,
  lotteryPrizeUsdt: '20.00',
  endsAt: '2027-01-01T00:00:00.000Z',
  terms: {
    version: 2,
    month: '2026-12',
    prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
    lotteryWinners: 10,
    lotteryPrizeUsdt: '20.00',
    beacon: { chain: 'a'.repeat(64), round: 1000 },
  },
  termsHash: 'b'.repeat(64),
  termsFixedAt,
});

describe('the running month (issue 40, item 5)', () => {
  it('says the terms were fixed when the month began only when they were', () => {
    const inTime = text(renderStatic(createElement(RunningSeasonCard, { season: season('2026-11-30T23:50:00.000Z') })));
    expect(inTime).toContain('These terms were fixed when the month began');
    const late = text(renderStatic(createElement(RunningSeasonCard, { season: season('2026-12-03T08:00:00.000Z') })));
    expect(late).not.toContain('fixed when the month began');
    expect(late).toMatch(/These terms were fixed late, on .+, after the month began, and cannot change/);
  });
});
