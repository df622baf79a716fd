import { suspendedNotification } from '../../email/notifications.ts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { and, count, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions.ts';
import type { z } from 'zod';
import type { TAmbassadorAdminUpdate, ZAmbassadorSelfUpdate, TOwnAmbassador } from '../../../shared/schemas/ambassadors.ts';
import type { TListQuery } from '../../../shared/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { boundedCount, cursorColumns, listPage, paged, type SortKey, type Total } from '../../db/paging.ts';
import { ambassadors, programmeTotals, users } from '../../db/schema.ts';
import { utcDay } from '../../clock.ts';
import { ambassadorSearch } from '../../db/search.ts';
import { notFound } from '../../errors.ts';
import { issueSetupToken } from '../auth/index.ts';
import { withTransaction, type Changes } from '../../mutation.ts';
import { effectiveMonthly, positionOf, lockAmbassador } from '../ledger/index.ts';
import { isUuid } from '../ids.ts';
import { ownFiguresOf, type OwnFigures } from './own-figures.ts';
import { exchangeHoldUntil, recordUsdtAddress, withdrawalsPausedUntil } from '../wallet/index.ts';
import { asFlags, countLimit, flaggedFilter, flagsColumn } from '../abuse/index.ts';
import { presentAmbassador } from './present.ts';
import { tellAmbassador } from '../notifications/index.ts';
import { dropWaitingFor } from '../telegram/index.ts';
import { queueRolePush } from '../discord-roles/index.ts';
import { asReasonCode, assertReasonFits } from '../decisions/index.ts';
import { ambassadorSuspendedEmail } from '../../email/templates.ts';

type AmbassadorRow = typeof ambassadors.$inferSelect;

export const AMBASSADOR_NOT_FOUND = 'Ambassador profile not found';

export async function ownAmbassadorView(ctx: AppContext, row: AmbassadorRow, read?: OwnFigures): Promise<TOwnAmbassador> {
  const now = ctx.clock.now();
  // The figures came with the session on the dashboard's route (no round trip of their own).
  const [figures, exchangeHold] = await Promise.all([read ?? ownFiguresOf(ctx.db, row, utcDay(now)), exchangeHoldUntil(ctx.db, ctx.config, row, now)]);
  const position = positionOf(row.totalUsdtEarned, figures.pendingUsdt, figures.approvedUsdt);
  // Paused by a change of address, or by the exchange hold of a first withdrawal: the later of the two.
  const paused = [withdrawalsPausedUntil(ctx.config, row, now), exchangeHold].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    ...presentAmbassador(row, ctx.clock.now()),
    withdrawableUsdt: position.withdrawableUsdt,
    pendingWithdrawalUsdt: position.pendingWithdrawalUsdt,
    withdrawnUsdt: position.withdrawnUsdt,
    usdtBalance: position.usdtBalance,
    reportCount: figures.reportCount,
    wins: figures.wins,
    emailNotifications: figures.emailNotifications,
    notifyTelegram: figures.notifyTelegram,
    telegramBot: Boolean(ctx.config.providers.telegramBotToken),
    withdrawalsPausedUntil: paused?.toISOString() ?? null,
    exchangeHoldUntil: exchangeHold?.toISOString() ?? null,
    exchangeHoldHours: ctx.config.payouts.exchangeHoldHours,
    walletProofRequired: ctx.config.payouts.walletProof === 'required',
    nextReportAt: figures.reportedToday ? `${utcDay(new Date(now.getTime() + 86_400_000))}T00:00:00.000Z` : null,
    today: utcDay(now),
  };
}

/** The fields an ambassador may change are exactly those the schema lets through; unset ones stay as they are. */
export async function updateOwnAmbassador(
  ctx: AppContext,
  actor: SessionUser,
  row: AmbassadorRow,
  changes: z.output<typeof ZAmbassadorSelfUpdate>,
): Promise<AmbassadorRow> {
  const { emailNotifications, notifyTelegram, ...fields } = changes;
  return withTransaction(ctx, actor, async (m) => {
    if (emailNotifications !== undefined || notifyTelegram !== undefined)
      await m.tx
        .update(users)
        .set({ ...(emailNotifications !== undefined ? { emailNotifications } : {}), ...(notifyTelegram !== undefined ? { notifyTelegram } : {}) })
        .where(eq(users.id, row.userId));
    // Turned off: what waits for their chat is not sent.
    if (notifyTelegram === false) await dropWaitingFor(m.tx, [row.userId]);
    const locked = await lockAmbassador(m.tx, row.id);
    // A new payout address (not the first) is emailed and holds withdrawals (wallet/address.ts).
    const address = fields.usdtWalletAddress === undefined ? { set: {} } : await recordUsdtAddress(m, locked, fields.usdtWalletAddress);
    const updated = await m.tx
      .update(ambassadors)
      .set({ ...fields, ...address.set, updatedAt: m.now })
      .where(eq(ambassadors.id, row.id))
      .returning();
    return updated[0] ?? row;
  });
}

