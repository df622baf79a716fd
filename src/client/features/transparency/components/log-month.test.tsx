import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { buildLog, closedMonth, id, MONTH } from '../../../../../test/helpers/published-month.ts';
import { renderStatic as renderToStaticMarkup } from '../../../../../test/helpers/render.ts';
import { checkLog, logByMonth } from '../../../../shared/verify-log.ts';
import { LogMonth } from './log-month.tsx';
import { LogStatus } from './log-status.tsx';

/** The markup as text, tags removed, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

describe('the /transparency page’s parts', () => {
  it('shows a month: terms, freeze, draw, withheld prizes, payouts and the summary', async () => {
    const { log } = await closedMonth({ termsAt: '2026-12-02T00:00:00.000Z' });
    const withheld = await buildLog([
      ...log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> })),
      {
        at: '2027-01-02T00:00:00.000Z',
        kind: 'prize.withheld',
        data: { month: MONTH, ambassadorId: id(2), kind: 'prize', prizeUsdt: '200.00', reason: 'Suspended' },
      },
      { at: '2027-01-02T00:00:01.000Z', kind: 'something.new', data: { month: MONTH, note: 'kept' } },
    ]);
    const [december] = logByMonth(withheld.entries);
    expect(december?.month).toBe(MONTH);
    const plain = text(renderToStaticMarkup(createElement(LogMonth, { month: MONTH, entries: december?.entries ?? [] })));
    expect(plain).toContain('December 2026');
    expect(plain).toContain(
      'Prizes: 1st $300.00, 2nd $200.00, 3rd $100.00, 4th $50.00, 5th $50.00. Lottery: 3 winners of $20.00, drawn from drand test chain round',
    );
    expect(plain).toContain('terms fixed late, at 2026-12-02T00:00:00.000Z');
    expect(plain).toContain('Standings and 12 lottery entrants frozen');
    expect(plain).toContain('1st: Champion One, 900 GCM, prize $300.00');
    expect(plain).toContain('Check this draw on the Hall of Fame');
    expect(plain).toContain('Prize of $200.00 withheld from Champion Two: Suspended');
    expect(plain).toContain('Payouts: $75.00 in 1 withdrawal');
    expect(plain).toContain(`Transaction 0x${'ab'.repeat(32)}`);
    expect(plain).toContain('USDT paid $75.00');
    expect(plain).toMatch(/Applications 4 3 1 20\.5 h/);
    expect(plain).toMatch(/Withdrawals 1 1 0 –/);
    expect(plain).toContain('something.new');

    // With the explorer's address, a payout links to its transaction.
    const linked = renderToStaticMarkup(createElement(LogMonth, { month: MONTH, entries: december?.entries ?? [], explorerTxUrl: 'https://bscscan.com/tx/' }));
    expect(linked).toContain(`href="https://bscscan.com/tx/0x${'ab'.repeat(32)}"`);
  });

  it('lists each anchor of the log on BNB Smart Chain: the entry, its block and time, the transaction linked', async () => {
    const { log } = await closedMonth();
    const freeze = log.entries[2];
    const tx = `0x${'cd'.repeat(32)}`;
    const anchored = await buildLog([
      ...log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> })),
      {
        at: '2027-01-01T01:06:00.000Z',
        kind: 'log.anchored',
        data: { seq: 3, hash: freeze?.hash, txHash: tx, blockNumber: 812, blockTime: '2027-01-01T00:01:03.000Z' },
      },
    ]);
    const [month] = logByMonth(anchored.entries);
    const markup = renderToStaticMarkup(createElement(LogMonth, { month: MONTH, entries: month?.entries ?? [], explorerTxUrl: 'https://bscscan.com/tx/' }));
    const plain = text(markup);
    expect(plain).toContain('Anchored on BNB Smart Chain');
    expect(plain).toMatch(/Entry 3 anchored in block 812 at .*2027/);
    expect(markup).toContain(`href="https://bscscan.com/tx/${tx}"`);
    expect(plain).not.toContain('log.anchored');
  });

  it('shows the desk in public: the 90th percentile, rejections by reason and the appeals of the month', async () => {
    const { log } = await closedMonth();
    const desk = await buildLog([
      ...log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> })),
      {
        at: '2027-01-01T01:06:00.000Z',
        kind: 'month.summary',
        data: {
          month: MONTH,
          gcmAwarded: '0.00',
          usdtAwarded: '0.00',
          usdtPaid: '0.00',
          applications: { decided: 2, approved: 1, rejected: 1, medianHours: '10.0' },
          reports: { decided: 4, approved: 2, rejected: 2, medianHours: '30.5' },
          withdrawals: { decided: 0, approved: 0, rejected: 0, medianHours: null },
          decisions: { byReason: { low_effort: 2, unspecified: 1, wallet_mismatch: 0 } },
          hoursToDecide: {
            applications: { median: '10.0', p90: '12.0' },
            reports: { median: '30.5', p90: '70.0' },
            withdrawals: { median: null, p90: null },
          },
          appeals: { made: 3, overturned: 1, upheld: 1 },
        },
      },
    ]);
    const [december] = logByMonth(desk.entries);
    const plain = text(renderToStaticMarkup(createElement(LogMonth, { month: MONTH, entries: december?.entries ?? [] })));
    expect(plain).toContain('Median time 90% within');
    expect(plain).toMatch(/Reports 4 2 2 30\.5 h 2\.9 days/);
    expect(plain).toMatch(/Withdrawals 0 0 0 – –/);
    expect(plain).toContain('Reasons given for rejections and suspensions: Not enough activity 2, No reason recorded 1');
    expect(plain).not.toContain('Wallet problem');
    expect(plain).toContain('Appeals: 3 made, 1 overturned, 1 upheld');
    // The summary of before the desk: no 90th percentile column, no reasons, no appeals.
    const before = text(renderToStaticMarkup(createElement(LogMonth, { month: MONTH, entries: logByMonth(log.entries)[0]?.entries ?? [] })));
    expect(before).not.toContain('90% within');
    expect(before).not.toContain('Appeals:');
  });

  it('says the log holds, or raises an alert naming the entry', async () => {
    const { log } = await closedMonth();
    const ok = renderToStaticMarkup(createElement(LogStatus, { checked: { log, verdict: await checkLog(log), remembered: [] } }));
    expect(ok).not.toContain('role="alert"');
    expect(text(ok)).toContain(`Log head: ${log.head.seq}:${log.head.hash}`);

    const seen = { seq: 3, hash: 'f'.repeat(64) };
    const rewritten = renderToStaticMarkup(createElement(LogStatus, { checked: { log, verdict: await checkLog(log, [seen]), remembered: [seen] } }));
    expect(rewritten).toContain('role="alert"');
    expect(text(rewritten)).toContain('The programme log no longer extends what this browser saw before: entry 3 changed.');

    const broken = { ...log, entries: log.entries.map((e) => (e.seq === 2 ? { ...e, at: '2026-12-16T00:00:00.000Z' } : e)) };
    const alert = renderToStaticMarkup(createElement(LogStatus, { checked: { log: broken, verdict: await checkLog(broken), remembered: [] } }));
    expect(alert).toContain('role="alert"');
    expect(text(alert)).toContain("The programme log's chain is broken at entry 2.");

    // Seen at entry 2 on 2026-12-31: the freeze (entry 3) is dated before that, so it was written later and backdated.
    const witness = { seq: 2, hash: log.entries[1]?.hash ?? '', seenAt: '2026-12-31T12:00:00.000Z' };
    const later = await buildLog(
      log.entries.map(({ at, kind, data }, i) => ({ at: i === 2 ? '2026-12-31T11:00:00.000Z' : at, kind, data: data as Record<string, unknown> })),
    );
    const backdated = renderToStaticMarkup(
      createElement(LogStatus, { checked: { log: later, verdict: await checkLog(later, [witness]), remembered: [witness] } }),
    );
    expect(text(backdated)).toContain('Entry 3 was written after this browser saw the log, and dated before it.');
  });
});
