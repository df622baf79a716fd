/**
 * A ledger entry's description (spec §2), written once, in English, when the entry is made: the
 * ledger is a record, and the exports and the activity log keep its words. Its kinds and values are
 * read back from those words (`readLedgerDescription`) so that the wallet page can say the same in
 * the reader's language (DECISIONS §6, Languages). Both sides use this one module: a new wording
 * here is read back by the same patterns.
 */
import { ordinal, seasonLabel } from './seasons.ts';

export const LEDGER_DESCRIPTIONS = {
  /** An approved report's award in one currency; `onAppeal` when an appeal overturned its rejection. */
  reward: (currency: 'GCM' | 'USDT', week: { start: string; end: string }, onAppeal = false) =>
    `${currency} reward for weekly report ${week.start} to ${week.end}${onAppeal ? ' (approved on appeal)' : ''}`,
  withdrawal: (address: string) => `USDT withdrawal to ${address}`,
  prize: (rank: number, month: string) => `${ordinal(rank)} place prize, ${seasonLabel(month)}`,
  lottery: (month: string) => `Lottery win, ${seasonLabel(month)}`,
  /** A task credited (DECISIONS §7, Tasks). */
  task: (title: string) => `Task: ${title}`,
  /** A referee qualified (DECISIONS §7, Referrals): the referee's name. */
  referral: (name: string) => `Referral: ${name}`,
};

export type LedgerDescription =
  | { kind: 'reward'; currency: 'GCM' | 'USDT'; week: { start: string; end: string }; onAppeal: boolean }
  | { kind: 'withdrawal'; address: string }
  | { kind: 'prize'; rank: number; month: string }
  | { kind: 'lottery'; month: string }
  | { kind: 'task'; title: string }
  | { kind: 'referral'; name: string };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "October 2026" (seasonLabel's words) as 2026-10. */
function monthOf(label: string): string | null {
  const match = /^([A-Z][a-z]+) (\d{4})$/.exec(label);
  const index = match ? MONTHS.indexOf(match[1] ?? '') : -1;
  return match && index >= 0 ? `${match[2]}-${String(index + 1).padStart(2, '0')}` : null;
}

/** What a description written by LEDGER_DESCRIPTIONS says, or null for any other text (it is then shown as it is). */
export function readLedgerDescription(text: string): LedgerDescription | null {
  let match = /^(GCM|USDT) reward for weekly report (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})( \(approved on appeal\))?$/.exec(text);
  if (match) return { kind: 'reward', currency: match[1] as 'GCM' | 'USDT', week: { start: match[2] ?? '', end: match[3] ?? '' }, onAppeal: Boolean(match[4]) };
  match = /^USDT withdrawal to (\S+)$/.exec(text);
  if (match) return { kind: 'withdrawal', address: match[1] ?? '' };
  match = /^(\d+)(?:st|nd|rd|th) place prize, (.+)$/.exec(text);
  const prizeMonth = match ? monthOf(match[2] ?? '') : null;
  if (match && prizeMonth) return { kind: 'prize', rank: Number(match[1]), month: prizeMonth };
  match = /^Lottery win, (.+)$/.exec(text);
  const lotteryMonth = match ? monthOf(match[1] ?? '') : null;
  if (lotteryMonth) return { kind: 'lottery', month: lotteryMonth };
  match = /^Task: (.+)$/s.exec(text);
  if (match) return { kind: 'task', title: match[1] ?? '' };
  match = /^Referral: (.+)$/s.exec(text);
  if (match) return { kind: 'referral', name: match[1] ?? '' };
  return null;
}
