import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { buildLog, closedMonth } from '../../../../../test/helpers/published-month.ts';
import { renderStatic } from '../../../../../test/helpers/render.ts';
import { verifySeason } from '../../../../shared/verify-log.ts';
import { AnchorLink } from './verify-draw-panel.tsx';

describe("'Verify this draw' and the log's anchor on chain", () => {
  it('links the transaction of the anchor that covers the freeze, and no other step', async () => {
    const { season, log, chain } = await closedMonth();
    const tx = `0x${'cd'.repeat(32)}`;
    const items = log.entries.map(({ at, kind, data }) => ({ at, kind, data: data as Record<string, unknown> }));
    const anchored = await buildLog([
      ...items.slice(0, 3),
      {
        at: '2027-01-01T00:02:00.000Z',
        kind: 'log.anchored',
        data: { seq: 3, hash: log.entries[2]?.hash, txHash: tx, blockNumber: 812, blockTime: '2027-01-01T00:01:03.000Z' },
      },
      ...items.slice(3),
    ]);
    const result = await verifySeason(season, { served: { ...chain, quicknet: false, production: false }, log: anchored });
    const links = result.steps.map((step) => renderStatic(createElement(AnchorLink, { step, explorerTxUrl: 'https://bscscan.com/tx/' }))).filter(Boolean);
    expect(links).toHaveLength(1);
    expect(links[0]).toContain(`href="https://bscscan.com/tx/${tx}"`);
    expect(links[0]).toContain('The anchor transaction on the block explorer (opens in a new tab)');
  });
});
