/**
 * Running the programme from the admin desk: report submission on and off, prize settings, the
 * audit trail, badges (derived and pinned), ambassador edits and suspension, list paging and
 * search, the email outbox through an SMTP outage, and the API document served.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador, credit, validApplication, validReport } from '../helpers/factories.ts';
import { blockServer } from '../helpers/suite.ts';
import { SETUP_LINK } from '../helpers/smtp.ts';
import { WALLET_B } from '../helpers/wallets.ts';

describe('programme administration', () => {
  const server = blockServer();
  let admin: ApiClient;

  beforeAll(async () => {
    admin = await superAdminClient(server);
  });

  it('switches report submission off and on', async () => {
    const amb = await createAmbassador(server, { admin });
    expect((await new ApiClient(server).get('/api/settings')).body).toMatchObject({ reportSubmissionEnabled: true });
    expect((await admin.patch('/api/super-admin/settings', { reportSubmissionEnabled: false })).body).toMatchObject({ reportSubmissionEnabled: false });
    const refused = await amb.client.post('/api/reports', validReport());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Report submission is currently disabled');
    expect((await admin.patch('/api/super-admin/settings', { reportSubmissionEnabled: 'yes' })).status).toBe(400);
    await admin.patch('/api/super-admin/settings', { reportSubmissionEnabled: true });
    expect((await amb.client.post('/api/reports', validReport())).status).toBe(201);
    const log = (await admin.get('/api/super-admin/actions')).body;
    expect(log[0]).toMatchObject({ action: 'update_settings', details: 'reportSubmissionEnabled=true' });
  });

  it('keeps the prize settings: defaults, a partial change with its before and after in the log, and bad input refused', async () => {
    const anonymous = new ApiClient(server);
    expect((await anonymous.get('/api/settings')).body).toEqual({
      reportSubmissionEnabled: true,
      prizesUsdt: ['300.00', '200.00', '100.00', '50.00', '50.00'],
      lotteryWinners: 10,
      lotteryPrizeUsdt: '20.00',
      serviceLevels: { reports: 5, applications: 7, withdrawals: 2, appeals: 5 },
      // No referral rule until a super admin sets one (DECISIONS §7; test/api/referral-credits.test.ts).
      referral: null,
      explorerTxUrl: 'https://bscscan.com/tx/',
      // Linking Discord is not set up on this test server, nor the Telegram widget (test/api/telegram-widget.test.ts).
      discordLinking: false,
    });
    const changed = await admin.patch('/api/super-admin/settings', { prizesUsdt: [500, '250', '100.5', '50', '25.00'], lotteryWinners: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      reportSubmissionEnabled: true,
      prizesUsdt: ['500.00', '250.00', '100.50', '50.00', '25.00'],
      lotteryWinners: 3,
      lotteryPrizeUsdt: '20.00',
      serviceLevels: { reports: 5, applications: 7, withdrawals: 2, appeals: 5 },
      referral: null,
    });
    expect((await anonymous.get('/api/settings')).body).toEqual({ ...changed.body, explorerTxUrl: 'https://bscscan.com/tx/', discordLinking: false });
    const log = (await admin.get('/api/super-admin/actions')).body;
    expect(log[0]).toMatchObject({
      action: 'update_settings',
      details: 'prizesUsdt=500.00/250.00/100.50/50.00/25.00, lotteryWinners=3',
    });
    const refused: [unknown, string][] = [
      [{ prizesUsdt: ['1', '2', '3', '4'] }, 'Prizes are 5 USDT amounts, 1st to 5th'],
      [{ prizesUsdt: ['1', '2', '3', '4', '-5'] }, 'A prize must be an amount in USDT, like 300 or 50.00'],
      [{ prizesUsdt: ['1', '2', '3', '4', '5.001'] }, 'A prize can have at most 2 decimal places'],
      [{ lotteryPrizeUsdt: '1'.repeat(19) }, 'A prize is too large'],
      [{ lotteryWinners: 101 }, 'The number of lottery winners is a whole number from 0 to 100'],
      [{ lotteryWinners: 2.5 }, 'The number of lottery winners is a whole number from 0 to 100'],
      [{}, 'Send at least one setting to change'],
    ];
    for (const [body, message] of refused) {
      const response = await admin.patch('/api/super-admin/settings', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await anonymous.get('/api/settings')).body).toEqual({ ...changed.body, explorerTxUrl: 'https://bscscan.com/tx/', discordLinking: false });
    await admin.patch('/api/super-admin/settings', { prizesUsdt: ['300', '200', '100', '50', '50'], lotteryWinners: 10 });
  });

  it('keeps an audit trail: edits carry what they changed, and the log pages and filters by admin and action', async () => {
    const amb = await createAmbassador(server, { admin });
    expect((await admin.patch(`/api/admin/ambassadors/${amb.ambassadorId}`, { status: 'suspended', telegramHandle: 't.me/newchannel' })).status).toBe(200);
    const edits = (await admin.get('/api/super-admin/actions?action=update_ambassador&limit=1')).body;
    expect(edits).toHaveLength(1);
    expect(edits[0].changes).toMatchObject({ status: ['active', 'suspended'] });
    expect(Object.keys(edits[0].changes)).toContain('telegramHandle');
    const mine = (await admin.get('/api/super-admin/actions?admin=SUPER@example.com&limit=500')).body as { adminEmail: string }[];
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.every((row) => row.adminEmail === 'super@example.com')).toBe(true);
    const firstTwo = (await admin.get('/api/super-admin/actions?limit=2')).body as { id: string }[];
    const second = (await admin.get('/api/super-admin/actions?limit=1&offset=1')).body as { id: string }[];
    expect(second[0]?.id).toBe(firstTwo[1]?.id);
    // The pager's count, and a part of the email finds the admin.
    const counted = await admin.get('/api/super-admin/actions?limit=1&admin=super@');
    expect(Number(counted.headers['x-total-count'])).toBe(mine.length);
    expect((await admin.get('/api/super-admin/actions?action=drop_tables')).status).toBe(400);
    await admin.patch(`/api/admin/ambassadors/${amb.ambassadorId}`, { status: 'active' });
  });

  it('derives the badge from monthly GCM, lets an admin pin it, and return it to automatic', async () => {
    const amb = await createAmbassador(server, { admin });
    await credit(server, amb.ambassadorId, 'GCM', '499.99');
    expect((await amb.client.get('/api/ambassador')).body.badgeLevel).toBe('normal');
    await credit(server, amb.ambassadorId, 'GCM', '0.01');
    expect((await amb.client.get('/api/ambassador')).body.badgeLevel).toBe('bronze');
    const pinned = await admin.patch(`/api/admin/ambassadors/${amb.ambassadorId}`, { badgeLevel: 'gold' });
    expect(pinned.body).toMatchObject({ badgeLevel: 'gold', badgePinned: true });
    await credit(server, amb.ambassadorId, 'GCM', '1600');
    expect((await amb.client.get('/api/ambassador')).body.badgeLevel).toBe('gold');
    const auto = await admin.patch(`/api/admin/ambassadors/${amb.ambassadorId}`, { badgeLevel: 'auto' });
    expect(auto.body).toMatchObject({ badgeLevel: 'silver', badgePinned: false });
    expect((await admin.patch(`/api/admin/ambassadors/${amb.ambassadorId}`, { badgeLevel: 'platinum' })).status).toBe(400);
  });

  it('edits an ambassador, suspends them (no reports, no withdrawals, still signs in) and logs it', async () => {
    const amb = await createAmbassador(server, { admin });
    await credit(server, amb.ambassadorId, 'USDT', '100');
    const edited = await admin.patch(`/api/admin/ambassadors/${amb.ambassadorId}`, {
      gcmWalletAddress: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
      twitterHandle: 'https://x.com/new',
      status: 'suspended',
      totalUsdtEarned: '1000000',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      gcmWalletAddress: WALLET_B,
      twitterHandle: 'https://x.com/new',
      status: 'suspended',
      totalUsdtEarned: '100.00',
    });
    expect((await amb.client.post('/api/reports', validReport())).status).toBe(403);
    expect((await amb.client.post('/api/withdrawal-requests', { amount: 50, walletAddress: WALLET_B })).status).toBe(403);
    expect((await amb.client.get('/api/ambassador')).status).toBe(200);
    const log = (await admin.get('/api/super-admin/actions')).body;
    expect(log[0].action).toBe('update_ambassador');
    expect(log[0].details).toContain('status=suspended');
  });

  it('pages and searches the ambassadors list case-insensitively with X-Total-Count', async () => {
    await createAmbassador(server, { admin, fullName: 'Zinedine Searchable' });
    const all = await admin.get('/api/admin/ambassadors?limit=2');
    expect(all.body).toHaveLength(2);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(4);
    const second = await admin.get('/api/admin/ambassadors?limit=2&offset=2');
    expect(second.body[0].id).not.toBe(all.body[0].id);
    const found = await admin.get('/api/admin/ambassadors?search=zINEDINE');
    expect(found.body.map((a: { fullName: string }) => a.fullName)).toEqual(['Zinedine Searchable']);
    expect(found.headers['x-total-count']).toBe('1');
    expect((await admin.get('/api/admin/ambassadors?search=%25')).body).toEqual([]);
  });

  it('keeps approval emails in the outbox through an SMTP outage and sends each once when it is back', async () => {
    const visitors = await Promise.all(
      [1, 2, 3].map((i) => new ApiClient(server).post('/api/applications', validApplication({ email: `outage${i}@example.com` }))),
    );
    // The applications' receipts go out before the outage.
    await server.flushEmail();
    server.mail.setDown(true);
    for (const applied of visitors) expect((await admin.post(`/api/admin/applications/${applied.body.id}/approve`)).status).toBe(200);
    await server.flushEmail();
    const waiting = await server.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(waiting.filter((e) => e.recipient.startsWith('outage'))).toHaveLength(3);
    expect(waiting.every((e) => e.attempts >= 1 && e.lastError)).toBe(true);
    server.mail.setDown(false);
    server.clock.advance(10 * 60_000);
    await Promise.all([server.flushEmail(), server.flushEmail(), server.flushEmail()]);
    for (const i of [1, 2, 3]) await server.mail.waitFor(`outage${i}@example.com`, { containing: SETUP_LINK });
    await server.flushEmail();
    for (const i of [1, 2, 3]) {
      expect(server.mail.messages.filter((m) => m.to.includes(`outage${i}@example.com`) && m.text.includes(SETUP_LINK))).toHaveLength(1);
    }
    const sent = await server.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'outage1@example.com'));
    expect(sent[0]).toMatchObject({ status: 'sent', textBody: null, htmlBody: null });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const doc = (await new ApiClient(server).get('/api/openapi.json')).body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/withdrawal-requests', '/api/admin/reports/{id}/review', '/api/super-admin/settings']));
    expect(doc.paths['/api/withdrawal-requests'].post.requestBody).toBeDefined();
  });
});
