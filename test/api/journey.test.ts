/**
 * The programme's whole journey through the API, on PGlite and (when
 * TEST_DATABASE_URL is set) on PostgreSQL, with emails through real SMTP.
 */
import { expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { validApplication, validReport } from '../helpers/factories.ts';
import { TestClock } from '../helpers/clock.ts';
import { SETUP_LINK } from '../helpers/smtp.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A } from '../helpers/wallets.ts';

/** A clock of each server's own: the journey moves it to the next month. */
const ownClock = () => ({ clock: new TestClock('2026-11-21T12:00:00Z') });

describeEachDatabase('programme journey on %s', ownClock, ({ server }) => {
  it('runs from application to paid withdrawal', async () => {
    const visitor = new ApiClient(server);
    const admin = await superAdminClient(server);

    // Apply.
    const application = validApplication({ email: 'Journey.Person@Example.com', fullName: 'Journey Person' });
    const applied = await visitor.post('/api/applications', application);
    expect(applied.status).toBe(201);
    expect(applied.body.status).toBe('pending');
    // A second application with the same email is answered like the first (the form tells no one
    // who has applied); the owner of the address is emailed instead (test/api/enumeration.test.ts).
    const duplicate = await visitor.post('/api/applications', { ...application, email: 'journey.person@example.com' });
    expect(duplicate.status).toBe(201);
    await server.flushEmail();
    const afterDuplicateNotice = server.mail.messages.length;

    // The admin sees it, sorted by followers, and approves.
    const bigger = await visitor.post('/api/applications', validApplication({ totalFollowers: 999_999 }));
    expect(bigger.status).toBe(201);
    const list = await admin.get('/api/admin/applications');
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((a: { totalFollowers: number }) => a.totalFollowers)).toEqual([999_999, 1500]);
    const summaryBefore = await admin.get('/api/admin/summary');
    expect(summaryBefore.body).toEqual({ totalAmbassadors: 0, pendingApplications: 2, pendingReports: 0, pendingWithdrawals: 0, pendingAppeals: 0 });

    const approved = await admin.post(`/api/admin/applications/${applied.body.id}/approve`);
    expect(approved.status).toBe(200);
    const again = await admin.post(`/api/admin/applications/${applied.body.id}/approve`);
    expect(again.status).toBe(409);
    const rejected = await admin.post(`/api/admin/applications/${bigger.body.id}/reject`);
    expect(rejected.status).toBe(200);
    expect((await admin.get('/api/admin/applications')).body).toEqual([]);

    // The setup email arrives through SMTP; its link sets the password once.
    await server.flushEmail();
    const email = await server.mail.waitFor('journey.person@example.com', { after: afterDuplicateNotice, containing: SETUP_LINK });
    expect(email.subject).toContain('create your password');
    expect(email.text).toContain(`${server.config.appUrl}/setup-password/`);
    const token = server.mail.setupToken(email);
    const tooShort = await visitor.post(`/api/setup-password/${token}`, { password: 'abc' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toBe('Password must be at least 6 characters long');
    expect((await visitor.post(`/api/setup-password/${token}`, { password: 'Journey123' })).status).toBe(200);
    const reused = await visitor.post(`/api/setup-password/${token}`, { password: 'Journey123' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/invalid or has expired/);

    // Sign in.
    const ambassador = new ApiClient(server);
    const wrong = await ambassador.post('/api/login', { email: 'journey.person@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    const signedIn = await ambassador.post('/api/login', { email: 'Journey.Person@example.com', password: 'Journey123' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ email: 'journey.person@example.com', fullName: 'Journey Person', isAdmin: false, isSuperAdmin: false });
    const me = await ambassador.get('/api/user');
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).not.toMatch(/password|token|hash/i);
    const profile = await ambassador.get('/api/ambassadors/me');
    expect(profile.body).toMatchObject({
      fullName: 'Journey Person',
      country: 'Kenya',
      totalGcmEarned: '0.00',
      badgeLevel: 'normal',
      twitterHandle: 'https://x.com/janedoe',
    });

    // Submit a report; one a day, and the profile says when the next one can be sent.
    const own = (await ambassador.get('/api/ambassador')).body;
    expect(own.nextReportAt).toBeNull();
    // Today by the server's (programme's) clock, which the report form's default week ends on.
    expect(own.today).toBe(server.clock.now().toISOString().slice(0, 10));
    const report = await ambassador.post('/api/reports', {
      ...validReport(),
      ambassadorId: '00000000-0000-0000-0000-000000000000',
      gcmAwarded: 999,
      status: 'approved',
    });
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({ status: 'pending', gcmAwarded: '0.00', ambassadorId: approved.body.ambassadorId });
    expect((await ambassador.post('/api/reports', validReport())).status).toBe(409);
    expect((await ambassador.get('/api/ambassador')).body.nextReportAt).toBe('2026-11-22T00:00:00.000Z');
    const mine = await ambassador.get('/api/reports');
    expect(mine.body).toHaveLength(1);

    // Review with awards: ledger, totals, monthly figures, badge.
    const reports = await admin.get('/api/admin/reports?status=pending');
    expect(reports.body[0].ambassador.email).toBe('journey.person@example.com');
    const review = await admin.post(`/api/admin/reports/${report.body.id}/review`, {
      status: 'approved',
      gcmAwarded: 2500.5,
      usdtAwarded: '120',
      adminNotes: 'Great week',
    });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ status: 'approved', gcmAwarded: '2500.50', usdtAwarded: '120.00', adminNotes: 'Great week' });
    expect((await admin.post(`/api/admin/reports/${report.body.id}/review`, { status: 'rejected' })).status).toBe(409);

    const after = await ambassador.get('/api/ambassador');
    expect(after.body).toMatchObject({
      totalGcmEarned: '2500.50',
      monthlyGcm: '2500.50',
      totalUsdtEarned: '120.00',
      monthlyUsdt: '120.00',
      badgeLevel: 'silver',
      withdrawableUsdt: '120.00',
      reportCount: 1,
    });
    const ledger = await ambassador.get('/api/transactions');
    expect(ledger.body.map((t: { currency: string; amount: string; type: string }) => `${t.type}:${t.currency}:${t.amount}`).sort()).toEqual([
      'reward:GCM:2500.50',
      'reward:USDT:120.00',
    ]);

    // Public figures.
    // No month has ended yet: no review times in the public log.
    expect((await visitor.get('/api/public/stats')).body).toEqual({
      totalAmbassadors: 1,
      totalGcmAwarded: '2500.50',
      totalUsdtAwarded: '120.00',
      reviewTimes: null,
    });
    expect((await visitor.get('/api/public/leaderboard')).body).toEqual([
      { id: approved.body.ambassadorId, fullName: 'Journey Person', badgeLevel: 'silver', monthlyGcm: '2500.50' },
    ]);

    // Wallet and withdrawal.
    const wallet = WALLET_A;
    const saved = await ambassador.patch('/api/ambassador', {
      usdtWalletAddress: wallet.toLowerCase(),
      gcmWalletAddress: wallet,
      badgeLevel: 'gold',
      totalUsdtEarned: '99999',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ usdtWalletAddress: wallet, gcmWalletAddress: null, badgeLevel: 'silver', totalUsdtEarned: '120.00' });
    expect((await ambassador.post('/api/withdrawal-requests', { amount: 49.99, walletAddress: wallet })).body.message).toBe(
      'Minimum withdrawal amount is 50 USDT',
    );
    expect((await ambassador.post('/api/withdrawal-requests', { amount: 120.01, walletAddress: wallet })).body.message).toBe(
      "You don't have enough USDT to withdraw this amount",
    );
    const request = await ambassador.post('/api/withdrawal-requests', { amount: 70, walletAddress: wallet });
    expect(request.status).toBe(201);
    expect(request.body).toMatchObject({ amount: '70.00', status: 'pending', walletAddress: wallet });
    expect((await ambassador.post('/api/withdrawal-requests', { amount: '50.01', walletAddress: wallet })).status).toBe(400);
    expect((await ambassador.get('/api/ambassador')).body).toMatchObject({ withdrawableUsdt: '50.00', pendingWithdrawalUsdt: '70.00' });

    const pendingWithdrawals = await admin.get('/api/admin/withdrawal-requests?status=pending');
    expect(pendingWithdrawals.body[0].ambassador.email).toBe('journey.person@example.com');
    const approval = await admin.post(`/api/admin/withdrawals/${request.body.id}/approve`, { adminNotes: 'Paid, tx 0xabc' });
    expect(approval.status).toBe(200);
    expect((await admin.post(`/api/admin/withdrawals/${request.body.id}/reject`, {})).status).toBe(409);
    const final = await ambassador.get('/api/ambassador');
    expect(final.body).toMatchObject({
      totalUsdtEarned: '120.00',
      withdrawnUsdt: '70.00',
      pendingWithdrawalUsdt: '0.00',
      withdrawableUsdt: '50.00',
      usdtBalance: '50.00',
    });
    const history = await ambassador.get('/api/transactions');
    expect(history.body[0]).toMatchObject({ type: 'withdrawal', currency: 'USDT', amount: '-70.00' });
    expect((await ambassador.get('/api/withdrawal-requests')).body[0]).toMatchObject({ status: 'approved', adminNotes: 'Paid, tx 0xabc' });

    // Activity log holds every admin action, newest first.
    const log = await admin.get('/api/super-admin/actions');
    expect(log.body.map((a: { action: string }) => a.action)).toEqual([
      'approve_withdrawal',
      'review_report_approved',
      'reject_application',
      'approve_application',
    ]);
    expect(log.body[0].adminEmail).toBe('super@example.com');

    // Month turns: monthly figures and badge start again at 0, no job needed.
    server.clock.set('2026-12-01T00:00:01Z');
    expect((await ambassador.get('/api/ambassador')).status).toBe(401); // idle for more than a day
    await ambassador.login('journey.person@example.com', 'Journey123');
    expect((await ambassador.get('/api/ambassador')).body).toMatchObject({
      monthlyGcm: '0.00',
      monthlyUsdt: '0.00',
      totalGcmEarned: '2500.50',
      badgeLevel: 'normal',
    });
    // Nothing earned in the new month: no place on its leaderboard (DECISIONS §3).
    expect((await visitor.get('/api/public/leaderboard')).body).toEqual([]);

    // Sign out ends the session.
    expect((await ambassador.post('/api/logout')).status).toBe(200);
    expect((await ambassador.get('/api/user')).status).toBe(401);
  });
});
