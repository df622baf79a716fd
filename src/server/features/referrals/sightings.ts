/**
 * Where an ambassador signs in from (their browser's device id and their network, both as HMACs),
 * kept for the referral holds: a referee who applies, or signs in, from a browser or network the
 * referrer signed in from is held (DECISIONS §7, Referrals).
 *
 * A sign-in records it inside the statement that starts its session (auth/service.ts startSession,
 * ADR 026: a sign-in is two statements), as a CTE that writes whether or not the statement reads it.
 * Its placeholders: `userId`, `now`, `mfaPending` (a half session records nothing: the second
 * factor's step does), `seenDevice` and `seenNetwork` (the two HMACs, or null when not known).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ambassadorSightings, ambassadors } from '../../db/schema.ts';
import { deviceHash, networkHash } from '../abuse/index.ts';
import type { AppContext } from '../../context.ts';

export interface Sighting {
  device: string;
  network: string;
}

/** The two HMACs a sign-in from this browser and address leaves. */
export function sightingOf(ctx: AppContext, deviceId: string, address: string): Sighting {
  const secret = ctx.config.sessionSecret;
  return { device: deviceHash(secret, deviceId), network: networkHash(secret, address) };
}

/** The sighting's upsert as a CTE (see the module's comment for its placeholders). */
export function sightingCte(db: Db) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return db.$with('seen', { kind: sql<string>`kind` }).as(
    sql`insert into ${ambassadorSightings} (ambassador_id, kind, hash, last_seen_at)
      select a.id, v.kind, v.hash, ${now}
        from ${ambassadors} a
        cross join (values ('device', ${sql.placeholder('seenDevice')}::text), ('network', ${sql.placeholder('seenNetwork')}::text)) as v(kind, hash)
       where a.user_id = ${sql.placeholder('userId')}::uuid and v.hash is not null and not ${sql.placeholder('mfaPending')}::boolean
      on conflict (ambassador_id, kind, hash) do update set last_seen_at = excluded.last_seen_at
      returning kind`,
  );
}

/** The same upsert in a transaction of its own making (a sign-in that replaces a session, the second factor's step). */
export async function recordSighting(tx: Db, userId: string, seen: Sighting, now: Date): Promise<void> {
  await tx.execute(sql`insert into ${ambassadorSightings} (ambassador_id, kind, hash, last_seen_at)
      select a.id, v.kind, v.hash, ${now.toISOString()}::timestamptz
        from ${ambassadors} a
        cross join (values ('device', ${seen.device}::text), ('network', ${seen.network}::text)) as v(kind, hash)
       where a.user_id = ${userId}::uuid
      on conflict (ambassador_id, kind, hash) do update set last_seen_at = excluded.last_seen_at`);
}
