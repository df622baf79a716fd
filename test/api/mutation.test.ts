/** The mutation boundary (ADR 012): effects run after the commit, never after a rollback. */
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { adminActions, emailOutbox, transactions } from '../../src/server/db/schema.ts';
import { badRequest } from '../../src/server/errors.ts';
import * as ledger from '../../src/server/features/ledger/service.ts';
import { withTransaction } from '../../src/server/mutation.ts';
import { createAmbassador, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

describeEachDatabase('withTransaction (%s)', ({ server, superAdmin }) => {
  let ambassador: CreatedAmbassador;
  const actor = {
    id: '',
    email: 'super@example.com',
    username: 'super@example.com',
    fullName: 'Super Admin',
    isAdmin: true,
    isSuperAdmin: true,
    mfaEnabled: false,
    locale: null,
  };

  beforeAll(async () => {
    ambassador = await createAmbassador(server, { admin: superAdmin });
    const row = await server.db.query.users.findFirst({ where: (u, { eq: equals }) => equals(u.isSuperAdmin, true) });
    actor.id = row?.id ?? '';
  });

  const ledgerRows = async () =>
    (await server.db.select({ n: count() }).from(transactions).where(eq(transactions.ambassadorId, ambassador.ambassadorId)))[0]?.n;

  it('never runs an effect registered in a transaction that rolls back, and writes nothing', async () => {
    const ran: string[] = [];
    const generation = server.database.figures.generation;
    const outbox = (await server.db.select({ n: count() }).from(emailOutbox))[0]?.n;
    const before = await ledgerRows();
    await expect(
      withTransaction(server.ctx, actor, async (m) => {
        m.afterCommit(() => ran.push('after'));
        await ledger.post(m, { ambassadorId: ambassador.ambassadorId, type: 'reward', currency: 'GCM', amount: '10.00', description: 'rolled back' });
        await m.email('someone@example.com', { subject: 'never', text: 'never', html: '<p>never</p>' });
        await m.audit('update_settings', { type: 'settings', id: 'global' }, 'rolled back');
        throw badRequest('refused half-way');
      }),
    ).rejects.toThrow('refused half-way');
    expect(ran).toEqual([]);
    expect(server.database.figures.generation).toBe(generation);
    expect(await ledgerRows()).toBe(before);
    expect((await server.db.select({ n: count() }).from(emailOutbox))[0]?.n).toBe(outbox);
    expect((await server.db.select().from(adminActions).where(eq(adminActions.details, 'rolled back'))).length).toBe(0);
  });

  it('runs effects once the transaction has committed, in order, and the figures bump after them', async () => {
    const seen: number[] = [];
    const generation = server.database.figures.generation;
    const result = await withTransaction(server.ctx, actor, async (m) => {
      m.afterCommit(() => seen.push(server.database.figures.generation - generation));
      await ledger.post(m, { ambassadorId: ambassador.ambassadorId, type: 'reward', currency: 'GCM', amount: '10.00', description: 'kept' });
      await ledger.post(m, { ambassadorId: ambassador.ambassadorId, type: 'reward', currency: 'USDT', amount: '1.00', description: 'kept' });
      m.afterCommit(() => seen.push(server.database.figures.generation - generation));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    // The change's effects run in order; the figures' bump, known from what the change wrote (the
    // ledger's totals: a public topic), once the change's work is done, after them. (On PostgreSQL
    // the other instances bump theirs on its NOTIFY; this one does not bump again on hearing itself.)
    expect(seen).toEqual([0, 0]);
    expect(server.database.figures.generation).toBeGreaterThan(generation);
  });

  it('writes the audit row with its changes, and needs an actor for it', async () => {
    await withTransaction(server.ctx, actor, (m) =>
      m.audit('update_ambassador', { type: 'ambassador', id: ambassador.ambassadorId }, 'audit test', { country: ['Kenya', 'Ghana'] }),
    );
    const rows = await server.db.select().from(adminActions).where(eq(adminActions.details, 'audit test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'update_ambassador', adminId: actor.id, changes: { country: ['Kenya', 'Ghana'] } });
    await expect(withTransaction(server.ctx, null, (m) => m.audit('update_settings', { type: 'settings', id: null }, null))).rejects.toThrow(
      'audit() needs an actor',
    );
  });

  it('refuses a ledger entry whose sign does not match its type', async () => {
    await expect(
      withTransaction(server.ctx, actor, (m) =>
        ledger.post(m, { ambassadorId: ambassador.ambassadorId, type: 'reward', currency: 'USDT', amount: '-5.00', description: 'wrong sign' }),
      ),
    ).rejects.toThrow('a reward entry cannot be -5.00');
  });
});
