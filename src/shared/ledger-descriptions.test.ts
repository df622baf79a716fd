import { describe, expect, it } from 'vitest';
import { LEDGER_DESCRIPTIONS, readLedgerDescription } from './ledger-descriptions.ts';

describe('ledger descriptions', () => {
  it('are the words the ledger has always stored', () => {
    const week = { start: '2026-11-02', end: '2026-11-08' };
    expect(LEDGER_DESCRIPTIONS.reward('GCM', week)).toBe('GCM reward for weekly report 2026-11-02 to 2026-11-08');
    expect(LEDGER_DESCRIPTIONS.reward('USDT', week, true)).toBe('USDT reward for weekly report 2026-11-02 to 2026-11-08 (approved on appeal)');
    expect(LEDGER_DESCRIPTIONS.withdrawal('0xabc')).toBe('USDT withdrawal to 0xabc');
    expect(LEDGER_DESCRIPTIONS.prize(2, '2026-10')).toBe('2nd place prize, October 2026');
    expect(LEDGER_DESCRIPTIONS.lottery('2026-01')).toBe('Lottery win, January 2026');
    expect(LEDGER_DESCRIPTIONS.task('Join the Telegram group')).toBe('Task: Join the Telegram group');
  });

  it('are read back to their kind and values, and any other text is not', () => {
    const week = { start: '2026-11-02', end: '2026-11-08' };
    expect(readLedgerDescription(LEDGER_DESCRIPTIONS.reward('USDT', week, true))).toEqual({ kind: 'reward', currency: 'USDT', week, onAppeal: true });
    expect(readLedgerDescription(LEDGER_DESCRIPTIONS.reward('GCM', week))).toEqual({ kind: 'reward', currency: 'GCM', week, onAppeal: false });
    expect(readLedgerDescription(LEDGER_DESCRIPTIONS.withdrawal('0x52908400098527886E0F7030069857D2E4169EE7'))).toEqual({
      kind: 'withdrawal',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    for (const rank of [1, 2, 3, 4, 11, 12, 13, 21, 22, 101]) {
      for (const month of ['2026-01', '2026-12', '2027-05']) {
        expect(readLedgerDescription(LEDGER_DESCRIPTIONS.prize(rank, month))).toEqual({ kind: 'prize', rank, month });
        expect(readLedgerDescription(LEDGER_DESCRIPTIONS.lottery(month))).toEqual({ kind: 'lottery', month });
      }
    }
    expect(readLedgerDescription(LEDGER_DESCRIPTIONS.task('Post about: the match'))).toEqual({ kind: 'task', title: 'Post about: the match' });
    for (const other of ['', 'Manual correction', 'Lottery win, Octember 2026', '1st place prize, soon', 'GCM reward for weekly report soon'])
      expect(readLedgerDescription(other), other).toBeNull();
  });
});
