/**
 * The programme's settings: one row, read often (every report submission, the landing page's prize
 * pool), written rarely by a super admin. Each instance keeps the last read until the public
 * figures' feed moves (a write bumps it after its commit, and NOTIFYs the other instances on
 * PostgreSQL) or SETTINGS_TTL_MS passes.
 */
import { eq } from 'drizzle-orm';
import { formatCents, toCents } from '../../../shared/money.ts';
import { DEFAULT_SETTINGS, type TSettings } from '../../../shared/schemas/settings.ts';
import { ZReferralRule, type TReferralRule } from '../../../shared/schemas/referral-rule.ts';
import { DEFAULT_SERVICE_LEVELS, SERVICE_LEVEL_SUBJECTS, type ServiceLevelSubject, type ServiceLevels } from '../../../shared/service-levels.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { systemSettings } from '../../db/schema.ts';
import { withTransaction, type Changes } from '../../mutation.ts';

export const SETTINGS_TTL_MS = 5_000;

export interface SettingsChange {
  reportSubmissionEnabled?: boolean | undefined;
  prizesUsdt?: string[] | undefined;
  lotteryWinners?: number | undefined;
  lotteryPrizeUsdt?: string | undefined;
  serviceLevels?: Partial<Record<ServiceLevelSubject, number | undefined>> | undefined;
  referral?: TReferralRule | undefined;
}

type Row = typeof systemSettings.$inferSelect;

function present(row: Row | undefined): TSettings {
  if (!row) return { ...DEFAULT_SETTINGS, prizesUsdt: [...DEFAULT_SETTINGS.prizesUsdt], serviceLevels: { ...DEFAULT_SERVICE_LEVELS } };
  return {
    reportSubmissionEnabled: row.reportSubmissionEnabled,
    prizesUsdt: row.prizesUsdt.map((p) => formatCents(toCents(p))),
    lotteryWinners: row.lotteryWinners,
    lotteryPrizeUsdt: formatCents(toCents(row.lotteryPrizeUsdt)),
    serviceLevels: serviceLevelsOf(row.serviceLevels),
    referral: referralOf(row.referral),
  };
}

/** The stored referral rule, in the terms' form (null when none was set, or it cannot be read). */
function referralOf(stored: unknown): TReferralRule | null {
  const parsed = ZReferralRule.safeParse(stored);
  if (!parsed.success) return null;
  const { qualify, gcm, usdt, monthlyCap } = parsed.data;
  return { qualify, gcm: formatCents(toCents(gcm)), usdt: formatCents(toCents(usdt)), monthlyCap };
}

/** The stored service levels, each a whole number of days (the defaults for any missing). */
function serviceLevelsOf(stored: unknown): ServiceLevels {
  const levels: ServiceLevels = { ...DEFAULT_SERVICE_LEVELS };
  if (stored && typeof stored === 'object') {
    for (const subject of SERVICE_LEVEL_SUBJECTS) {
      const value = (stored as Record<string, unknown>)[subject];
      if (typeof value === 'number' && Number.isInteger(value) && value > 0) levels[subject] = value;
    }
  }
  return levels;
}

/** The settings as they stand in `db` (a transaction's own view: the terms a month fixes are read in its transaction). */
export async function settingsIn(db: Db): Promise<TSettings> {
  return present(await readSettings(db));
}

async function readSettings(db: Db, lock = false): Promise<Row | undefined> {
  const query = db.select().from(systemSettings).where(eq(systemSettings.id, 'global'));
  return (await (lock ? query.for('update') : query))[0];
}

const cache = new WeakMap<AppContext['database'], { generation: number; at: number; value: Promise<TSettings> }>();

/** The settings as they stand (from this instance's cache when it is current). */
export function getSettings(ctx: AppContext): Promise<TSettings> {
  const feed = ctx.database.figures;
  const hit = cache.get(ctx.database);
  const now = performance.now();
  if (hit && hit.generation === feed.generation && now - hit.at < SETTINGS_TTL_MS) return hit.value;
  const value = readSettings(ctx.db).then(present);
  cache.set(ctx.database, { generation: feed.generation, at: now, value });
  value.catch(() => cache.delete(ctx.database));
  return value;
}

/** A super admin's change of any of the settings, with its before and after in the activity log. */
export async function updateSettings(ctx: AppContext, actor: SessionUser, change: SettingsChange): Promise<TSettings> {
  return withTransaction(ctx, actor, async (m) => {
    const before = present(await readSettings(m.tx, true));
    const after: TSettings = {
      reportSubmissionEnabled: change.reportSubmissionEnabled ?? before.reportSubmissionEnabled,
      prizesUsdt: change.prizesUsdt ?? before.prizesUsdt,
      lotteryWinners: change.lotteryWinners ?? before.lotteryWinners,
      lotteryPrizeUsdt: change.lotteryPrizeUsdt ?? before.lotteryPrizeUsdt,
      serviceLevels: Object.fromEntries(SERVICE_LEVEL_SUBJECTS.map((s) => [s, change.serviceLevels?.[s] ?? before.serviceLevels[s]])) as ServiceLevels,
      referral: change.referral ? referralOf(change.referral) : before.referral,
    };
    const values = { ...after, lastUpdatedBy: actor.id, updatedAt: m.now };
    await m.tx
      .insert(systemSettings)
      .values({ id: 'global', ...values })
      .onConflictDoUpdate({ target: systemSettings.id, set: values });
    const changes: Changes = {};
    for (const key of Object.keys(after) as (keyof TSettings)[]) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key], after[key]];
    }
    const details = Object.entries(changes)
      .map(([key, [, value]]) => `${key}=${Array.isArray(value) ? value.join('/') : typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
      .join(', ');
    await m.audit('update_settings', { type: 'settings', id: 'global' }, details || 'no changes', changes);
    return after;
  });
}
