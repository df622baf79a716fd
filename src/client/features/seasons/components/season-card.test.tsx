import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { closedMonth } from '../../../../../test/helpers/published-month.ts';
import { renderStatic } from '../../../../../test/helpers/render.ts';
import type { TSeasonSummary } from '../../../../shared/schemas/seasons.ts';
import { SeasonCard } from './season-card.tsx';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

function render(season: TSeasonSummary): string {
  return text(renderStatic(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(SeasonCard, { season }))));
}

describe('a month on the Hall of Fame', () => {
  it('frozen: the champions, the round the lottery waits for, and the entrants to search', async () => {
    const { season } = await closedMonth();
    const { lottery: _lottery, closedAt: _closedAt, ...rest } = season;
    const frozen = {
      ...rest,
      status: 'frozen' as const,
      beacon: { chain: season.beacon.chain, round: season.beacon.round, at: season.beacon.at },
    };
    const plain = render(frozen);
    expect(plain).toContain('Frozen: the draw is waiting');
    expect(plain).toMatch(new RegExp(`Lottery: drawn from drand round ${season.beacon.round} at .+ \\(waiting\\)`));
    expect(plain).toContain('1st Champion One: 900 GCM, prize $300.00');
    expect(plain).toContain('Lottery entrants');
    expect(plain).toContain('Verify in my browser');
  });

  it('closed: winners, and a withheld prize with its reason', async () => {
    const { season } = await closedMonth();
    const closed = {
      ...season,
      champions: season.champions.map((c) => (c.rank === 2 ? { ...c, withheld: { reason: 'Account suspended' } } : c)),
    };
    const plain = render(closed);
    expect(plain).toContain('Closed');
    expect(plain).toContain('Prize withheld: Account suspended');
    expect(plain).toContain(`1. ${season.lottery?.winners[0]?.fullName}: $20.00`);
    expect(plain).toContain('December 2026 in the programme log');
  });

  it('protocol 1: labelled as a beacon entered by an admin', () => {
    const plain = render({
      month: '2026-10',
      protocol: 1,
      status: 'closed',
      closedAt: '2026-11-01T02:00:00.000Z',
      champions: [],
      lottery: { winners: [], commitment: 'c'.repeat(64), secret: 'd'.repeat(64), beacon: 'bsc:1:0xab', listHash: 'e'.repeat(64), entrantCount: 0 },
    });
    expect(plain).toContain('Beacon entered by an admin');
    expect(plain).toContain('bsc:1:0xab');
  });
});