/** Newest first, ties by id: the order of ambassadors_list_idx. */
const LIST_KEYS: SortKey[] = [
  { column: ambassadors.createdAt, direction: 'desc', kind: 'timestamp' },
  { column: ambassadors.id, direction: 'asc', kind: 'uuid' },
];

type AmbassadorListQuery = Pick<TListQuery, 'search'> & { flagged?: boolean | undefined };

/** The admin list of ambassadors (its export reads the same): search, 'Flagged only', newest first. */
export function ambassadorList(ctx: AppContext, query: AmbassadorListQuery) {
  return {
    keys: LIST_KEYS,
    filter: and(ambassadorSearch(query.search), query.flagged ? flaggedFilter('ambassadors') : undefined),
    select: paged(() => ctx.db.select({ row: ambassadors, flags: flagsColumn('ambassadors'), ...cursorColumns(LIST_KEYS) }).from(ambassadors)),
  };
}

/**
 * One page of the admin list: by offset, or after a cursor (keyset paging, as
 * cheap deep as on the first page). The total is the maintained count when
 * unfiltered, a bounded count of the matches otherwise.
 */
export async function listAmbassadors(ctx: AppContext, query: TListQuery & { flagged?: boolean | undefined }) {
  const page = await listPage(query, {
    ...ambassadorList(ctx, query),
    count: (filter) => (filter ? boundedCount(ctx.db, ambassadors, filter, countLimit(query.flagged)) : maintainedAmbassadorCount(ctx.db)),
  });
  const now = ctx.clock.now();
  return { ...page, items: page.rows.map((r) => ({ ...presentAmbassador(r.row, now), flags: asFlags(r.flags) })) };
}

async function maintainedAmbassadorCount(db: Db): Promise<Total> {
  const rows = await db.select({ n: programmeTotals.ambassadorCount }).from(programmeTotals).where(eq(programmeTotals.id, 'global'));
  return { total: rows[0]?.n ?? 0, estimated: false };
}

type AdminChanges = Omit<TAmbassadorAdminUpdate, 'badgeLevel'> & { badgeLevel?: string | null | undefined };

