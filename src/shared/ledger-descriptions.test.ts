import { describe, expect, it } from 'vitest';
import { LEDGER_DESCRIPTIONS } from './ledger-descriptions.ts';

describe('ledger descriptions', () => {
  it('are the words the ledger has always stored, with what they say as data', () => {
    const week = { start: '2026-11-02', end: '2026-11-08' };
    expect(LEDGER_DESCRIPTIONS.reward('GCM', week)).toEqual({
      description: 'GCM reward for weekly report 2026-11-02 to 2026-11-08',
      descriptionKind: 'reward',
      descriptionValues: { currency: 'GCM', start: '2026-11-02', end: '2026-11-08' },
    });
    expect(LEDGER_DESCRIPTIONS.reward('USDT', week, true)).toEqual({
      description: 'USDT reward for weekly report 2026-11-02 to 2026-11-08 (approved on appeal)',
      descriptionKind: 'reward',
      descriptionValues: { currency: 'USDT', start: '2026-11-02', end: '2026-11-08', onAppeal: 'true' },
    });
    expect(LEDGER_DESCRIPTIONS.withdrawal('0xabc')).toEqual({ description: 'USDT withdrawal to 0xabc', descriptionKind: 'withdrawal', descriptionValues: { address: '0xabc' } });
    expect(LEDGER_DESCRIPTIONS.prize(2, '2026-10')).toEqual({
      description: '2nd place prize, October 2026',
      descriptionKind: 'prize',
      descriptionValues: { rank: '2', month: '2026-10' },
    });
    expect(LEDGER_DESCRIPTIONS.lottery('2026-01')).toEqual({ description: 'Lottery win, January 2026', descriptionKind: 'lottery', descriptionValues: { month: '2026-01' } });
    expect(LEDGER_DESCRIPTIONS.task('Join the Telegram group')).toEqual({
      description: 'Task: Join the Telegram group',
      descriptionKind: 'task',
      descriptionValues: { title: 'Join the Telegram group' },
    });
    expect(LEDGER_DESCRIPTIONS.referral('Ana')).toEqual({ description: 'Referral: Ana', descriptionKind: 'referral', descriptionValues: { name: 'Ana' } });
  });
});
