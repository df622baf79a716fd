/**
 * A ledger entry's description (spec §2), written once, in English, when the entry is made: the
 * ledger is a record, and the exports and the activity log keep its words. Beside the words the
 * entry keeps what they say as data, its kind and values (DECISIONS §7), so that the wallet page
 * says the same in the reader's language without reading the English back.
 */
import { ordinal, seasonLabel } from './seasons.ts';

export const LEDGER_KINDS = ['reward', 'withdrawal', 'prize', 'lottery', 'task', 'referral'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A description with what it says: `values` by name, all text (dates YYYY-MM-DD, months YYYY-MM). */
export interface LedgerText {
  description: string;
  descriptionKind: LedgerKind;
  descriptionValues: Record<string, string>;
}

const said = (descriptionKind: LedgerKind, description: string, descriptionValues: Record<string, string>): LedgerText => ({
  description,
  descriptionKind,
  descriptionValues,
});

export const LEDGER_DESCRIPTIONS = {
  /** An approved report's award in one currency; `onAppeal` when an appeal overturned its rejection. */
  reward: (currency: 'GCM' | 'USDT', week: { start: string; end: string }, onAppeal = false) =>
    said('reward', `${currency} reward for weekly report ${week.start} to ${week.end}${onAppeal ? ' (approved on appeal)' : ''}`, {
      currency,
      start: week.start,
      end: week.end,
      ...(onAppeal ? { onAppeal: 'true' } : {}),
    }),
  withdrawal: (address: string) => said('withdrawal', `USDT withdrawal to ${address}`, { address }),
  prize: (rank: number, month: string) => said('prize', `${ordinal(rank)} place prize, ${seasonLabel(month)}`, { rank: String(rank), month }),
  lottery: (month: string) => said('lottery', `Lottery win, ${seasonLabel(month)}`, { month }),
  /** A task credited (DECISIONS §7, Tasks). */
  task: (title: string) => said('task', `Task: ${title}`, { title }),
  /** A referee qualified (DECISIONS §7, Referrals): the referee's name. */
  referral: (name: string) => said('referral', `Referral: ${name}`, { name }),
};
