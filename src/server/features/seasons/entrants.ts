/**
 * Telling a month's champions and entrants at the freeze (DECISIONS §5, protocol 2 step 2): one
 * notification each and, unless they turned decision emails off, one email with the list hash and
 * the drand round. Written in the freeze's transaction in multi-row statements, since a month may
 * have tens of thousands of entrants.
 */
import { drawEnteredNotification } from '../../email/notifications.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { ambassadors, emailOutbox, notifications, seasonEntrants, users, type SeasonChampion } from '../../db/schema.ts';
import { drawEntryEmail, withUnsubscribe } from '../../email/templates.ts';
import { monthIn, placeIn } from '../../../shared/localized-format.ts';
import type { Mutation } from '../../mutation.ts';
import { unsubscribePageUrl, unsubscribeUrl } from '../notifications/index.ts';

const CHUNK = 1_000;

interface Person {
  ambassadorId: string;
  userId: string;
  email: string;
  fullName: string;
  emailNotifications: boolean;
  locale: string | null;
}

export async function tellDrawEntrants(
  m: Mutation,
  draw: { month: string; listHash: string; beaconRound: number; beaconAt: Date; champions: SeasonChampion[] },
): Promise<void> {
  const at = draw.beaconAt.toISOString();
  // Who is told, and how: the account's address, its email setting and its language.
  const person = {
    ambassadorId: ambassadors.id,
    userId: ambassadors.userId,
    email: users.email,
    fullName: ambassadors.fullName,
    emailNotifications: users.emailNotifications,
    locale: users.locale,
  };
  const people = await m.tx
    .select(person)
    .from(seasonEntrants)
    .innerJoin(ambassadors, eq(ambassadors.id, seasonEntrants.ambassadorId))
    .innerJoin(users, eq(users.id, ambassadors.userId))
    .where(eq(seasonEntrants.month, draw.month));
  const championIds = draw.champions.map((c) => c.ambassadorId);
  const champions = championIds.length
    ? await m.tx
        .select(person)
        .from(ambassadors)
        .innerJoin(users, eq(users.id, ambassadors.userId))
        .where(and(inArray(ambassadors.id, championIds)))
    : [];
  const ranks = new Map(draw.champions.map((c) => [c.ambassadorId, c.rank]));
  const appUrl = m.ctx.config.appUrl;
  // One notification per place and language (in the person's saved language), made once each; the
  // email greets each person by name.
  const written = new Map<string, ReturnType<typeof drawEnteredNotification>>();
  const notificationOf = (rank: number | null, locale: string | null) => {
    const key = `${rank ?? ''}|${locale ?? ''}`;
    let found = written.get(key);
    if (!found) written.set(key, (found = drawEnteredNotification({ month: draw.month, rank, listHash: draw.listHash, round: draw.beaconRound, at }, locale)));
    return found;
  };
  const emailOf = (person: Person & { rank: number | null }) =>
    drawEntryEmail({
      name: person.fullName,
      label: monthIn(draw.month, person.locale),
      listHash: draw.listHash,
      round: draw.beaconRound,
      at,
      appUrl,
      place: person.rank === null ? null : placeIn(person.rank, person.locale),
      locale: person.locale,
    });
  const all: (Person & { rank: number | null })[] = [
    ...champions.map((p) => ({ ...p, rank: ranks.get(p.ambassadorId) ?? null })),
    ...people.map((p) => ({ ...p, rank: null })),
  ];
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    await m.tx
      .insert(notifications)
      .values(chunk.map((person) => ({ userId: person.userId, ...notificationOf(person.rank, person.locale), createdAt: m.now })));
    // Their bells ring on their open pages.
    m.concerns(chunk.map((person) => person.userId));
    const emails = chunk
      .filter((person) => person.emailNotifications)
      .map((person) => {
        const link = unsubscribeUrl(appUrl, m.ctx.config.sessionSecret, person.userId);
        // The body links the page (it asks before it unsubscribes); the header carries the one-click address.
        const content = withUnsubscribe(emailOf(person), unsubscribePageUrl(appUrl, m.ctx.config.sessionSecret, person.userId), person.locale);
        return {
          recipient: person.email,
          subject: content.subject,
          textBody: content.text,
          htmlBody: content.html,
          headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          nextAttemptAt: m.now,
          createdAt: m.now,
        };
      });
    if (emails.length) await m.tx.insert(emailOutbox).values(emails);
  }
  if (all.length) m.afterCommit(() => m.ctx.outbox.kick());
}
