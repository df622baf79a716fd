/**
 * Property: whatever the order of awards, withdrawal requests, approvals and
 * rejections for several ambassadors, after every step the cached totals equal
 * the ledger, nothing is overdrawn, holds add up, and each approved withdrawal
 * has exactly one negative ledger entry.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../src/shared/money.ts';
import { AppError } from '../../src/server/errors.ts';
import { sessionUser } from '../../src/server/features/auth/service.ts';
import * as ledger from '../../src/server/features/ledger/service.ts';
import { withTransaction } from '../../src/server/mutation.ts';
import { decideWithdrawal, requestWithdrawal } from '../../src/server/features/wallet/service.ts';
import { users } from '../../src/server/db/schema.ts';
import { superAdminClient } from '../helpers/client.ts';
import { createAmbassador } from '../helpers/factories.ts';
import { blockServer } from '../helpers/suite.ts';
import { WALLET_A } from '../helpers/wallets.ts';

type Step =
  | { kind: 'award'; who: number; currency: 'GCM' | 'USDT'; cents: number }
  | { kind: 'request'; who: number; cents: number }
  | { kind: 'decide'; pick: number; approve: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('award' as const),
    who: fc.nat(2),
    currency: fc.constantFrom('GCM' as const, 'USDT' as const),
    cents: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({ kind: fc.constant('request' as const), who: fc.nat(2), cents: fc.integer({ min: 4_000, max: 15_000 }) }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(50), approve: fc.boolean() }),
);

describe('ledger invariants (property-based)', () => {
  const server = blockServer();
  const ambassadorIds: string[] = [];
  let actor: ReturnType<typeof sessionUser>;

  beforeAll(async () => {
    const admin = await superAdminClient(server);
    for (let i = 0; i < 3; i++) ambassadorIds.push((await createAmbassador(server, { admin })).ambassadorId);
    const row = await server.db.query.users.findFirst({ where: (u, { eq }) => eq(u.isSuperAdmin, true) });
    if (!row) throw new Error('no super admin');
    actor = sessionUser(row as typeof users.$inferSelect);
  });

  async function violations(): Promise<string[]> {
    const result = await server.db.execute(sql`
      select a.id,
        a.total_gcm_earned = coalesce((select sum(amount) from transactions t where t.ambassador_id = a.id and t.currency = 'GCM' and t.type = 'reward'), 0) as gcm_ok,
        a.total_usdt_earned = coalesce((select sum(amount) from transactions t where t.ambassador_id = a.id and t.currency = 'USDT' and t.type = 'reward'), 0) as usdt_ok,
        a.monthly_gcm = coalesce((select sum(amount) from transactions t where t.ambassador_id = a.id and t.currency = 'GCM' and t.type = 'reward'
          and date_trunc('month', t.created_at at time zone 'UTC') = a.monthly_period), 0) as monthly_ok,
        a.total_usdt_earned - coalesce((select sum(amount) from withdrawal_requests w where w.ambassador_id = a.id and w.status in ('pending', 'approved')), 0) >= 0 as not_overdrawn,
        coalesce((select sum(amount) from transactions t where t.ambassador_id = a.id and t.type = 'withdrawal'), 0)
          = -coalesce((select sum(amount) from withdrawal_requests w where w.ambassador_id = a.id and w.status = 'approved'), 0) as payouts_ok,
        not exists (select 1 from withdrawal_requests w where w.ambassador_id = a.id and w.status = 'approved'
          and (select count(*) from transactions t where t.withdrawal_id = w.id) <> 1) as one_entry_each,
        not exists (select 1 from transactions t join withdrawal_requests w on w.id = t.withdrawal_id where w.status <> 'approved') as no_stray_entries
      from ambassadors a`);
    const rows = (result as unknown as { rows: Record<string, boolean | string>[] }).rows;
    return rows.flatMap((r) =>
      Object.entries(r)
        .filter(([k, v]) => k !== 'id' && v !== true)
        .map(([k]) => `${String(r.id)}: ${k}`),
    );
  }

  it('holds after every step of random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          try {
            if (s.kind === 'award') {
              const ambassadorId = ambassadorIds[s.who] ?? '';
              await withTransaction(server.ctx, actor, (m) =>
                ledger.post(m, { ambassadorId, type: 'reward', currency: s.currency, amount: formatCents(BigInt(s.cents)), description: 'property' }),
              );
            } else if (s.kind === 'request') {
              await requestWithdrawal(server.ctx, actor, ambassadorIds[s.who] ?? '', {
                amount: formatCents(BigInt(s.cents)),
                walletAddress: WALLET_A,
              });
            } else {
              const pending = await server.db.execute(sql`select id from withdrawal_requests where status = 'pending' order by created_at`);
              const list = (pending as unknown as { rows: { id: string }[] }).rows;
              const target = list.length ? list[s.pick % list.length] : undefined;
              if (target) await decideWithdrawal(server.ctx, actor, target.id, s.approve ? 'approved' : 'rejected', null);
            }
          } catch (error) {
            // Refusals (insufficient balance) are expected outcomes; anything else is a failure.
            if (!(error instanceof AppError) || error.status >= 500) throw error;
          }
          const broken = await violations();
          if (broken.length) throw new Error(`invariant broken after ${JSON.stringify(s)}: ${broken.join(', ')}`);
        }
      }),
      { numRuns: 25 },
    );
    expect(await violations()).toEqual([]);
  });
});
