/**
 * Ambassadors hear back (DECISIONS §5, Hearing back): a notification and an email for each decision,
 * written with the decision; notifications read only by their owner; forgot password.
 */
import { beforeAll, expect, it } from 'vitest';
import { weeklyReports } from '../../src/server/db/schema.ts';
import { reportReviewedEmail } from '../../src/server/email/templates.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DAY, HOUR } from '../helpers/clock.ts';
import { createAmbassador, credit, uniqueEmail, validApplication, validReport, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A as WALLET } from '../helpers/wallets.ts';

describeEachDatabase('hearing back (%s)', ({ server, superAdmin }) => {
  // A test signs in a new client after moving the clock past the session's timeout.
  let admin: ApiClient = superAdmin;
  let amb: CreatedAmbassador;
  beforeAll(async () => {
    amb = await createAmbassador(server, { admin });
  });

  it('tells the ambassador of a report decision with the team’s feedback, on screen and by email (escaped)', async () => {
    const report = (await amb.client.post('/api/reports', validReport())).body;
    const seen = server.mail.messages.length;
    const notes = 'Great threads! <script>alert(1)</script> Keep the AMA going.';
    expect(
      (await admin.post(`/api/admin/reports/${report.id}/review`, { status: 'approved', gcmAwarded: '300', usdtAwarded: '12.5', adminNotes: notes })).status,
    ).toBe(200);
    const list = await amb.client.get('/api/notifications');
    expect(list.headers['x-unread-count']).toBe('1');
    // The notification opens the report on My Reports, where the feedback is.
    expect(list.body[0]).toMatchObject({ kind: 'report_approved', title: 'Your weekly report was approved', read: false, link: `/reports?id=${report.id}` });
    expect(list.body[0].body).toContain('300.00 GCM and 12.50 USDT credited. Feedback from the team: Great threads!');
    await server.flushEmail();
    const email = await server.mail.waitFor(amb.email, { after: seen });
    expect(email.subject).toBe('Your weekly report was approved');
    // Written as the pages write them: the week's dates and the amounts.
    expect(email.text).toContain('Your weekly report for Nov 14 - Nov 20, 2026 was approved: 300 GCM and $12.50 USDT have been credited to your wallet.');
    expect(email.text).toContain(`Feedback from the team: ${notes}`);
    expect(email.text).toContain(`${server.config.appUrl}/reports?id=${report.id}`);
    // The report itself carries the notes, for My Reports.
    expect((await amb.client.get(`/api/reports/${report.id}`)).body).toMatchObject({
      id: report.id,
      status: 'approved',
      adminNotes: notes,
      usdtAwarded: '12.50',
    });
    // The HTML part escapes what people typed.
    const html = reportReviewedEmail({
      name: '<b>Ama</b>',
      approved: true,
      week: { start: '2026-11-14', end: '2026-11-20' },
      gcm: '1.00',
      usdt: '1.00',
      notes,
      appUrl: 'http://x',
    }).html;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Hello &lt;b&gt;Ama&lt;/b&gt;,');
    expect(html).not.toContain('<script>');
    // Thousands grouped, as on the pages (never '1200.00 GCM').
    const large = reportReviewedEmail({
      name: 'Ama',
      approved: true,
      week: { start: '2026-11-14', end: '2026-11-20' },
      gcm: '1200.00',
      usdt: '1250.50',
      notes: null,
      appUrl: 'http://x',
    });
    expect(large.text).toContain('1,200 GCM and $1,250.50 USDT');
  });

  it('acknowledges a first application by email: what happens next, an answer either way', async () => {
    const applicant = uniqueEmail('receipt');
    const seen = server.mail.messages.length;
    const applied = await new ApiClient(server).post('/api/applications', validApplication({ email: applicant, fullName: 'Rita Receipt' }));
    expect(applied.status).toBe(201);
    await server.flushEmail();
    const receipt = await server.mail.waitFor(applicant, { after: seen });
    expect(receipt.subject).toBe('We received your application');
    expect(receipt.text).toContain('Hello Rita Receipt,');
    expect(receipt.text).toContain('The team reviews every application within 5-7 business days, and we will email you either way');
    // One email, not a second one from the duplicate rule.
    expect(server.mail.messages.slice(seen).filter((m) => m.to.includes(applicant))).toHaveLength(1);

    // Once approved, the setup link's page is told it has 48 hours.
    const before = server.mail.messages.length;
    expect((await admin.post(`/api/admin/applications/${applied.body.id}/approve`)).status).toBe(200);
    await server.flushEmail();
    const token = server.mail.setupToken(await server.mail.waitFor(applicant, { after: before }));
    const status = (await new ApiClient(server).get(`/api/setup-password/${token}/status`)).body;
    // The account has no password yet: the link creates its first one.
    expect(status).toEqual({ status: 'valid', expiresAt: expect.any(String), secondsLeft: expect.any(Number), purpose: 'setup' });
    expect(status.secondsLeft).toBeGreaterThan(48 * 3600 - 60);
    expect(status.secondsLeft).toBeLessThanOrEqual(48 * 3600);
  });

  it('pages My Reports newest first (X-Total-Count, offset or cursor), answers every report without a limit, and opens only one’s own', async () => {
    const person = await createAmbassador(server, { admin });
    const start = server.clock.now().getTime();
    // Five reports on five days (one a day), written straight to the table.
    const written = await server.db
      .insert(weeklyReports)
      .values(
        [1, 2, 3, 4, 5].map((day) => ({
          ambassadorId: person.ambassadorId,
          weekStartDate: `2026-10-0${day}`,
          weekEndDate: `2026-10-1${day}`,
          activityReport: `Week ${day}: hosted a Telegram AMA and posted threads about the farm game with their numbers.`,
          submittedOn: `2026-10-2${day}`,
          createdAt: new Date(start - (6 - day) * DAY),
        })),
      )
      .returning({ id: weeklyReports.id });
    const newestFirst = written.map((r) => r.id).reverse();

    // Without a limit: every report, as the dashboard has always read them.
    const all = await person.client.get('/api/reports');
    expect(all.status).toBe(200);
    expect(all.body.map((r: { id: string }) => r.id)).toEqual(newestFirst);
    expect(all.headers['x-total-count']).toBe('5');

    const first = await person.client.get('/api/reports?limit=2');
    expect(first.body.map((r: { id: string }) => r.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.headers['x-total-count']).toBe('5');
    const cursor = String(first.headers['x-next-cursor'] ?? '');
    expect(cursor).not.toBe('');
    expect((await person.client.get(`/api/reports?limit=2&cursor=${cursor}`)).body.map((r: { id: string }) => r.id)).toEqual(newestFirst.slice(2, 4));
    const last = await person.client.get('/api/reports?limit=2&offset=4');
    expect(last.body.map((r: { id: string }) => r.id)).toEqual(newestFirst.slice(4));
    expect(last.headers['x-next-cursor']).toBeUndefined();
    expect((await person.client.get('/api/reports?limit=0')).status).toBe(400);
    expect((await person.client.get('/api/reports?limit=1001')).status).toBe(400);
    expect((await person.client.get(`/api/reports?limit=2&offset=2&cursor=${cursor}`)).status).toBe(400);

    // One report: the owner's only.
    const one = newestFirst[1] ?? '';
    expect((await person.client.get(`/api/reports/${one}`)).body).toMatchObject({ id: one, ambassadorId: person.ambassadorId, status: 'pending' });
    expect((await person.client.get(`/api/reports/${one.toUpperCase()}`)).status).toBe(200);
    expect((await amb.client.get(`/api/reports/${one}`)).status).toBe(404);
    expect((await admin.get(`/api/reports/${one}`)).status).toBe(404);
    expect((await person.client.get('/api/reports/not-a-report')).status).toBe(404);
    expect((await amb.client.get('/api/reports')).body.map((r: { id: string }) => r.id)).not.toContain(one);
  });

  it('tells of withdrawal decisions and payments, and lets only the owner read and mark them', async () => {
    await credit(server, amb.ambassadorId, 'USDT', '200.00');
    const first = (await amb.client.post('/api/withdrawal-requests', { amount: '60', walletAddress: WALLET })).body;
    const second = (await amb.client.post('/api/withdrawal-requests', { amount: '50', walletAddress: WALLET })).body;
    await admin.post(`/api/admin/withdrawals/${first.id}/approve`, {});
    await admin.post(`/api/admin/withdrawals/${second.id}/reject`, { adminNotes: 'Please use your own address' });
    await admin.post('/api/admin/withdrawals/paid', { ids: [first.id], txHash: `0x${'b'.repeat(64)}` });
    const mine = (await amb.client.get('/api/notifications')).body as { id: string; kind: string; body: string }[];
    expect(mine.slice(0, 3).map((n) => n.kind)).toEqual(['withdrawal_paid', 'withdrawal_rejected', 'withdrawal_approved']);
    expect(mine[1]?.body).toContain('Note from the team: Please use your own address');

    // Another ambassador sees none of them and cannot mark them read.
    const other = await createAmbassador(server, { admin });
    expect((await other.client.get('/api/notifications')).body).toEqual([]);
    expect((await other.client.post('/api/notifications/read', { ids: mine.map((n) => n.id) })).body).toEqual({ marked: 0 });
    expect((await amb.client.get('/api/notifications')).headers['x-unread-count']).toBe('4');
    expect((await amb.client.post('/api/notifications/read', { ids: [mine[0]?.id] })).body).toEqual({ marked: 1 });
    expect((await amb.client.post('/api/notifications/read', { all: true })).body).toEqual({ marked: 3 });
    expect((await amb.client.get('/api/notifications')).headers['x-unread-count']).toBe('0');
    expect((await amb.client.post('/api/notifications/read', { some: true })).status).toBe(400);
  });

  it('tells of a password change (a security email) and gives a rejected applicant a kind answer', async () => {
    const seen = server.mail.messages.length;
    expect((await amb.client.post('/api/change-password', { currentPassword: amb.password, newPassword: 'NewPassw0rd!' })).status).toBe(200);
    amb.password = 'NewPassw0rd!';
    expect((await amb.client.get('/api/notifications')).body[0]).toMatchObject({ kind: 'password_changed' });
    const applicant = uniqueEmail('applicant');
    const applied = (await new ApiClient(server).post('/api/applications', validApplication({ email: applicant }))).body;
    // The notes are the decision's facts (DECISIONS §6): shown to the applicant with the reason, as the desk's form says.
    await admin.post(`/api/admin/applications/${applied.id}/reject`, { adminNotes: 'Too few followers for now.' });
    await server.flushEmail();
    expect((await server.mail.waitFor(amb.email, { after: seen })).subject).toMatch(/password was changed$/);
    const kindNo = await server.mail.waitFor(applicant, { after: seen, containing: 'not able to offer' });
    expect(kindNo.text).toContain('not able to offer you a place');
    expect(kindNo.text).toContain('Reason: no reason recorded.');
    expect(kindNo.text).toContain('Too few followers for now.');
  });

  it('carries a one-click unsubscribe (RFC 8058) that a wrong signature cannot use, and keeps security emails', async () => {
    const person = await createAmbassador(server, { admin });
    await server.flushEmail();
    const seen = server.mail.messages.length;
    const report = (await person.client.post('/api/reports', validReport())).body;
    await admin.post(`/api/admin/reports/${report.id}/review`, { status: 'rejected', gcmAwarded: '0', usdtAwarded: '0', adminNotes: 'More detail next time' });
    await server.flushEmail();
    const decision = await server.mail.waitFor(person.email, { after: seen });
    expect(decision.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const link = (/List-Unsubscribe:\s*<([^>]+)>/.exec(decision.raw)?.[1] ?? '').replace(/\s+/g, '');
    const url = new URL(link);
    expect(url.pathname).toBe('/api/unsubscribe');

    // The link in the text is a page a person opens (it asks before it unsubscribes), with the same signed query.
    const bodyLink = /unsubscribe: (\S+)/.exec(decision.text)?.[1] ?? '';
    expect(bodyLink).toBe(`${server.config.appUrl}/unsubscribe${url.search}`);
    // The HTML part says it too, with the page linked.
    const htmlLink = bodyLink.replaceAll('&', '&amp;');
    expect(decision.html).toContain(`You can turn these emails off on your profile page, or unsubscribe: <a href="${htmlLink}">${htmlLink}</a>`);
    // The page asks whether the link is valid, without using it; a forged one is refused.
    const status = await new ApiClient(server).get(`/api/unsubscribe/status${url.search}`);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ emailNotifications: true });
    const forged = await new ApiClient(server).get(`/api/unsubscribe/status?u=${url.searchParams.get('u')}&s=${'x'.repeat(43)}`);
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe('This unsubscribe link is not valid');
    // The header's address opened in a browser (and the links of emails sent before the page) leads to that page.
    const opened = await server.app.inject({ method: 'GET', url: `/api/unsubscribe${url.search}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/unsubscribe${url.search}`);
    expect((await person.client.get('/api/ambassador')).body.emailNotifications).toBe(true);

    // Mail providers post it from their servers: no Origin, a form body.
    const post = (query: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/unsubscribe${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await post(`?u=${url.searchParams.get('u')}&s=${'x'.repeat(43)}`)).statusCode).toBe(403);
    // The unsubscribe page's button posts the same address with the one-click body as JSON: a forged link is refused for its signature.
    const page = await server.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?u=${url.searchParams.get('u')}&s=${'x'.repeat(43)}`,
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(page.statusCode, page.body).toBe(403);
    expect((await person.client.get('/api/ambassador')).body.emailNotifications).toBe(true);
    expect((await post(url.search)).statusCode).toBe(200);
    expect((await person.client.get('/api/ambassador')).body.emailNotifications).toBe(false);
    expect((await new ApiClient(server).get(`/api/unsubscribe/status${url.search}`)).body).toEqual({ emailNotifications: false });
    // RFC 8058 allows the same POST as multipart/form-data (RFC 7578), as some providers send it: written here by fetch's own FormData.
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const multipart = new Request('http://provider.example/', { method: 'POST', body: form });
    const contentType = multipart.headers.get('content-type') ?? '';
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const payload = Buffer.from(await multipart.arrayBuffer());
    const sendMultipart = (query: string, body: Buffer | string = payload) =>
      server.app.inject({ method: 'POST', url: `/api/unsubscribe${query}`, headers: { 'content-type': contentType }, payload: body });
    expect((await sendMultipart(`?u=${url.searchParams.get('u')}&s=${'x'.repeat(43)}`)).statusCode).toBe(403);
    const viaMultipart = await sendMultipart(url.search);
    expect(viaMultipart.statusCode).toBe(200);
    expect(viaMultipart.json()).toEqual({ message: 'You will no longer get emails about decisions. Security emails are still sent.' });
    // A body that is not multipart at all is a 400, not a 5xx.
    const broken = await sendMultipart(url.search, 'List-Unsubscribe=One-Click');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Malformed multipart/form-data body');

    // Decisions still notify on screen but send no email; security emails still go.
    await server.flushEmail();
    const after = server.mail.messages.length;
    // Another report, on another day (one a day): sessions are signed in again after the clock moves.
    server.clock.advance(24 * HOUR);
    await person.client.login(person.email, person.password);
    admin = await superAdminClient(server);
    const next = (await person.client.post('/api/reports', validReport({ weekStartDate: '2026-11-07', weekEndDate: '2026-11-13' }))).body;
    await admin.post(`/api/admin/reports/${next.id}/review`, { status: 'approved', gcmAwarded: '10', usdtAwarded: '0' });
    expect((await person.client.get('/api/notifications')).body[0]).toMatchObject({ kind: 'report_approved' });
    await person.client.post('/api/change-password', { currentPassword: person.password, newPassword: 'Changed123!' });
    await server.flushEmail();
    const sent = server.mail.messages.slice(after).filter((m) => m.to.includes(person.email));
    expect(sent.map((m) => m.subject)).toEqual([expect.stringMatching(/password was changed$/)]);

    // The profile switch turns them on again.
    expect((await person.client.patch('/api/ambassador', { emailNotifications: true })).body.emailNotifications).toBe(true);
  });

  it('answers forgot-password alike for anyone, and the link works once, for 1 hour, ending other sessions', async () => {
    const anonymous = new ApiClient(server);
    const unknown = await anonymous.post('/api/forgot-password', { email: uniqueEmail('nobody') });
    const known = await anonymous.post('/api/forgot-password', { email: amb.email.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const before = server.mail.messages.length;
    await server.flushEmail();
    const email = await server.mail.waitFor(amb.email, { after: before - 1 });
    expect(email.subject).toMatch(/^Set a new password/);
    const token = server.mail.setupToken(email);
    // The page it opens says the truth of this link: 1 hour, not the 48 of an approval's link.
    const fresh = (await anonymous.get(`/api/setup-password/${token}/status`)).body;
    // The account has a password: the link resets it (the page is headed so).
    expect(fresh).toEqual({ status: 'valid', expiresAt: expect.any(String), secondsLeft: expect.any(Number), purpose: 'reset' });
    expect(fresh.secondsLeft).toBeGreaterThan(3600 - 60);
    expect(fresh.secondsLeft).toBeLessThanOrEqual(3600);
    const otherSession = await new ApiClient(server).login(amb.email, amb.password);
    expect((await anonymous.post(`/api/setup-password/${token}`, { password: 'Reset123!' })).status).toBe(200);
    expect((await otherSession.get('/api/user')).status).toBe(401);
    expect((await anonymous.get(`/api/setup-password/${token}/status`)).body).toEqual({ status: 'invalid', expiresAt: null, secondsLeft: null, purpose: null });
    expect((await anonymous.post(`/api/setup-password/${token}`, { password: 'Again123!' })).status).toBe(400);
    await new ApiClient(server).login(amb.email, 'Reset123!');

    // A second link expires after an hour.
    await anonymous.post('/api/forgot-password', { email: amb.email });
    await server.flushEmail();
    const late = server.mail.setupToken(await server.mail.waitFor(amb.email, { after: server.mail.messages.length - 1 }));
    server.clock.advance(HOUR + 1_000);
    expect((await anonymous.get(`/api/setup-password/${late}/status`)).body).toEqual({
      status: 'expired',
      expiresAt: expect.any(String),
      secondsLeft: 0,
      purpose: 'reset',
    });
    expect((await anonymous.post(`/api/setup-password/${late}`, { password: 'Late1234!' })).status).toBe(400);
    expect((await anonymous.post('/api/forgot-password', { email: 'not-an-email' })).status).toBe(400);
  });
});
