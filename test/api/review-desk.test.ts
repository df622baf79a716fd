/**
 * A fair review desk (issue 29, DECISIONS §6): every decision against someone with its reason (or
 * 'no reason recorded', as the spec's bodies still work), one appeal within 14 days decided by
 * another admin, an overturned report credited exactly once even when two admins act at once, the
 * desk's clocks against their service levels, and the month summary's figures checked against SQL
 * computed here. On both databases.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, ambassadorApplications, ambassadors, appeals, transactions, weeklyReports, withdrawalRequests } from '../../src/server/db/schema.ts';
import { runSeasonsJob } from '../../src/server/features/seasons/service.ts';
import { reportReviewedEmail } from '../../src/server/email/templates.ts';
import { REASON_CODES, REASONS, reasonsFor, type ReasonCode, type ReasonSubject } from '../../src/shared/reasons.ts';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { DAY, HOUR } from '../helpers/clock.ts';
import { DATABASE_KINDS } from '../helpers/database.ts';
import type { DrandRelay } from '../helpers/drand-relay.ts';
import { createAdmin, createAmbassador, credit, requestWithdrawal, validApplication, type CreatedAdmin, type CreatedAmbassador } from '../helpers/factories.ts';
import type { TestServer } from '../helpers/server.ts';
import { startDrawServer } from './draw-server.ts';
import { WALLET_C } from '../helpers/wallets.ts';

const CODES_MESSAGE = `reasonCode must be one of: ${REASON_CODES.join(', ')}`;

describe.each(DATABASE_KINDS)('the review desk (%s)', (kind) => {
  let server: TestServer;
  let relay: DrandRelay;
  let superAdmin: ApiClient;
  /** Two admins: A decides, B (or the super admin) decides the appeals. */
  let adminA: CreatedAdmin;
  let adminB: CreatedAdmin;
  const people: CreatedAmbassador[] = [];
  let next = 0;

  /** A fresh ambassador for each report of a day (one report per ambassador per UTC day). */
  function someone(): CreatedAmbassador {
    const person = people[next % people.length];
    next += 1;
    if (!person) throw new Error('no ambassadors');
    return person;
  }

  async function submitReport(
    person: CreatedAmbassador,
    activityReport = 'Posted 5 threads on X about the farm game (12k views), hosted a Telegram AMA with 300 attendees.',
  ): Promise<string> {
    const today = server.clock.real();
    const day = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
    const sent = await person.client.post('/api/reports', {
      weekStartDate: day(-7),
      weekEndDate: day(-1),
      activityReport,
    });
    if (sent.status === 409) {
      // Already one today: tomorrow.
      server.clock.advance(DAY);
      return submitReport(person, activityReport);
    }
    expect(sent.status, sent.text).toBe(201);
    return sent.body.id as string;
  }

  async function rejectedReport(by: ApiClient, body: Record<string, unknown> = { status: 'rejected' }) {
    const person = someone();
    const id = await submitReport(person);
    const reviewed = await by.post(`/api/admin/reports/${id}/review`, body);
    expect(reviewed.status, reviewed.text).toBe(200);
    return { person, id, report: reviewed.body };
  }

  async function notificationsOf(person: CreatedAmbassador) {
    return (await person.client.get('/api/notifications')).body as { kind: string; title: string; body: string; link: string }[];
  }

  beforeAll(async () => {
    // A Monday in November: every decision below is November's.
    ({ server, relay } = await startDrawServer({
      kind,
      at: '2026-11-02T09:00:00Z',
      // The clock moves by weeks: sessions outlive it.
      env: { SESSION_IDLE_MINUTES: String(60 * 24 * 90), SESSION_ABSOLUTE_HOURS: String(24 * 90) },
    }));
    superAdmin = await superAdminClient(server);
    adminA = await createAdmin(server, { superAdmin, fullName: 'Admin Alpha' });
    adminB = await createAdmin(server, { superAdmin, fullName: 'Admin Beta' });
    for (let i = 0; i < 6; i++) people.push(await createAmbassador(server, { admin: superAdmin, fullName: `Reviewed ${i}` }));
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await relay?.close();
  });

  it('records each kind of decision with its reason code, or none when the spec’s body has none, and tells the person', async () => {
    // A report: the spec's body (no code) is still a reject, recorded and shown as 'no reason recorded'.
    const plain = await rejectedReport(adminA.client);
    expect(plain.report).toMatchObject({ status: 'rejected', reasonCode: null, reasonText: 'no reason recorded', facts: null, appeal: null });
    expect(Date.parse(plain.report.appealDeadline) - Date.parse(plain.report.reviewedAt)).toBe(14 * DAY);
    expect((await server.db.select().from(weeklyReports).where(eq(weeklyReports.id, plain.id)))[0]?.reasonCode).toBeNull();

    // With a code and facts: the rule, the link to it, the facts as text, the appeal deadline.
    const facts = 'The link <b>x.com/a</b> & its views were already claimed in report 12.';
    const coded = await rejectedReport(adminA.client, { status: 'rejected', reasonCode: 'duplicate_link', facts });
    expect(coded.report).toMatchObject({ reasonCode: 'duplicate_link', reasonText: REASONS.duplicate_link.rule, facts, adminNotes: facts });
    const told = (await notificationsOf(coded.person)).find((n) => n.kind === 'report_rejected');
    expect(told?.body).toContain(`${server.config.appUrl}/rules#duplicate_link`);
    expect(told?.body).toContain(facts);
    expect(told?.body).toContain('appeal');
    await server.flushEmail();
    const email = server.mail.messages.filter((m) => m.to.includes(coded.person.email)).at(-1);
    expect(email?.text).toContain(REASONS.duplicate_link.rule);
    expect(email?.text).toContain(`${server.config.appUrl}/rules#duplicate_link`);
    expect(email?.text).toContain(facts);
    expect(email?.text).toMatch(/appeal this decision once, until/);
    // Facts are text, never markup, in the HTML part.
    const html = reportReviewedEmail({
      name: 'A',
      approved: false,
      week: { start: '2026-11-01', end: '2026-11-07' },
      gcm: '0.00',
      usdt: '0.00',
      notes: facts,
      appUrl: server.config.appUrl,
      reason: { code: 'duplicate_link', facts, appealDeadline: coded.report.appealDeadline },
    }).html;
    expect(html).toContain('&lt;b&gt;x.com/a&lt;/b&gt; &amp; its views');
    expect(html).not.toContain('<b>x.com/a</b>');
    // The older adminNotes is read as the facts; an approval has no reason.
    const approved = await adminA.client.post(`/api/admin/reports/${await submitReport(someone())}/review`, {
      status: 'approved',
      gcmAwarded: '10',
      adminNotes: 'Great work',
    });
    expect(approved.body).toMatchObject({ status: 'approved', reasonCode: null, reasonText: null, facts: 'Great work', appeal: null, appealDeadline: null });

    // A withdrawal: without a body, and with a code.
    const owner = someone();
    const w1 = await requestWithdrawal(server, owner, { amount: '50.00', balance: '200.00' });
    const r1 = await adminA.client.post(`/api/admin/withdrawals/${w1.id}/reject`);
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ status: 'rejected', reasonCode: null, reasonText: 'no reason recorded', appeal: null });
    const w2 = await requestWithdrawal(server, owner, { amount: '60.00' });
    const r2 = await adminA.client.post(`/api/admin/withdrawals/${w2.id}/reject`, {
      reasonCode: 'wallet_mismatch',
      facts: 'The address belongs to an exchange.',
    });
    expect(r2.body).toMatchObject({ reasonCode: 'wallet_mismatch', reasonText: REASONS.wallet_mismatch.rule, facts: 'The address belongs to an exchange.' });
    expect((await owner.client.get('/api/withdrawal-requests')).body.find((w: { id: string }) => w.id === w2.id)).toMatchObject({
      reasonCode: 'wallet_mismatch',
      appealDeadline: expect.any(String),
    });

    // An application: without a body, and with a code (its email carries the reason and the facts).
    const anonymous = new ApiClient(server);
    const app1 = await anonymous.post('/api/applications', validApplication());
    expect((await adminA.client.post(`/api/admin/applications/${app1.body.id}/reject`)).status).toBe(200);
    const applicant = validApplication();
    const app2 = await anonymous.post('/api/applications', applicant);
    expect(
      (await adminA.client.post(`/api/admin/applications/${app2.body.id}/reject`, { reasonCode: 'not_verifiable', facts: 'The X profile does not exist.' }))
        .status,
    ).toBe(200);
    await server.flushEmail();
    const rejection = await server.mail.waitFor(String(applicant.email), { containing: 'not able to offer you a place' });
    expect(rejection.text).toContain(REASONS.not_verifiable.rule);
    expect(rejection.text).toContain(`${server.config.appUrl}/rules#not_verifiable`);
    expect(rejection.text).toContain('The X profile does not exist.');
    const rows = await server.db.execute(
      sql`select id, reason_code, admin_notes, decided_at from ambassador_applications where id in (${app1.body.id}, ${app2.body.id})`,
    );
    const byId = new Map((rows as unknown as { rows: { id: string; reason_code: string | null; decided_at: unknown }[] }).rows.map((r) => [r.id, r]));
    expect(byId.get(app1.body.id)?.reason_code).toBeNull();
    expect(byId.get(app2.body.id)?.reason_code).toBe('not_verifiable');
    expect(byId.get(app2.body.id)?.decided_at).not.toBeNull();

    // A suspension, with a code, then lifted; and one without.
    const suspended = someone();
    const s1 = await adminA.client.patch(`/api/admin/ambassadors/${suspended.ambassadorId}`, {
      status: 'suspended',
      reasonCode: 'rule_breach',
      facts: 'Bought followers.',
    });
    expect(s1.status, s1.text).toBe(200);
    expect(s1.body).toMatchObject({ status: 'suspended', reasonCode: 'rule_breach', reasonText: REASONS.rule_breach.rule, facts: 'Bought followers.' });
    expect((await suspended.client.get('/api/ambassadors/me')).body).toMatchObject({
      status: 'suspended',
      reasonCode: 'rule_breach',
      facts: 'Bought followers.',
    });
    expect((await notificationsOf(suspended)).find((n) => n.kind === 'ambassador_suspended')?.body).toContain(`${server.config.appUrl}/rules#rule_breach`);
    const lifted = await adminA.client.patch(`/api/admin/ambassadors/${suspended.ambassadorId}`, { status: 'active' });
    expect(lifted.body).toMatchObject({ status: 'active', reasonCode: null, reasonText: null, facts: null, suspendedAt: null });
    const again = await adminA.client.patch(`/api/admin/ambassadors/${suspended.ambassadorId}`, { status: 'suspended' });
    expect(again.body).toMatchObject({ status: 'suspended', reasonCode: null, reasonText: 'no reason recorded', facts: null });
    await adminA.client.patch(`/api/admin/ambassadors/${suspended.ambassadorId}`, { status: 'active' });

    // The activity log has each decision with its before and after.
    const logged = await server.db.select().from(adminActions).where(eq(adminActions.targetId, coded.id));
    expect(logged.find((a) => a.action === 'review_report_rejected')?.changes).toEqual({
      status: ['pending', 'rejected'],
      reasonCode: [null, 'duplicate_link'],
      facts: [null, facts],
    });
  });

  it('tells the person whether an abuse flag had fired when the decision was made, as it stood then', async () => {
    // A report whose proof link another ambassador also claimed: duplicate_proof, kept with the rejection.
    const link = `https://x.com/goal/status/flagged-${kind}`;
    const [first, copier, clean] = [someone(), someone(), someone()];
    await submitReport(first, `My thread ${link} reached 12k views and 300 replies this week.`);
    const copied = await submitReport(copier, `The thread ${link} (mine) reached 12k views this week.`);
    const rejected = await adminA.client.post(`/api/admin/reports/${copied}/review`, { status: 'rejected', reasonCode: 'duplicate_link' });
    expect(rejected.body).toMatchObject({ reasonCode: 'duplicate_link', decisionFlags: ['duplicate_proof'] });
    // The decision email says so too.
    await server.flushEmail();
    const email = await server.mail.waitFor(copier.email, { containing: 'An automatic check had flagged this' });
    expect(email.text).toContain("Duplicate proof: a link in this report also appears in another ambassador's report.");
    const own = (await copier.client.get('/api/reports')).body as { id: string; decisionFlags: string[] | null }[];
    expect(own.find((r) => r.id === copied)?.decisionFlags).toEqual(['duplicate_proof']);
    // None had fired on this one: said as an empty list, not left out.
    const cleanId = await submitReport(clean, `Hosted a Telegram AMA about the farm game: https://t.me/goal/ama-${kind}`);
    const plain = await adminA.client.post(`/api/admin/reports/${cleanId}/review`, { status: 'rejected', reasonCode: 'low_effort' });
    expect(plain.body.decisionFlags).toEqual([]);
    await server.flushEmail();
    await server.mail.waitFor(clean.email, { containing: 'No automatic check had flagged this when it was decided.' });
    // An approval has none to tell.
    const approvedId = await submitReport(someone(), `Ran a watch party for 40 fans: https://x.com/goal/status/party-${kind}`);
    const approved = await adminA.client.post(`/api/admin/reports/${approvedId}/review`, { status: 'approved', gcmAwarded: '5' });
    expect(approved.body.decisionFlags).toBeNull();
    // What the person was told stays as it stood: the other claim going away later does not change it.
    await server.db.delete(weeklyReports).where(eq(weeklyReports.ambassadorId, first.ambassadorId));
    const later = (await copier.client.get('/api/reports')).body as { id: string; decisionFlags: string[] | null }[];
    expect(later.find((r) => r.id === copied)?.decisionFlags).toEqual(['duplicate_proof']);
    // The appeal carries the decision's flags to the admin who decides it.
    expect((await copier.client.post(`/api/reports/${copied}/appeal`, { text: 'The thread is mine; the other report copied it.' })).status).toBe(201);
    const queue = (await adminB.client.get('/api/admin/appeals')).body as { subjectId: string; decision: { decisionFlags: string[] | null } }[];
    expect(queue.find((a) => a.subjectId === copied)?.decision.decisionFlags).toEqual(['duplicate_proof']);

    // Two new ambassadors give one payout address (the others' withdrawals above used another).
    const [payee, holder] = [
      await createAmbassador(server, { admin: superAdmin, fullName: 'Shared Payee' }),
      await createAmbassador(server, { admin: superAdmin, fullName: 'Shared Holder' }),
    ];
    // A withdrawal to an address another ambassador also uses: shared_wallet.
    const shared = await requestWithdrawal(server, payee, { amount: '50.00', balance: '100.00', walletAddress: WALLET_C });
    await adminA.client.patch(`/api/admin/ambassadors/${holder.ambassadorId}`, { usdtWalletAddress: WALLET_C });
    const refused = await adminA.client.post(`/api/admin/withdrawals/${shared.id}/reject`, { reasonCode: 'wallet_mismatch' });
    expect(refused.body).toMatchObject({ status: 'rejected', decisionFlags: ['shared_wallet'] });

    // A suspension of an account whose address another ambassador also gave: shared_wallet.
    const suspended = await adminA.client.patch(`/api/admin/ambassadors/${holder.ambassadorId}`, { status: 'suspended', reasonCode: 'rule_breach' });
    expect(suspended.body).toMatchObject({ status: 'suspended', decisionFlags: ['shared_wallet'] });
    expect((await holder.client.get('/api/ambassadors/me')).body.decisionFlags).toEqual(['shared_wallet']);
    const lifted = await adminA.client.patch(`/api/admin/ambassadors/${holder.ambassadorId}`, { status: 'active' });
    expect(lifted.body.decisionFlags).toBeNull();

    // An application from a network that sent three within a day: same_network.
    const farm = new ApiClient(server, { ip: `10.66.${kind === 'pglite' ? 1 : 2}.9` });
    const ids: string[] = [];
    const forms = Array.from({ length: 3 }, () => validApplication());
    for (const form of forms) ids.push((await farm.post('/api/applications', form)).body.id as string);
    const seen = server.mail.messages.length;
    expect((await adminA.client.post(`/api/admin/applications/${ids[0]}/reject`, { reasonCode: 'not_verifiable' })).status).toBe(200);
    const [application] = await server.db
      .select({ flags: ambassadorApplications.decisionFlags })
      .from(ambassadorApplications)
      .where(eq(ambassadorApplications.id, String(ids[0])));
    expect(application?.flags).toEqual(['same_network']);
    // The applicant's email gives the reason, never the abuse check that fired (issue 40): people
    // behind one address are not accused, and a farmer learns nothing; it says a new application is welcome.
    await server.flushEmail();
    const told = await server.mail.waitFor(String(forms[0]?.email), { after: seen, containing: 'not able to offer you a place' });
    expect(told.text).toContain('Reason: Could not be checked.');
    for (const hint of ['automatic check', 'network', 'address', 'flag']) expect(told.text.toLowerCase(), hint).not.toContain(hint);
    expect(told.text).toContain('you are welcome to send a new application later');
    // And it may: the same person applies again.
    expect((await new ApiClient(server).post('/api/applications', forms[0])).status).toBe(201);
  });

  it('refuses an unknown code with the list, and facts that are too long, changing nothing', async () => {
    const person = someone();
    const id = await submitReport(person);
    const cases: [string, unknown][] = [
      [`/api/admin/reports/${id}/review`, { status: 'rejected', reasonCode: 'because' }],
      [`/api/admin/applications/${(await new ApiClient(server).post('/api/applications', validApplication())).body.id}/reject`, { reasonCode: 'because' }],
      [`/api/admin/withdrawals/${(await requestWithdrawal(server, person, { amount: '50.00', balance: '50.00' })).id}/reject`, { reasonCode: 'because' }],
    ];
    for (const [url, body] of cases) {
      const refused = await adminA.client.post(url, body);
      expect(refused.status, url).toBe(400);
      expect(refused.body.message, url).toBe(CODES_MESSAGE);
    }
    const suspend = await adminA.client.patch(`/api/admin/ambassadors/${person.ambassadorId}`, { status: 'suspended', reasonCode: 'because' });
    expect(suspend.status).toBe(400);
    expect(suspend.body.message).toBe(CODES_MESSAGE);
    const long = await adminA.client.post(`/api/admin/reports/${id}/review`, { status: 'rejected', reasonCode: 'other', facts: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Facts must be at most 2000 characters');
    expect((await server.db.select().from(weeklyReports).where(eq(weeklyReports.id, id)))[0]?.status).toBe('pending');
    expect((await server.db.select().from(ambassadors).where(eq(ambassadors.id, person.ambassadorId)))[0]?.status).toBe('active');
  });

  it('refuses a code of another kind of decision with 400 naming the codes that apply, changing and counting nothing', async () => {
    const person = someone();
    const id = await submitReport(person);
    const applicationId = (await new ApiClient(server).post('/api/applications', validApplication())).body.id as string;
    const withdrawal = await requestWithdrawal(server, person, { amount: '50.00', balance: '50.00' });
    const cases: [string, Record<string, unknown>, ReasonSubject, ReasonCode][] = [
      [`/api/admin/reports/${id}/review`, { status: 'rejected', reasonCode: 'wallet_mismatch' }, 'report', 'wallet_mismatch'],
      [`/api/admin/applications/${applicationId}/reject`, { reasonCode: 'duplicate_link' }, 'application', 'duplicate_link'],
      [`/api/admin/withdrawals/${withdrawal.id}/reject`, { reasonCode: 'low_effort' }, 'withdrawal', 'low_effort'],
    ];
    const decisionsBefore = await server.db.select({ n: sql<number>`count(*)::int` }).from(adminActions);
    for (const [url, body, subject, code] of cases) {
      const refused = await adminA.client.post(url, body);
      expect(refused.status, url).toBe(400);
      expect(refused.body.code, url).toBe('REASON_NOT_FOR_DECISION');
      expect(refused.body.message, url).toBe(
        `${code} is not a reason for ${subject === 'application' ? 'an' : 'a'} ${subject}: reasonCode must be one of: ${reasonsFor(subject).join(', ')}`,
      );
      expect(refused.body.errors, url).toEqual([
        { path: 'reasonCode', message: refused.body.message, code: 'REASON_NOT_FOR_DECISION', values: refused.body.values },
      ]);
      expect(refused.body.values, url).toEqual({ reasonCode: code, allowed: reasonsFor(subject).join(', ') });
    }
    // A suspension for a report's reason.
    const suspend = await adminA.client.patch(`/api/admin/ambassadors/${person.ambassadorId}`, { status: 'suspended', reasonCode: 'outside_period' });
    expect(suspend.status).toBe(400);
    expect(suspend.body).toMatchObject({ code: 'REASON_NOT_FOR_DECISION', message: expect.stringContaining(reasonsFor('suspension').join(', ')) });
    // Nothing was decided, and nothing entered the activity log the month summary counts from.
    expect((await server.db.select().from(weeklyReports).where(eq(weeklyReports.id, id)))[0]?.status).toBe('pending');
    expect((await server.db.select().from(ambassadorApplications).where(eq(ambassadorApplications.id, applicationId)))[0]?.status).toBe('pending');
    expect((await server.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, withdrawal.id)))[0]?.status).toBe('pending');
    expect((await server.db.select().from(ambassadors).where(eq(ambassadors.id, person.ambassadorId)))[0]?.status).toBe('active');
    expect(await server.db.select({ n: sql<number>`count(*)::int` }).from(adminActions)).toEqual(decisionsBefore);
    // The codes that fit are taken.
    expect((await adminA.client.post(`/api/admin/withdrawals/${withdrawal.id}/reject`, { reasonCode: 'wallet_mismatch' })).status).toBe(200);
  });

  it('takes one appeal per decision from its owner, even when sent many times at once', async () => {
    const { person, id } = await rejectedReport(adminA.client, { status: 'rejected', reasonCode: 'low_effort' });
    // Not yours: as unknown.
    const stranger = people.find((p) => p !== person) as CreatedAmbassador;
    expect((await stranger.client.post(`/api/reports/${id}/appeal`, { text: 'Mine now?' })).status).toBe(404);
    expect((await person.client.post(`/api/reports/${id}/appeal`, { text: '   ' })).status).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => person.client.post(`/api/reports/${id}/appeal`, { text: `Please look again (${i}).` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'This decision has already been appealed')).toBe(true);
    const made = answers.find((a) => a.status === 201)?.body;
    expect(made).toMatchObject({ status: 'pending', decidedAt: null, decidedBy: null, facts: null });
    expect(await server.db.select().from(appeals).where(eq(appeals.reportId, id))).toHaveLength(1);
    // The report reads it, and the activity log has it.
    const report = (await person.client.get(`/api/reports/${id}`)).body;
    expect(report.appeal).toMatchObject({ id: made.id, status: 'pending', text: made.text, deadline: report.appealDeadline });
    expect(
      (
        await server.db
          .select()
          .from(adminActions)
          .where(and(eq(adminActions.targetId, id), eq(adminActions.action, 'appeal_report')))
      ).length,
    ).toBe(1);
    // A pending report, or an approved one, is no decision against anyone.
    const pending = await submitReport(someone());
    const owner = (await server.db.select({ a: weeklyReports.ambassadorId }).from(weeklyReports).where(eq(weeklyReports.id, pending)))[0]?.a;
    const ownerClient = people.find((p) => p.ambassadorId === owner) as CreatedAmbassador;
    const early = await ownerClient.client.post(`/api/reports/${pending}/appeal`, { text: 'Too early' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only a rejected report can be appealed');
  });

  it('lets the person appeal until 14 days after the decision, and says when the window closed', async () => {
    const first = await rejectedReport(adminA.client);
    const second = await rejectedReport(adminA.client);
    const deadline = second.report.appealDeadline as string;
    // A withdrawal's rejection, decided just after: open the same way.
    const owner = someone();
    const withdrawal = await requestWithdrawal(server, owner, { amount: '50.00', balance: '50.00' });
    const rejected = await adminA.client.post(`/api/admin/withdrawals/${withdrawal.id}/reject`, { reasonCode: 'wallet_mismatch' });
    expect(rejected.body.appealOpen).toBe(true);
    const mine = async () =>
      ((await owner.client.get('/api/withdrawal-requests')).body as { id: string; appealOpen: boolean }[]).find((w) => w.id === withdrawal.id);
    expect((await mine())?.appealOpen).toBe(true);
    expect(Date.parse(rejected.body.appealDeadline) - Date.parse(deadline)).toBeLessThan(60_000);
    // Open or not is the server's judgement by its own clock (issue 40): this server's clock is weeks
    // behind the machine's, as under the demo's TEST_CLOCK_OFFSET, and the window is still open.
    expect(Date.parse(deadline)).toBeLessThan(Date.now());
    expect(first.report.appealOpen).toBe(true);
    const openNow = async (person: CreatedAmbassador, id: string) => {
      const one = (await person.client.get(`/api/reports/${id}`)).body as { appealOpen: boolean; appealDeadline: string };
      const listed = ((await person.client.get('/api/reports')).body as { id: string; appealOpen: boolean }[]).find((r) => r.id === id);
      expect(listed?.appealOpen).toBe(one.appealOpen);
      return one.appealOpen;
    };
    server.clock.set(new Date(Date.parse(first.report.appealDeadline) - 60_000));
    expect(await openNow(first.person, first.id)).toBe(true);
    expect((await first.person.client.post(`/api/reports/${first.id}/appeal`, { text: 'In time.' })).status).toBe(201);
    // Appealed: nothing more to send.
    expect(await openNow(first.person, first.id)).toBe(false);
    server.clock.set(new Date(Date.parse(deadline) + 60_000));
    expect(await openNow(second.person, second.id)).toBe(false);
    expect((await second.person.client.get(`/api/reports/${second.id}`)).body.appealDeadline).toBe(deadline);
    const late = await second.person.client.post(`/api/reports/${second.id}/appeal`, { text: 'Too late.' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`The 14-day appeal window closed on ${deadline}`);
    expect(await server.db.select().from(appeals).where(eq(appeals.reportId, second.id))).toHaveLength(0);
    // The withdrawal's window (it was rejected with the reports) has closed too.
    expect((await mine())?.appealOpen).toBe(false);
  });

  it('refuses the admin who decided, whatever they send; another admin upholds, and the person is told why', async () => {
    const { person, id } = await rejectedReport(adminA.client, { status: 'rejected', reasonCode: 'outside_period', facts: 'These posts are from October.' });
    const pendingBefore = (await adminA.client.get('/api/admin/summary')).body.pendingAppeals as number;
    const appeal = (await person.client.post(`/api/reports/${id}/appeal`, { text: 'They were posted this week.' })).body;
    // The desk's summary counts it until it is decided.
    expect((await adminA.client.get('/api/admin/summary')).body.pendingAppeals).toBe(pendingBefore + 1);
    for (const body of [{ outcome: 'upheld' }, { outcome: 'overturned', gcmAwarded: '10' }]) {
      const refused = await adminA.client.post(`/api/admin/appeals/${appeal.id}/decide`, body);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Another admin must decide this appeal');
    }
    // The queue says who decided, and that the caller cannot decide it.
    const queue = (await adminA.client.get('/api/admin/appeals?status=pending')).body as {
      id: string;
      decidedByCaller: boolean;
      decision: Record<string, unknown>;
    }[];
    expect(queue.find((a) => a.id === appeal.id)).toMatchObject({
      decidedByCaller: true,
      decision: { reasonCode: 'outside_period', facts: 'These posts are from October.', decidedBy: 'Admin Alpha', decidedById: adminA.id },
      // Said before anything is filled in (issue 40), and the report that was rejected is there to read.
      canDecide: false,
      cannotDecideReason: 'Another admin must decide this appeal',
      report: { activityReport: expect.stringContaining('Telegram AMA'), weekStartDate: expect.any(String), createdAt: expect.any(String) },
    });
    const other = ((await adminB.client.get('/api/admin/appeals?status=pending')).body as { id: string }[]).find((a) => a.id === appeal.id);
    expect(other).toMatchObject({ decidedByCaller: false, canDecide: true, cannotDecideReason: null });
    const upheld = await adminB.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'upheld', facts: 'The post dates are Oct 20-25.' });
    expect(upheld.status, upheld.text).toBe(200);
    expect(upheld.body).toMatchObject({ status: 'upheld', decidedBy: 'Admin Beta', facts: 'The post dates are Oct 20-25.' });
    expect((await superAdmin.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'overturned' })).status).toBe(409);
    const decidedItem = ((await superAdmin.get('/api/admin/appeals?status=upheld')).body as { id: string }[]).find((a) => a.id === appeal.id);
    expect(decidedItem).toMatchObject({ canDecide: false, cannotDecideReason: 'This appeal has already been decided' });
    expect((await adminA.client.get('/api/admin/summary')).body.pendingAppeals).toBe(pendingBefore);
    const report = (await person.client.get(`/api/reports/${id}`)).body;
    expect(report).toMatchObject({ status: 'rejected', reasonCode: 'outside_period', appeal: { status: 'upheld', facts: 'The post dates are Oct 20-25.' } });
    expect((await notificationsOf(person)).find((n) => n.kind === 'appeal_upheld')?.body).toContain('The post dates are Oct 20-25.');
    expect(await server.db.select().from(transactions).where(eq(transactions.reportId, id))).toHaveLength(0);
  });

  it('overturns a report once when two admins act at once, crediting the ledger exactly once', async () => {
    const { person, id } = await rejectedReport(adminA.client, { status: 'rejected', reasonCode: 'not_verifiable' });
    const appeal = (await person.client.post(`/api/reports/${id}/appeal`, { text: 'The links are public now.' })).body;
    const before = (await person.client.get('/api/ambassadors/me')).body;
    const decide = (client: ApiClient) =>
      client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'overturned', gcmAwarded: '120.50', usdtAwarded: 7 });
    const answers = await Promise.all([decide(adminB.client), decide(superAdmin)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe('This appeal has already been decided');
    const credits = await server.db.select().from(transactions).where(eq(transactions.reportId, id));
    expect(credits.map((t) => `${t.currency} ${t.amount}`).sort()).toEqual(['GCM 120.50', 'USDT 7.00']);
    const after = (await person.client.get('/api/ambassadors/me')).body;
    expect(Number(after.totalGcmEarned) - Number(before.totalGcmEarned)).toBeCloseTo(120.5, 2);
    expect(Number(after.totalUsdtEarned) - Number(before.totalUsdtEarned)).toBeCloseTo(7, 2);
    // The ledger and its caches agree.
    const sums = (await server.db.execute(
      sql`select coalesce(sum(amount) filter (where currency = 'GCM'), 0)::text as gcm from transactions where ambassador_id = ${person.ambassadorId}`,
    )) as unknown as { rows: { gcm: string }[] };
    expect(Number(sums.rows[0]?.gcm)).toBeCloseTo(Number(after.totalGcmEarned), 2);
    const report = (await person.client.get(`/api/reports/${id}`)).body;
    expect(report).toMatchObject({ status: 'approved', gcmAwarded: '120.50', usdtAwarded: '7.00', reasonCode: null, appeal: { status: 'overturned' } });
    // Its history keeps the rejection, its reason and the appeal (issue 40), for the ambassador and the admins.
    const history = { reasonCode: 'not_verifiable', reasonText: REASONS.not_verifiable.rule, decidedAt: expect.any(String) };
    expect(report.appealedDecision).toMatchObject(history);
    expect(report.appeal).toMatchObject({ text: 'The links are public now.' });
    const adminView = ((await adminB.client.get('/api/admin/reports?limit=500')).body as { id: string }[]).find((r) => r.id === id);
    expect(adminView).toMatchObject({ status: 'approved', appealedDecision: history, appeal: { status: 'overturned', text: 'The links are public now.' } });
    expect((await notificationsOf(person)).find((n) => n.kind === 'appeal_overturned')?.body).toContain('120.50 GCM');
    const logged = await server.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.targetId, appeal.id), eq(adminActions.action, 'appeal_overturned')));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.changes).toMatchObject({ appeal: ['pending', 'overturned'], status: ['rejected', 'approved'], gcmAwarded: ['0.00', '120.50'] });
  });

  it('re-opens a rejected withdrawal on appeal only while the balance still covers it', async () => {
    const person = someone();
    const position = (await person.client.get('/api/ambassadors/me')).body;
    // Exactly 100 withdrawable, whatever came before.
    const topUp = (100 - Number(position.withdrawableUsdt)).toFixed(2);
    if (Number(topUp) > 0) await credit(server, person.ambassadorId, 'USDT', topUp);
    const first = await requestWithdrawal(server, person, { amount: '80.00' });
    await adminA.client.post(`/api/admin/withdrawals/${first.id}/reject`, { reasonCode: 'not_verifiable' });
    const appeal = (await person.client.post(`/api/withdrawal-requests/${first.id}/appeal`, { text: 'My wallet is verified now.' })).body;
    // The released 80 is held by another request meanwhile: re-opening would overdraw.
    const second = await requestWithdrawal(server, person, { amount: '60.00' });
    const refused = await adminB.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'overturned' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/withdrawable balance no longer covers this withdrawal/);
    expect((await server.db.select().from(appeals).where(eq(appeals.id, appeal.id)))[0]?.status).toBe('pending');
    await adminA.client.post(`/api/admin/withdrawals/${second.id}/reject`);
    const reopened = await adminB.client.post(`/api/admin/appeals/${appeal.id}/decide`, { outcome: 'overturned', facts: 'Verified.' });
    expect(reopened.status, reopened.text).toBe(200);
    const mine = (await person.client.get('/api/withdrawal-requests')).body.find((w: { id: string }) => w.id === first.id);
    expect(mine).toMatchObject({
      status: 'pending',
      stage: 'pending',
      reviewedAt: null,
      reasonCode: null,
      appeal: { status: 'overturned', facts: 'Verified.' },
    });
    expect((await person.client.get('/api/ambassadors/me')).body.withdrawableUsdt).toBe('20.00');
    // It is decided afresh, as any pending request.
    expect((await adminA.client.post(`/api/admin/withdrawals/${first.id}/approve`)).body.status).toBe('approved');
  });

  it('shows each pending item’s age against its service level, oldest appeals first, and flags those past it', async () => {
    expect((await new ApiClient(server).get('/api/settings')).body.serviceLevels).toEqual({ reports: 5, applications: 7, withdrawals: 2, appeals: 5 });
    const older = await rejectedReport(adminA.client);
    const olderAppeal = (await older.person.client.post(`/api/reports/${older.id}/appeal`, { text: 'First.' })).body;
    server.clock.advance(HOUR);
    const newer = await rejectedReport(adminA.client);
    const newerAppeal = (await newer.person.client.post(`/api/reports/${newer.id}/appeal`, { text: 'Second.' })).body;
    const pendingReport = await submitReport(someone());
    const list = async () =>
      (await adminB.client.get('/api/admin/appeals?limit=500')).body as { id: string; status: string; createdAt: string; serviceLevel: unknown }[];
    const queue = await list();
    // Pending first, oldest first; decided ones after.
    const firstDecided = queue.findIndex((a) => a.status !== 'pending');
    expect(queue.slice(firstDecided).every((a) => a.status !== 'pending')).toBe(true);
    const pending = queue.slice(0, firstDecided);
    expect(pending.map((a) => a.createdAt)).toEqual([...pending.map((a) => a.createdAt)].sort());
    expect(pending.findIndex((a) => a.id === olderAppeal.id)).toBeLessThan(pending.findIndex((a) => a.id === newerAppeal.id));
    expect(queue.slice(firstDecided).every((a) => a.serviceLevel === null)).toBe(true);
    expect(queue.find((a) => a.id === newerAppeal.id)?.serviceLevel).toMatchObject({ ageBusinessDays: 0, levelBusinessDays: 5, overdue: false });

    // A super admin sets the appeals' level to 1 business day; two days later both are past it.
    const changed = await superAdmin.patch('/api/super-admin/settings', { serviceLevels: { appeals: 1 } });
    expect(changed.body.serviceLevels).toEqual({ reports: 5, applications: 7, withdrawals: 2, appeals: 1 });
    expect((await superAdmin.patch('/api/super-admin/settings', { serviceLevels: { appeals: 0 } })).status).toBe(400);
    server.clock.advance(2 * DAY + 2 * HOUR);
    const later = (await list()).find((a) => a.id === newerAppeal.id)?.serviceLevel as { ageBusinessDays: number; overdue: boolean; dueAt: string };
    expect(later.overdue).toBe(true);
    expect(later.ageBusinessDays).toBeGreaterThanOrEqual(1);
    // The report queue: the pending report's age against 5 business days; a decided one has none.
    const reports = (await adminB.client.get('/api/admin/reports?limit=500')).body as {
      id: string;
      status: string;
      serviceLevel: { levelBusinessDays: number } | null;
    }[];
    expect(reports.find((r) => r.id === pendingReport)?.serviceLevel).toMatchObject({ levelBusinessDays: 5, overdue: false });
    expect(reports.filter((r) => r.status !== 'pending').every((r) => r.serviceLevel === null)).toBe(true);
    const withdrawals = (await adminB.client.get('/api/admin/withdrawal-requests?limit=500')).body as { status: string; serviceLevel: unknown }[];
    expect(withdrawals.filter((w) => w.status !== 'pending').every((w) => w.serviceLevel === null)).toBe(true);
    // The appeals left pending are decided, so the month below has an upheld one too.
    await adminB.client.post(`/api/admin/appeals/${olderAppeal.id}/decide`, { outcome: 'upheld' });
    await superAdmin.patch('/api/super-admin/settings', { serviceLevels: { appeals: 5 } });
  });

  it('publishes the month’s desk in its month.summary, figures equal to SQL computed here, and the landing page’s review times', async () => {
    const month = server.clock.real().toISOString().slice(0, 7);
    expect(month).toBe('2026-11');
    server.clock.set('2026-12-01T00:02:00Z');
    await runSeasonsJob(server.ctx);
    const log = (await new ApiClient(server).get('/api/public/log?limit=500')).body.entries as { kind: string; data: Record<string, any> }[];
    const summary = log.find((e) => e.kind === 'month.summary' && e.data.month === month)?.data;
    expect(summary).toBeDefined();

    const from = '2026-11-01T00:00:00Z';
    const to = '2026-12-01T00:00:00Z';
    type Row = Record<string, unknown>;
    const rows = async (query: ReturnType<typeof sql>) => ((await server.db.execute(query)) as unknown as { rows: Row[] }).rows;
    /** The hours of each decision, computed in JavaScript from the rows, and their percentile (linear, as percentile_cont). */
    const hoursOf = async (table: string, decided: string) =>
      (
        await rows(
          sql.raw(
            `select extract(epoch from (${decided} - created_at)) / 3600 as h from ${table} where status <> 'pending' and ${decided} >= '${from}' and ${decided} < '${to}'`,
          ),
        )
      )
        .map((r) => Number(r.h))
        .sort((a, b) => a - b);
    const percentile = (sorted: number[], p: number): string | null => {
      if (!sorted.length) return null;
      const at = (sorted.length - 1) * p;
      const low = Math.floor(at);
      const high = Math.ceil(at);
      return ((sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (at - low)).toFixed(1);
    };
    const expected = async (table: string, decided: string) => {
      const hours = await hoursOf(table, decided);
      return { median: percentile(hours, 0.5), p90: percentile(hours, 0.9) };
    };
    const reportHours = await expected('weekly_reports', 'reviewed_at');
    expect(reportHours.median).not.toBeNull();
    expect(summary?.hoursToDecide).toEqual({
      reports: reportHours,
      applications: await expected('ambassador_applications', 'decided_at'),
      withdrawals: await expected('withdrawal_requests', 'reviewed_at'),
    });
    expect(summary?.reports.medianHours).toBe(reportHours.median);

    // Decisions by reason code: the month's rejections and suspensions, 'unspecified' without a code.
    const reasons: Record<string, number> = Object.fromEntries([...REASON_CODES, 'unspecified'].map((c) => [c, 0]));
    const count = (list: Row[]) => list.forEach((r) => (reasons[String(r.code ?? 'unspecified')] = (reasons[String(r.code ?? 'unspecified')] ?? 0) + 1));
    count(
      await rows(sql.raw(`select reason_code as code from weekly_reports where status = 'rejected' and reviewed_at >= '${from}' and reviewed_at < '${to}'`)),
    );
    count(
      await rows(
        sql.raw(`select reason_code as code from withdrawal_requests where status = 'rejected' and reviewed_at >= '${from}' and reviewed_at < '${to}'`),
      ),
    );
    count(
      await rows(
        sql.raw(`select reason_code as code from ambassador_applications where status = 'rejected' and decided_at >= '${from}' and decided_at < '${to}'`),
      ),
    );
    count(await rows(sql.raw(`select suspension_reason_code as code from ambassadors where suspended_at >= '${from}' and suspended_at < '${to}'`)));
    expect(summary?.decisions.byReason).toEqual(reasons);
    expect(reasons.unspecified).toBeGreaterThan(0);
    expect(reasons.duplicate_link).toBeGreaterThan(0);
    expect(
      Object.values(summary?.decisions.byKind as Record<string, Record<string, number>>).reduce(
        (n, kind) => n + Object.values(kind).reduce((a, b) => a + b, 0),
        0,
      ),
    ).toBe(Object.values(reasons).reduce((a, b) => a + b, 0));

    // Appeals made and overturned in the month.
    const appealRows = await server.db.select().from(appeals);
    const inMonth = (d: Date | null) => d !== null && d >= new Date(from) && d < new Date(to);
    expect(summary?.appeals).toEqual({
      made: appealRows.filter((a) => inMonth(a.createdAt)).length,
      overturned: appealRows.filter((a) => a.status === 'overturned' && inMonth(a.decidedAt)).length,
      upheld: appealRows.filter((a) => a.status === 'upheld' && inMonth(a.decidedAt)).length,
    });
    expect(summary?.appeals.overturned).toBe(2);

    // The landing page's review times: the month's medians, from the log.
    const stats = (await new ApiClient(server).get('/api/public/stats')).body;
    expect(stats.reviewTimes).toEqual({
      month,
      reports: { medianHours: summary?.reports.medianHours },
      applications: { medianHours: summary?.applications.medianHours },
      withdrawals: { medianHours: summary?.withdrawals.medianHours },
    });
  });
});