export async function adminUpdateAmbassador(ctx: AppContext, actor: SessionUser, id: string, changes: AdminChanges) {
  if (!isUuid(id)) throw notFound('Ambassador not found');
  // The only decision this body carries a reason for is a suspension.
  assertReasonFits('suspension', changes.reasonCode);
  return withTransaction(ctx, actor, async (m) => {
    const { tx, now } = m;
    const rows = await tx.select().from(ambassadors).where(eq(ambassadors.id, id)).for('update');
    const row = rows[0];
    if (!row) throw notFound('Ambassador not found');
    const set: PgUpdateSetSource<typeof ambassadors> = { updatedAt: now };
    const changed: string[] = [];
    const diff: Changes = {};
    if (changes.usdtWalletAddress !== undefined && changes.usdtWalletAddress !== row.usdtWalletAddress) {
      // An admin's change of the payout address holds withdrawals and emails the account, as the ambassador's own does.
      Object.assign(set, (await recordUsdtAddress(m, row, changes.usdtWalletAddress)).set);
      changed.push('usdtWalletAddress');
      diff.usdtWalletAddress = [row.usdtWalletAddress, changes.usdtWalletAddress];
    }
    for (const key of ['twitterHandle', 'instagramHandle', 'telegramHandle', 'facebookHandle', 'youtubeHandle', 'gcmWalletAddress'] as const) {
      const value = changes[key];
      if (value !== undefined && value !== row[key]) {
        set[key] = value;
        changed.push(key);
        diff[key] = [row[key], value];
      }
    }
    const suspending = changes.status === 'suspended' && row.status !== 'suspended';
    if (changes.status !== undefined && changes.status !== row.status) {
      set.status = changes.status;
      // A suspension ends the account's live streams (DECISIONS §6); its next stream hears what it may.
      if (changes.status === 'suspended') m.endStreams(row.userId);
      changed.push(`status=${changes.status}`);
      diff.status = [row.status, changes.status];
    }
    // A suspension's reason and facts (DECISIONS §6): given with it, or changed while it lasts.
    const reasonGiven = changes.reasonCode !== undefined || changes.facts !== undefined;
    if (suspending || (row.status === 'suspended' && changes.status !== 'active' && reasonGiven)) {
      const reasonCode = changes.reasonCode !== undefined ? changes.reasonCode : suspending ? null : asReasonCode(row.suspensionReasonCode);
      const facts = changes.facts !== undefined ? changes.facts : suspending ? null : row.suspensionFacts;
      if (suspending) {
        set.suspendedAt = now;
        set.suspendedBy = actor.id;
        // The abuse flags that had fired on the account, told with the suspension (DECISIONS §6).
        set.suspensionFlags = flagsColumn('ambassadors');
      }
      set.suspensionReasonCode = reasonCode;
      set.suspensionFacts = facts;
      const before = suspending ? null : row.suspensionReasonCode;
      if (reasonCode !== before) diff.reasonCode = [before, reasonCode];
      if (facts !== (suspending ? null : row.suspensionFacts)) diff.facts = [suspending ? null : row.suspensionFacts, facts];
      changed.push(`reason=${reasonCode ?? 'none recorded'}`);
      await tellAmbassador(m, row.id, (person) => ({
        notification: suspendedNotification({ suspending, reason: { code: reasonCode, facts }, appUrl: ctx.config.appUrl }, person.locale),
        email: ambassadorSuspendedEmail({ name: person.fullName, reason: { code: reasonCode, facts }, appUrl: ctx.config.appUrl, locale: person.locale }),
      }));
    }
    if (changes.badgeLevel !== undefined) {
      const before = row.badgePinned ? row.badgeLevel : 'auto';
      if (changes.badgeLevel === null || changes.badgeLevel === 'auto') {
        if (row.badgePinned) {
          set.badgePinned = false;
          set.badgeLevel = effectiveMonthly({ ...row, badgePinned: false }, now).badgeLevel;
          changed.push('badgeLevel=auto');
          diff.badgeLevel = [before, 'auto'];
        }
      } else if (changes.badgeLevel !== row.badgeLevel || !row.badgePinned) {
        set.badgePinned = true;
        set.badgeLevel = changes.badgeLevel as AmbassadorRow['badgeLevel'];
        changed.push(`badgeLevel=${changes.badgeLevel}`);
        diff.badgeLevel = [before, changes.badgeLevel];
      }
    }
    const updated = await tx.update(ambassadors).set(set).where(eq(ambassadors.id, id)).returning();
    m.concerns(row.userId);
    // Discord Linked Roles: a badge that changes is pushed (links/role-connection.ts).
    const result0 = updated[0];
    if (result0 && effectiveMonthly(result0, now).badgeLevel !== effectiveMonthly(row, now).badgeLevel) await queueRolePush(m, id);
    await m.audit('update_ambassador', { type: 'ambassador', id }, `${row.email}: ${changed.length ? changed.join(', ') : 'no changes'}`, diff);
    const result = updated[0] ?? row;
    return presentAmbassador(result, now);
  });
}

export async function resendSetupEmail(ctx: AppContext, actor: SessionUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Ambassador not found');
  await withTransaction(ctx, actor, async (m) => {
    const rows = await m.tx
      .select({ userId: users.id, email: users.email, fullName: ambassadors.fullName })
      .from(ambassadors)
      .innerJoin(users, eq(users.id, ambassadors.userId))
      .where(eq(ambassadors.id, id));
    const row = rows[0];
    if (!row) throw notFound('Ambassador not found');
    await issueSetupToken(m, { userId: row.userId, email: row.email, name: row.fullName, reason: 'reset' });
    await m.audit('send_password_setup_email', { type: 'ambassador', id }, row.email);
  });
}

export const ambassadorCount = (db: Db) =>
  db
    .select({ n: count() })
    .from(ambassadors)
    .then((r) => r[0]?.n ?? 0);
