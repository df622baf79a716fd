/**
 * Abuse flags (DECISIONS §5, The admin desk): shared_wallet, duplicate_proof, shared_telegram and
 * same_network on the admin lists, 'Flagged only', and the withdrawal's other wallet owners.
 */
import { sql } from 'drizzle-orm';
import { EXACT_COUNT_LIMIT, FLAGGED_COUNT_LIMIT, boundedCount } from '../../src/server/db/paging.ts';
import { ambassadors, withdrawalRequests } from '../../src/server/db/schema.ts';
import { countLimit, flaggedFilter } from '../../src/server/features/abuse/flags.ts';
import { expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.ts';
import { DAY } from '../helpers/clock.ts';
import { credit, uniqueEmail, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { SETUP_LINK } from '../helpers/smtp.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A as WALLET, WALLET_B } from '../helpers/wallets.ts';

const OTHER_WALLET = WALLET_B;

type Flagged = { id: string; flags: string[] };

describeEachDatabase('abuse flags (%s)', ({ kind, server, superAdmin: admin }) => {
  let seq = 0;
  const telegram = () => `@flagcheck${kind}${++seq}`;

  async function person(): Promise<CreatedAmbassador> {
    const email = uniqueEmail('flag');
    // Each from its own address and Telegram, so only what a test sets up is shared.
    const applied = await new ApiClient(server, { ip: `10.77.${seq % 250}.${++seq % 250}` }).post(
      '/api/applications',
      validApplication({ email, fullName: 'Flag Person', personalTelegramHandle: telegram() }),
    );
    expect(applied.status).toBe(201);
    const approved = await admin.post(`/api/admin/applications/${applied.body.id}/approve`);
    await server.flushEmail();
    const token = server.mail.setupToken(await server.mail.waitFor(email, { containing: SETUP_LINK }));
    await new ApiClient(server).post(`/api/setup-password/${token}`, { password: 'Passw0rd!' });
    return {
      client: await new ApiClient(server).login(email, 'Passw0rd!'),
      email,
      password: 'Passw0rd!',
      fullName: 'Flag Person',
      ambassadorId: approved.body.ambassadorId,
    };
  }
  const flagsIn = async (url: string, id: string) => ((await admin.get(url)).body as Flagged[]).find((row) => row.id === id)?.flags;

  // Planned per row, the flag subqueries made PostgreSQL JIT-compile every short list query (40-600 ms).
  it.runIf(kind === 'postgres')('runs PostgreSQL without JIT', async () => {
    const shown = (await server.db.execute(sql`show jit`)) as unknown as { rows: Array<{ jit: string }> };
    expect(shown.rows[0]?.jit).toBe('off');
  });

  it('flags a payout wallet shared by two accounts, in any case, and names the other owner on the withdrawal', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    expect((await a.client.patch('/api/ambassador', { usdtWalletAddress: WALLET })).status).toBe(200);
    expect((await b.client.patch('/api/ambassador', { usdtWalletAddress: WALLET.toLowerCase() })).status).toBe(200);
    expect((await c.client.patch('/api/ambassador', { usdtWalletAddress: OTHER_WALLET })).status).toBe(200);
    const list = '/api/admin/ambassadors?limit=100';
    expect(await flagsIn(list, a.ambassadorId)).toContain('shared_wallet');
    expect(await flagsIn(list, b.ambassadorId)).toContain('shared_wallet');
    expect(await flagsIn(list, c.ambassadorId)).toEqual([]);

    await credit(server, a.ambassadorId, 'USDT', '100.00');
    const withdrawal = (await a.client.post('/api/withdrawal-requests', { amount: '60.00', walletAddress: WALLET })).body;
    const row = ((await admin.get('/api/admin/withdrawal-requests?limit=100')).body as Flagged[]).find((w) => w.id === withdrawal.id);
    expect(row?.flags).toEqual(['shared_wallet']);
    // The review dialog asks who else uses it, for this withdrawal alone.
    const sharers = await admin.get(`/api/admin/withdrawals/${withdrawal.id}/shared-wallet`);
    expect(sharers.status).toBe(200);
    expect(sharers.body).toEqual({ ambassadors: [{ id: b.ambassadorId, fullName: b.fullName, email: b.email }], total: 1 });
    // c asked for a withdrawal to it long ago (then saved another address): still one of its owners.
    await server.db.insert(withdrawalRequests).values({
      ambassadorId: c.ambassadorId,
      amount: '55.00',
      walletAddress: WALLET.toUpperCase().replace('0X', '0x'),
      status: 'rejected',
      createdAt: new Date('2026-01-05T10:00:00Z'),
    });
    const both = (await admin.get(`/api/admin/withdrawals/${withdrawal.id}/shared-wallet`)).body as { ambassadors: { id: string }[]; total: number };
    expect(both.ambassadors.map((o) => o.id).sort()).toEqual([b.ambassadorId, c.ambassadorId].sort());
    expect(both.total).toBe(2);
    expect((await admin.get('/api/admin/withdrawals/00000000-0000-4000-8000-000000000000/shared-wallet')).status).toBe(404);
    expect((await admin.get('/api/admin/withdrawals/not-an-id/shared-wallet')).status).toBe(404);

    // Flagged only: the shared ones, not the other.
    const flagged = ((await admin.get('/api/admin/ambassadors?limit=100&flagged=true')).body as Flagged[]).map((r) => r.id);
    expect(flagged).toEqual(expect.arrayContaining([a.ambassadorId, b.ambassadorId]));
    expect(flagged).not.toContain(c.ambassadorId);
    // Counted exactly up to FLAGGED_COUNT_LIMIT; past it, the planner's estimate, said so in a header.
    const counted = await admin.get('/api/admin/ambassadors?limit=1&flagged=true');
    expect(Number(counted.headers['x-total-count'])).toBe(flagged.length);
    expect(counted.headers['x-total-count-estimated']).toBeUndefined();
    expect(countLimit(true)).toBe(FLAGGED_COUNT_LIMIT);
    expect(countLimit(false)).toBe(EXACT_COUNT_LIMIT);
    const beyond = await boundedCount(server.db, ambassadors, flaggedFilter('ambassadors'), 1);
    expect(beyond.estimated).toBe(true);
    expect(beyond.total).toBeGreaterThanOrEqual(2);
    expect(((await admin.get('/api/admin/withdrawal-requests?flagged=true')).body as Flagged[]).map((r) => r.id)).toContain(withdrawal.id);
    const bad = await admin.get('/api/admin/ambassadors?flagged=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('flagged must be true or false');
  });

  it('flags a proof link claimed by two ambassadors, however it is written, but not one repeated by its own author', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const link = `https://x.com/goal/status/${kind}${seq}`;
    const ra = (await a.client.post('/api/reports', validReport({ activityReport: `My thread ${link} got 12k views and many replies.` }))).body.id;
    const rb = (await b.client.post('/api/reports', validReport({ activityReport: `Thread: ${link.replace('https://x.com', 'http://www.X.com')}/ (mine)` })))
      .body.id;
    const rc = (
      await c.client.post('/api/reports', validReport({ activityReport: `Own work at https://x.com/goal/status/own${kind}${seq} and https://goalchain.io` }))
    ).body.id;
    const list = '/api/admin/reports?limit=100';
    expect(await flagsIn(list, ra)).toEqual(['duplicate_proof']);
    expect(await flagsIn(list, rb)).toEqual(['duplicate_proof']);
    expect(await flagsIn(list, rc)).toEqual([]);
    const flagged = ((await admin.get('/api/admin/reports?limit=100&flagged=true')).body as Flagged[]).map((r) => r.id);
    expect(flagged).toEqual(expect.arrayContaining([ra, rb]));
    expect(flagged).not.toContain(rc);
  });

  it('flags a personal Telegram given by an applicant and an ambassador, and three applications from one network in 24 hours', async () => {
    const member = await person();
    const handle = ((await admin.get('/api/admin/ambassadors?limit=100')).body as Array<{ id: string; personalTelegramHandle: string }>).find(
      (r) => r.id === member.ambassadorId,
    )?.personalTelegramHandle;
    const copycat = await new ApiClient(server, { ip: '10.88.0.1' }).post(
      '/api/applications',
      validApplication({ personalTelegramHandle: handle?.toUpperCase() }),
    );
    const apps = '/api/admin/applications?limit=100';
    expect(await flagsIn(apps, copycat.body.id)).toEqual(['shared_telegram']);
    expect(await flagsIn('/api/admin/ambassadors?limit=100', member.ambassadorId)).toContain('shared_telegram');

    const farm = new ApiClient(server, { ip: '10.99.0.7' });
    const first = (await farm.post('/api/applications', validApplication({ personalTelegramHandle: telegram() }))).body.id;
    const second = (await farm.post('/api/applications', validApplication({ personalTelegramHandle: telegram() }))).body.id;
    expect(await flagsIn(apps, first)).toEqual([]);
    // A third from the same address within 24 hours: all three are flagged.
    server.clock.advance(DAY - 60_000);
    const third = (await farm.post('/api/applications', validApplication({ personalTelegramHandle: telegram() }))).body.id;
    for (const id of [first, second, third]) expect(await flagsIn(apps, id)).toEqual(['same_network']);
    // A fourth two minutes later has only the third within its 24 hours: not flagged by itself.
    server.clock.advance(2 * 60_000);
    const fourth = (await farm.post('/api/applications', validApplication({ personalTelegramHandle: telegram() }))).body.id;
    expect(await flagsIn(apps, fourth)).toEqual([]);
    // The address itself is never stored.
    const stored = await server.db.query.ambassadorApplications.findFirst({ where: (t, { eq }) => eq(t.id, first) });
    expect(stored?.networkHash).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(stored)).not.toContain('10.99.0.7');
    const flagged = ((await admin.get(`${apps}&flagged=true`)).body as Flagged[]).map((r) => r.id);
    expect(flagged).toEqual(expect.arrayContaining([copycat.body.id, first, second, third]));
    expect(flagged).not.toContain(fourth);
  });
});
