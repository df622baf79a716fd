/**
 * The in-app notifications' words (DECISIONS §6, Languages), written like the email that goes with
 * each, in the recipient's saved language, from the same `email` catalog: a notification is stored
 * as it was written, so it is written in its reader's language. English keeps the texts the product
 * has always stored, figures as the server holds them ("12.50 USDT", "2026-11-02 to 2026-11-08").
 */
import type { I18n } from '@lingui/core';
import { formatWeek } from '../../shared/format.ts';
import { other } from '../../shared/localized-figures.ts';
import { gcmIn, monthIn, placeIn, usdtFigureIn, usdtIn, weekIn } from '../../shared/localized-format.ts';
import { ordinal } from '../../shared/seasons.ts';
import type { NotificationKind } from '../../shared/schemas/notifications.ts';
import { emailI18n } from '../i18n.ts';
import { decisionReasonLines, type AppealSubject, type DecisionReason } from './templates.ts';

type Lang = string | null | undefined;

export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
}

/** USDT in a sentence that names the unit after it: "12.50" (as stored) in English, "12,50" in Spanish. */
function usdtFigure(amount: string, locale: Lang): string {
  return other(locale) ? usdtFigureIn(amount, locale) : amount;
}

/** USDT with its unit: "12.50 USDT" in English, "12,50 USDT" in Spanish. */
function usdtWords(amount: string, locale: Lang): string {
  return other(locale) ? usdtIn(amount, locale) : `${amount} USDT`;
}

function gcmFigure(amount: string, locale: Lang): string {
  return other(locale) ? gcmIn(amount, locale) : amount;
}

/** A report's week: "2026-11-02 to 2026-11-08" in English, "2 nov - 8 nov 2026" in Spanish. */
function reportWeek(week: { start: string; end: string }, locale: Lang): string {
  return other(locale) ? weekIn(week.start, week.end, locale) : `${week.start} to ${week.end}`;
}

export function passwordChangedNotification(locale: Lang): NotificationContent {
  const i18n = emailI18n(locale);
  return { kind: 'password_changed', title: i18n._('Your password was changed'), body: i18n._('Your other sessions were signed out.'), link: null };
}

export function walletChangedNotification(change: { address: string | null; holdHours: number }, locale: Lang): NotificationContent {
  const i18n = emailI18n(locale);
  const what = change.address ? i18n._('New USDT address: {address}.', { address: change.address }) : i18n._('Your USDT address was removed.');
  return {
    kind: 'wallet_changed',
    title: i18n._('Your payout address was changed'),
    body: `${what} ${i18n._('Withdrawals are paused for {hours} hours.', { hours: change.holdHours })}`,
    link: '/wallet',
  };
}

export function suspendedNotification(s: { suspending: boolean; reason: DecisionReason; appUrl: string }, locale: Lang): NotificationContent {
  const i18n = emailI18n(locale);
  return {
    kind: 'ambassador_suspended',
    title: s.suspending ? i18n._('Your ambassador account was suspended') : i18n._('The reason for your suspension was updated'),
    body: [i18n._('Reports and withdrawals are paused while it lasts.'), ...decisionReasonLines(s.reason, s.appUrl, locale)].join(' '),
    link: '/dashboard',
  };
}

/** A month's prize (its place) or lottery win (rank null), credited at the close. */
export function prizeWonNotification(win: { month: string; rank: number | null; amountUsdt: string }, locale: Lang): NotificationContent {
  const i18n = emailI18n(locale);
  const label = monthIn(win.month, locale);
  return {
    kind: 'prize_won',
    title:
      win.rank === null
        ? i18n._('You won the {label} lottery', { label })
        : i18n._('You won {place} place in {label}', { place: placeIn(win.rank, locale), label }),
    body: i18n._('{amount} USDT has been credited to your wallet.', { amount: usdtFigure(win.amountUsdt, locale) }),
    link: '/wallet',
  };
}

/** At a month's freeze, to each champion (their place) and entrant (rank null). */
export function drawEnteredNotification(
  draw: { month: string; rank: number | null; listHash: string; round: number; at: string },
  locale: Lang,
): NotificationContent {
  const i18n = emailI18n(locale);
  const label = monthIn(draw.month, locale);
  const place = draw.rank === null ? null : other(locale) ? placeIn(draw.rank, locale) : ordinal(draw.rank);
  return {
    kind: 'draw_entered',
    title: place ? i18n._('You finished {place} in {label}', { place, label }) : i18n._("You are in {label}'s draw", { label }),
    body: i18n._('List hash {listHash}, drawn from drand round {round} at {at}.', { listHash: draw.listHash, round: draw.round, at: draw.at }),
    link: `/hall-of-fame?month=${draw.month}`,
  };
}

export function withdrawalPaidNotification(paid: { amount: string; address: string; txUrl: string }, locale: Lang): NotificationContent {
  const i18n = emailI18n(locale);
  return {
    kind: 'withdrawal_paid',
    title: i18n._('Withdrawal of {amount} USDT paid', { amount: usdtFigure(paid.amount, locale) }),
    body: i18n._('Paid to {address}. Transaction: {url}', { address: paid.address, url: paid.txUrl }),
    link: '/wallet',
  };
}

