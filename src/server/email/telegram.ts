/**
 * The Telegram bot's words (DECISIONS §7, Telegram and Discord; ADR 032), from the `email` catalog
 * like the emails and notifications, in the reader's saved language. Every message is Telegram
 * HTML: each text, ours or a person's, is escaped (features/telegram/html.ts); the only markup is
 * the bold and the links written here. A personal notification reuses the notification's own
 * title and body, already in its reader's language.
 */
import { BADGE_TIERS, badgeTier, type BadgeLevel } from '../../shared/badges.ts';
import { gcmIn, placeIn, utcTimeIn } from '../../shared/localized-format.ts';
import { monthIn } from '../../shared/localized-figures.ts';
import { emailI18n } from '../i18n.ts';
import { bold, clip, escapeHtml, link } from '../features/telegram/html.ts';

type Lang = string | null | undefined;

/** The longest a person's text (a name, a team's note) runs in a message before it is cut. */
const PERSON_TEXT_MAX = 1_000;

function badgeName(level: BadgeLevel, locale: Lang): string {
  const i18n = emailI18n(locale);
  switch (level) {
    case 'normal':
      return i18n._('Normal');
    case 'bronze':
      return i18n._('Bronze');
    case 'silver':
      return i18n._('Silver');
    case 'gold':
      return i18n._('Gold');
  }
}

const gcm = (amount: string, locale: Lang) => gcmIn(amount, locale);

/** A notification as a chat message: its title in bold, its body, a link to its page. */
export function telegramNotificationText(told: { title: string; body: string; link: string | null }, appUrl: string, locale: Lang): string {
  const i18n = emailI18n(locale);
  const lines = [bold(clip(told.title, PERSON_TEXT_MAX)), escapeHtml(clip(told.body, 3 * PERSON_TEXT_MAX))];
  if (told.link) lines.push('', link(`${appUrl}${told.link}`, i18n._('Open in the app')));
  return lines.join('\n');
}

/** /start: what the bot does; for a chat not linked yet, how to link it. */
export function startReply(s: { linkedName: string | null; profileUrl: string }, locale: Lang): string {
  const i18n = emailI18n(locale);
  const intro = i18n._(
    'This bot sends you the decisions on your reports and withdrawals, your payouts, prizes and appeals, and answers /rank with your place this month.',
  );
  if (s.linkedName) {
    return [
      bold(i18n._('Hello {name}!', { name: clip(s.linkedName, 200) })),
      escapeHtml(intro),
      escapeHtml(i18n._('You can turn these messages off on your profile.')),
      link(s.profileUrl, i18n._('Open your profile')),
    ].join('\n');
  }
  return [
    bold(i18n._('Welcome!')),
    escapeHtml(intro),
    escapeHtml(i18n._('This Telegram account is not linked to an ambassador yet: sign in, open your profile and link Telegram under Linked accounts.')),
    link(s.profileUrl, i18n._('Open your profile')),
  ].join('\n');
}

/** /rank from a chat that is not linked: nobody's figures, only how to link. */
export function notLinkedReply(profileUrl: string, locale: Lang): string {
  const i18n = emailI18n(locale);
  return [
    escapeHtml(i18n._('This Telegram account is not linked to an ambassador yet: sign in, open your profile and link Telegram under Linked accounts.')),
    link(profileUrl, i18n._('Open your profile')),
  ].join('\n');
}

/** /rank: this month's place, GCM, badge, and what the next badge needs. */
export function rankReply(
  r: {
    month: string;
    place: number | null;
    monthlyGcm: string;
    badge: BadgeLevel;
    next: { badge: BadgeLevel; needsGcm: string } | null;
    leaderboardUrl: string;
  },
  locale: Lang,
): string {
  const i18n = emailI18n(locale);
  const label = monthIn(r.month, locale);
  const lines = [
    bold(label),
    escapeHtml(
      r.place === null
        ? i18n._('You have no place on the leaderboard yet: earn GCM this month to get one.')
        : i18n._('Your place this month: {place}', { place: placeIn(r.place, locale) }),
    ),
    escapeHtml(i18n._('GCM this month: {amount}', { amount: gcm(r.monthlyGcm, locale) })),
    escapeHtml(i18n._('Badge: {badge}', { badge: badgeName(r.badge, locale) })),
    escapeHtml(
      r.next
        ? i18n._('{amount} GCM more this month for {badge}.', { amount: gcm(r.next.needsGcm, locale), badge: badgeName(r.next.badge, locale) })
        : i18n._('You have the highest badge.'),
    ),
    link(r.leaderboardUrl, i18n._('See the leaderboard')),
  ];
  return lines.join('\n');
}

/** A command the bot does not know. */
export function helpReply(locale: Lang): string {
  const i18n = emailI18n(locale);
  return escapeHtml(i18n._('Send /rank for your place this month, or /start to see what this bot does.'));
}

/** The badge after `level` in the one table (shared/badges.ts), and its threshold; null at the top. */
export function nextBadge(level: BadgeLevel): { level: BadgeLevel; minMonthlyGcm: number } | null {
  const index = BADGE_TIERS.indexOf(badgeTier(level));
  const next = BADGE_TIERS[index + 1];
  return next ? { level: next.level, minMonthlyGcm: next.minMonthlyGcm } : null;
}

/** The channel, when a month freezes: how many entered, and the beacon round that will draw the lottery. */
export function frozenPost(f: { month: string; entrantCount: number; beaconRound: number; beaconAt: string; hallUrl: string }, locale: Lang = null): string {
  const i18n = emailI18n(locale);
  return [
    bold(i18n._('{label} is frozen', { label: monthIn(f.month, locale) })),
    escapeHtml(i18n._('{count} ambassadors entered the lottery.', { count: f.entrantCount })),
    escapeHtml(i18n._('It will be drawn from drand round {round} at {at}.', { round: f.beaconRound, at: utcTimeIn(f.beaconAt, locale) })),
    link(f.hallUrl, i18n._('Hall of Fame')),
  ].join('\n');
}

/** The channel, when a month closes: the champions, the lottery winners, and the link to verify the draw. */
export function closedPost(
  c: { month: string; champions: { rank: number; fullName: string }[]; winners: { position: number; fullName: string }[]; verifyUrl: string },
  locale: Lang = null,
): string {
  const i18n = emailI18n(locale);
  const lines = [bold(i18n._('{label} is closed', { label: monthIn(c.month, locale) }))];
  if (c.champions.length) {
    lines.push('', bold(i18n._('Champions')));
    for (const champion of c.champions) lines.push(`${champion.rank}. ${escapeHtml(clip(champion.fullName, 200))}`);
  }
  if (c.winners.length) {
    lines.push('', bold(i18n._('Lottery winners')));
    for (const winner of c.winners) lines.push(`${winner.position}. ${escapeHtml(clip(winner.fullName, 200))}`);
  }
  lines.push('', link(c.verifyUrl, i18n._('Verify this draw')));
  return lines.join('\n');
}