/** Approved (to be paid to the address, with the team's note) or rejected (its reason, and the amount back). */
export function withdrawalDecidedNotification(
  d: { amount: string; address: string; notes: string | null; reason?: DecisionReason; appUrl: string },
  locale: Lang,
): NotificationContent {
  const i18n = emailI18n(locale);
  const amount = usdtFigure(d.amount, locale);
  if (d.reason)
    return {
      kind: 'withdrawal_rejected',
      title: i18n._('Withdrawal of {amount} USDT rejected', { amount }),
      body: [i18n._('The amount is available in your wallet again.'), ...decisionReasonLines(d.reason, d.appUrl, locale)].join(' '),
      link: '/wallet',
    };
  const note = d.notes ? ` ${i18n._('Note from the team: {notes}', { notes: d.notes })}` : '';
  return {
    kind: 'withdrawal_approved',
    title: i18n._('Withdrawal of {amount} USDT approved', { amount }),
    body: `${i18n._('It will be paid to {address} soon.', { address: d.address })}${note}`,
    link: '/wallet',
  };
}

/** Approved (its awards and the team's feedback) or rejected (its reason). */
export function reportReviewedNotification(
  r: { reportId: string; week: { start: string; end: string }; gcm: string; usdt: string; feedback: string | null; reason?: DecisionReason; appUrl: string },
  locale: Lang,
): NotificationContent {
  const i18n = emailI18n(locale);
  const week = reportWeek(r.week, locale);
  const link = `/reports?id=${r.reportId}`;
  if (r.reason)
    return {
      kind: 'report_rejected',
      title: i18n._('Your weekly report was not approved'),
      body: [i18n._('{week}: no rewards this time.', { week }), ...decisionReasonLines(r.reason, r.appUrl, locale)].join(' '),
      link,
    };
  const feedback = r.feedback ? ` ${i18n._('Feedback from the team: {feedback}', { feedback: r.feedback })}` : '';
  return {
    kind: 'report_approved',
    title: i18n._('Your weekly report was approved'),
    body: `${i18n._('{week}: {gcm} GCM and {usdt} USDT credited.', { week, gcm: gcmFigure(r.gcm, locale), usdt: usdtFigure(r.usdt, locale) })}${feedback}`,
    link,
  };
}

/**
 * A referral of the ambassador's (issue 44): credited under the month's rule (its rewards), held for
 * an admin to look at (the Referrals page says which flag), or refused by an admin (its reason).
 */
export function referralNotification(
  r: { referee: string; outcome: 'credited' | 'held' | 'refused'; gcm?: string; usdt?: string; reason?: DecisionReason; appUrl: string },
  locale: Lang,
): NotificationContent {
  const i18n = emailI18n(locale);
  const link = '/referrals';
  if (r.outcome === 'credited')
    return {
      kind: 'referral_credited',
      title: i18n._('Your referral of {name} was credited', { name: r.referee }),
      body: i18n._('{gcm} GCM and {usdt} USDT credited.', { gcm: gcmFigure(r.gcm ?? '0', locale), usdt: usdtFigure(r.usdt ?? '0', locale) }),
      link,
    };
  if (r.outcome === 'held')
    return {
      kind: 'referral_held',
      title: i18n._('Your referral of {name} is on hold', { name: r.referee }),
      body: i18n._('An admin will look at it before it is credited. Your Referrals page says why it was held.'),
      link,
    };
  return {
    kind: 'referral_refused',
    title: i18n._('Your referral of {name} was not credited', { name: r.referee }),
    body: [i18n._('An admin refused it after a look.'), ...(r.reason ? decisionReasonLines(r.reason, r.appUrl, locale) : [])].join(' '),
    link,
  };
}

/** The decision an appeal was about, in words ("your weekly report for Nov 2 - Nov 8, 2026"). */
function subjectWords(i18n: I18n, about: AppealSubject, locale: Lang): string {
  if (about.kind === 'report') {
    if (!about.week) return i18n._('your weekly report');
    const week = other(locale) ? weekIn(about.week.start, about.week.end, locale) : formatWeek(about.week.start, about.week.end);
    return i18n._('your weekly report for {week}', { week });
  }
  if (about.kind === 'task') return about.title ? i18n._('your claim of the task “{title}”', { title: about.title }) : i18n._('your task claim');
  return about.amount ? i18n._('your withdrawal of {amount}', { amount: usdtWords(about.amount, locale) }) : i18n._('your withdrawal');
}

/** An appeal decided: overturned (what it means now, and the note) or upheld (why). */
export function appealDecidedNotification(
  a: { about: AppealSubject; overturned: boolean; facts: string | null; link: string },
  locale: Lang,
): NotificationContent {
  const i18n = emailI18n(locale);
  const subject = subjectWords(i18n, a.about, locale);
  if (a.overturned) {
    const outcome =
      a.about.kind === 'report' || a.about.kind === 'task'
        ? ` ${i18n._('It is approved: {gcm} GCM and {usdt} credited.', {
            gcm: gcmFigure(a.about.awards?.gcm ?? '0.00', locale),
            usdt: usdtWords(a.about.awards?.usdt ?? '0.00', locale),
          })}`
        : ` ${i18n._('It is pending again and waits for an admin’s decision; the amount is held for it.')}`;
    const note = a.facts ? ` ${i18n._('Note: {facts}', { facts: a.facts })}` : '';
    return {
      kind: 'appeal_overturned',
      title: i18n._('Your appeal was accepted'),
      body: `${i18n._('The decision on {subject} was overturned.', { subject })}${outcome}${note}`,
      link: a.link,
    };
  }
  const why = a.facts ? ` ${i18n._('Why: {facts}', { facts: a.facts })}` : '';
  return {
    kind: 'appeal_upheld',
    title: i18n._('Your appeal was reviewed: the decision stands'),
    body: `${i18n._('Another admin reviewed your appeal about {subject}; the decision stands.', { subject })}${why}`,
    link: a.link,
  };
}
