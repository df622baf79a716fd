/**
 * The referral rule and its credits (DECISIONS §7, Referrals), on a programme whose first month's
 * terms are fixed after the super admin set the rule (so that month has it):
 * - bad rules are refused; the rule is in the month's terms and their hash, and a change applies
 *   from the next month's terms, not the running one's;
 * - rule `approved`, cap 3: a referee approved credits the referrer once ('Referral: {name}',
 *   `referral.credited` in the log, no names), also when two admins approve at once; parallel
 *   qualifications against the cap; a suspended referrer earns nothing; each flag holds a referral
 *   with its reason; release, refusal, and the refusal's one appeal decided by another admin;
 * - rule `first_report` (a programme of its own): the first approved report qualifies, once,
 *   whatever follows (two admins at once, a second report, a rejection overturned on appeal); a
 *   shared payout wallet holds it;
 * and the public log verifies (`verify-log`'s checks, and `npm run verify-log` itself).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { systemSettings, transactions } from '../../src/server/db/schema.ts';
import { ensureSeason } from '../../src/server/features/seasons/service.ts';
import { termsHashOf, type SeasonTerms } from '../../src/shared/draw-protocol-2.ts';
import { checkLog, referralsMismatched } from '../../src/shared/verify-log.ts';
import { englishOf } from '../../src/shared/verify-texts.ts';
import { ApiClient } from '../helpers/client.ts';
import { DAY, TestClock } from '../helpers/clock.ts';
import { createAdmin, uniqueEmail, type CreatedAdmin } from '../helpers/factories.ts';
import { apply, freshIp, join, wholeLog, type Joined } from '../helpers/referrals.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A } from '../helpers/wallets.ts';

const LOG_SCRIPT = path.resolve('scripts/verify-log.ts');
const APPROVED_RULE = { qualify: 'approved', gcm: '10.00', usdt: '1.50', monthlyCap: 3 };
const REPORT_RULE = { qualify: 'first_report', gcm: '5.00', usdt: '0.00', monthlyCap: 5 };

function verifyLogCli(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', LOG_SCRIPT, '--url', url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** The referral rule's own block: what the month does with it, and the log it leaves. */
describeEachDatabase(
  'referral credits on approval (%s)',
  () => ({ clock: new TestClock('2026-11-20T12:00:00Z'), listen: true }),
  ({ server, superAdmin }) => {
    let otherAdmin: CreatedAdmin;
    /** Applied from the default test address (127.0.0.1) with a device id of its own: its referees apply from elsewhere. */
    let referrer: Joined;
    let code: string;
    let holder: Joined;

    const referralsOf = async (client: ApiClient) => (await client.get('/api/referrals')).body;
    const itemOf = async (client: ApiClient, name: string) => (await referralsOf(client)).items.find((i: { name: string }) => i.name === name);
    const creditsOf = (referralId: string) => server.db.select().from(transactions).where(eq(transactions.referralId, referralId));
    const codeOf = async (person: Joined): Promise<string> => (await person.client.get('/api/ambassador')).body.referralCode;
    /** A referee applies with `code` (from an address of their own unless told), and is approved. */
    const referee = (withCode: string, options: { ip?: string; cookie?: string; fields?: Record<string, unknown> } = {}) =>
      join(server, superAdmin, { ...options, fields: { referralCode: withCode, ...options.fields } });

    beforeAll(async () => {
      otherAdmin = await createAdmin(server, { superAdmin, fullName: 'Other Admin' });
      referrer = await join(server, superAdmin, { ip: '127.0.0.1', cookie: 'did=referrerDeviceId00000A', fields: { fullName: 'Rita Referrer' } });
      code = await codeOf(referrer);
    });

    it('refuses a rule with negative money, a negative or fractional cap, or an unknown event, storing nothing', async () => {
      for (const referral of [
        { ...APPROVED_RULE, gcm: '-1' },
        { ...APPROVED_RULE, usdt: -0.5 },
        { ...APPROVED_RULE, gcm: '1.234' },
        { ...APPROVED_RULE, monthlyCap: -1 },
        { ...APPROVED_RULE, monthlyCap: 1.5 },
        { ...APPROVED_RULE, qualify: 'signed_up' },
        { qualify: 'approved' },
        'yes',
      ]) {
        const refused = await superAdmin.patch('/api/super-admin/settings', { referral });
        expect(refused.status, JSON.stringify(referral)).toBe(400);
      }
      expect((await new ApiClient(server).get('/api/settings')).body.referral).toBeNull();
      const rows = await server.db.select({ referral: systemSettings.referral }).from(systemSettings);
      expect(rows.every((r) => r.referral === null)).toBe(true);
      expect((await referrer.client.patch('/api/super-admin/settings', { referral: APPROVED_RULE })).status).toBe(403);
    });

    it('fixes the rule in the terms of the month first seen after it was set, and a change only in the next month’s', async () => {
      const set = await superAdmin.patch('/api/super-admin/settings', { referral: { ...APPROVED_RULE, gcm: 10, usdt: '1.5' } });
      expect(set.status, set.text).toBe(200);
      expect(set.body.referral).toEqual(APPROVED_RULE);
      expect((await new ApiClient(server).get('/api/settings')).body.referral).toEqual(APPROVED_RULE);
      await ensureSeason(server.ctx, '2026-11');
      const november = (await new ApiClient(server).get('/api/public/seasons/current')).body;
      expect(november.month).toBe('2026-11');
      expect(november.terms.referral).toEqual(APPROVED_RULE);
      expect(await termsHashOf(november.terms as SeasonTerms)).toBe(november.termsHash);
      const logged = (await wholeLog(server)).entries.find((e) => e.kind === 'season.terms' && (e.data as { month: string }).month === '2026-11');
      expect(logged?.data).toMatchObject({ terms: { referral: APPROVED_RULE }, termsHash: november.termsHash });
      expect((await referralsOf(referrer.client)).rule).toEqual(APPROVED_RULE);

      // A change now is December's rule, not November's.
      expect((await superAdmin.patch('/api/super-admin/settings', { referral: REPORT_RULE })).status).toBe(200);
      expect((await new ApiClient(server).get('/api/public/seasons/current')).body.terms.referral).toEqual(APPROVED_RULE);
      const december = await ensureSeason(server.ctx, '2026-12');
      expect(december.terms?.referral).toEqual(REPORT_RULE);
      expect(december.termsHash).toBe(await termsHashOf(december.terms as SeasonTerms));
    });

    it('credits the referrer once when the referee is approved: the ledger names the referee, the log names no one', async () => {
      await referee(code, { fields: { fullName: 'Ada Applicant' } });
      const item = await itemOf(referrer.client, 'Ada Applicant');
      expect(item).toMatchObject({ status: 'credited', reason: null, month: '2026-11', rule: APPROVED_RULE });
      const credits = await creditsOf(item.id);
      expect(credits.map((c) => [c.type, c.currency, c.amount, c.description, c.ambassadorId]).sort()).toEqual([
        ['referral', 'GCM', '10.00', 'Referral: Ada Applicant', referrer.ambassadorId],
        ['referral', 'USDT', '1.50', 'Referral: Ada Applicant', referrer.ambassadorId],
      ]);
      expect((await referrer.client.get('/api/ambassador')).body).toMatchObject({ monthlyGcm: '10.00', totalUsdtEarned: '1.50' });
      const listed = (await referrer.client.get('/api/transactions')).body as Array<{ type: string; description: string }>;
      expect(listed.filter((t) => t.type === 'referral').map((t) => t.description)).toEqual(['Referral: Ada Applicant', 'Referral: Ada Applicant']);

      const entries = (await wholeLog(server)).entries.filter((e) => e.kind === 'referral.credited');
      const entry = entries.find((e) => (e.data as { referralId: string }).referralId === item.id);
      expect(entry?.data).toEqual({
        month: '2026-11',
        referralId: item.id,
        ambassadorId: referrer.ambassadorId,
        rule: APPROVED_RULE,
        qualifiedAt: item.qualifiedAt,
      });
      expect(JSON.stringify(entries)).not.toMatch(/Ada|Rita|@example\.com/);
    });

    it('credits once when two admins approve the same application at once', async () => {
      const applied = await apply(server, { email: uniqueEmail('race'), fullName: 'Ray Race', referralCode: code });
      expect(applied.status).toBe(201);
      const answers = await Promise.all([superAdmin, otherAdmin.client].map((a) => a.post(`/api/admin/applications/${applied.body.id}/approve`)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const item = await itemOf(referrer.client, 'Ray Race');
      expect(item.status).toBe('credited');
      expect(await creditsOf(item.id)).toHaveLength(2);
    });

    it('holds the cap under parallel qualifications: of two approved at once with one place left, one is credited', async () => {
      // Ada and Ray are credited: one place of three is left this month.
      const sent = await Promise.all(['Cleo Cap', 'Dan Cap'].map((fullName) => apply(server, { email: uniqueEmail('cap'), fullName, referralCode: code })));
      const answers = await Promise.all(sent.map((s, i) => (i ? otherAdmin.client : superAdmin).post(`/api/admin/applications/${s.body.id}/approve`)));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const items = await Promise.all(['Cleo Cap', 'Dan Cap'].map((name) => itemOf(referrer.client, name)));
      expect(items.map((i) => i.status).sort()).toEqual(['credited', 'not_credited']);
      expect(items.find((i) => i.status === 'not_credited')?.reason).toBe('monthly_cap');
      expect(await referralsOf(referrer.client)).toMatchObject({ credited: 3, qualified: 4, applied: 4, held: 0 });
      const logged = (await wholeLog(server)).entries.filter(
        (e) => e.kind === 'referral.credited' && (e.data as { ambassadorId: string }).ambassadorId === referrer.ambassadorId,
      );
      expect(logged).toHaveLength(3);
    });

    it('credits nothing new to a suspended referrer', async () => {
      const suspended = await join(server, superAdmin, { fields: { fullName: 'Sam Suspended' } });
      const theirCode = await codeOf(suspended);
      expect((await superAdmin.patch(`/api/admin/ambassadors/${suspended.ambassadorId}`, { status: 'suspended', reasonCode: 'rule_breach' })).status).toBe(200);
      await referee(theirCode, { fields: { fullName: 'Sue Referee' } });
      const item = await itemOf(suspended.client, 'Sue Referee');
      expect(item).toMatchObject({ status: 'not_credited', reason: 'referrer_suspended' });
      expect(await creditsOf(item.id)).toEqual([]);
    });

    it('holds a referral whose referee shares the referrer’s network, browser, Telegram or mailbox, with the flag as its reason', async () => {
      holder = await join(server, superAdmin, { ip: '10.250.0.1', cookie: 'did=holderDeviceId0000000B', fields: { fullName: 'Hal Holder' } });
      const holderCode = await codeOf(holder);
      const telegram = (await holder.client.get('/api/ambassador')).body.personalTelegramHandle as string;
      await referee(holderCode, { ip: '10.250.0.1', fields: { fullName: 'Net Same' } });
      await referee(holderCode, { cookie: 'did=holderDeviceId0000000B', fields: { fullName: 'Dev Same' } });
      await referee(holderCode, { fields: { fullName: 'Tel Same', personalTelegramHandle: telegram.toUpperCase() } });
      const [local, domain] = holder.email.split('@');
      await referee(holderCode, { fields: { fullName: 'Self Same', email: `${local}+again@${domain}` } });
      const view = await referralsOf(holder.client);
      const itemNamed = (name: string) => view.items.find((i: { name: string }) => i.name === name);
      expect(itemNamed('Net Same')).toMatchObject({ status: 'held', reason: 'same_network' });
      expect(itemNamed('Dev Same')).toMatchObject({ status: 'held', reason: 'shared_device' });
      expect(itemNamed('Tel Same')).toMatchObject({ status: 'held', reason: 'shared_telegram' });
      expect(itemNamed('Self Same')).toMatchObject({ status: 'held', reason: 'self_referral' });
      expect(view).toMatchObject({ held: 4, credited: 0, qualified: 4 });
      for (const item of view.items) expect(await creditsOf(item.id)).toEqual([]);
      // The admins see them with the flags that held them.
      const held = (await otherAdmin.client.get('/api/admin/referrals?limit=500')).body as Array<{ reason: string; flags: string[]; referrer: { id: string } }>;
      const mine = held.filter((h) => h.referrer.id === holder.ambassadorId);
      expect(mine.map((h) => h.reason).sort()).toEqual(['same_network', 'self_referral', 'shared_device', 'shared_telegram']);
      expect(mine.every((h) => h.flags.includes(h.reason))).toBe(true);
      expect((await holder.client.get('/api/admin/referrals')).status).toBe(403);
    });

    it('releases a held referral (credited once) and refuses another with its reason; a refusal is appealed once and decided by another admin', async () => {
      const held = (await otherAdmin.client.get('/api/admin/referrals?limit=500')).body as Array<{ id: string; reason: string; referrer: { id: string } }>;
      const of = (reason: string) => held.find((h) => h.reason === reason && h.referrer.id === holder.ambassadorId);
      const network = of('same_network');
      const telegram = of('shared_telegram');
      if (!network || !telegram) throw new Error('the held referrals are missing');

      expect((await superAdmin.post(`/api/admin/referrals/${network.id}/release`, { reasonCode: 'low_effort' })).body.code).toBe('REASON_NOT_FOR_DECISION');
      const released = await superAdmin.post(`/api/admin/referrals/${network.id}/release`, { reasonCode: 'other', facts: 'A shared office network.' });
      expect(released.status, released.text).toBe(200);
      expect(released.body).toMatchObject({ status: 'credited', facts: 'A shared office network.' });
      expect(await creditsOf(network.id)).toHaveLength(2);
      const again = await otherAdmin.client.post(`/api/admin/referrals/${network.id}/release`, {});
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('REFERRAL_NOT_HELD');
      expect(await creditsOf(network.id)).toHaveLength(2);
      expect((await superAdmin.post('/api/admin/referrals/7d3b2a52-0000-4000-8000-000000000000/release', {})).status).toBe(404);

      const refused = await superAdmin.post(`/api/admin/referrals/${telegram.id}/refuse`, { reasonCode: 'rule_breach', facts: 'One person, two accounts.' });
      expect(refused.status, refused.text).toBe(200);
      expect(refused.body).toMatchObject({ status: 'refused', reasonCode: 'rule_breach' });
      expect(await creditsOf(telegram.id)).toEqual([]);
      // The referrer heard of each: held four times, one credited on release, one refused with its reason.
      const told = (await holder.client.get('/api/notifications')).body as Array<{ kind: string; title: string; body: string; link: string }>;
      const titles = (kind: string) => told.filter((n) => n.kind === kind).map((n) => n.title);
      expect(titles('referral_held').sort()).toEqual(['Dev Same', 'Net Same', 'Self Same', 'Tel Same'].map((n) => `Your referral of ${n} is on hold`));
      expect(titles('referral_credited')).toEqual(['Your referral of Net Same was credited']);
      expect(told.find((n) => n.kind === 'referral_refused')).toMatchObject({
        title: 'Your referral of Tel Same was not credited',
        body: expect.stringContaining('One person, two accounts.'),
        link: '/referrals',
      });
      // The referrer sees the refusal with its reason, and may appeal once.
      const item = (await referralsOf(holder.client)).items.find((i: { id: string }) => i.id === telegram.id);
      expect(item).toMatchObject({ status: 'refused', reason: 'rule_breach', facts: 'One person, two accounts.', appealOpen: true, appeal: null });
      expect((await referrer.client.post(`/api/referrals/${telegram.id}/appeal`, { text: 'Not mine' })).status).toBe(404);
      expect((await holder.client.post(`/api/referrals/${network.id}/appeal`, { text: 'Credited already' })).body.code).toBe('REFERRAL_NOT_APPEALABLE');
      const appeal = await holder.client.post(`/api/referrals/${telegram.id}/appeal`, { text: 'My brother gave my handle by mistake; we are two people.' });
      expect(appeal.status, appeal.text).toBe(201);
      expect((await holder.client.post(`/api/referrals/${telegram.id}/appeal`, { text: 'Again' })).status).toBe(409);
      const queued = ((await otherAdmin.client.get('/api/admin/appeals?limit=500')).body as Array<{ id: string; kind: string; subjectId: string }>).find(
        (a) => a.subjectId === telegram.id,
      );
      expect(queued?.kind).toBe('referral');
      const sameAdmin = await superAdmin.post(`/api/admin/appeals/${queued?.id}/decide`, { outcome: 'overturned', facts: 'x' });
      expect(sameAdmin.status).toBe(403);
      const decided = await otherAdmin.client.post(`/api/admin/appeals/${queued?.id}/decide`, { outcome: 'overturned', facts: 'Two people, checked.' });
      expect(decided.status, decided.text).toBe(200);
      expect((await referralsOf(holder.client)).items.find((i: { id: string }) => i.id === telegram.id)).toMatchObject({ status: 'credited' });
      expect(await creditsOf(telegram.id)).toHaveLength(2);
    });

    it('leaves a log that verify-log holds, and whose referral entries fail it when changed', async () => {
      const log = await wholeLog(server);
      const verdict = await checkLog(log);
      expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
      const cli = await verifyLogCli(server.url);
      expect(cli.code, cli.output).toBe(0);

      const credited = log.entries.filter((e) => e.kind === 'referral.credited');
      expect(credited).toHaveLength(5);
      const first = credited[0];
      if (!first) throw new Error('no credit logged');
      const twice = [...log.entries, { ...first, seq: 10_000 }];
      expect(referralsMismatched(twice).map((f) => englishOf(f.reason))).toEqual([expect.stringContaining('already credited')]);
      const otherRule = log.entries.map((e) => (e === first ? { ...e, data: { ...(e.data as object), rule: { ...APPROVED_RULE, gcm: '99.00' } } } : e));
      expect(referralsMismatched(otherRule).map((f) => englishOf(f.reason))).toEqual([expect.stringContaining('another rule')]);
      const overCap = log.entries.map((e) =>
        e.kind === 'referral.credited' ? { ...e, data: { ...(e.data as object), ambassadorId: referrer.ambassadorId } } : e,
      );
      expect(referralsMismatched(overCap).map((f) => englishOf(f.reason))).toEqual([
        expect.stringContaining('above the cap of 3'),
        expect.stringContaining('above the cap of 3'),
      ]);
    });
  },
);

// Reports are one a day: the days lived here outlast a session's default idle time (a day).
describeEachDatabase(
  'referral credits on the first report (%s)',
  () => ({ clock: new TestClock('2026-11-10T12:00:00Z'), env: { SESSION_IDLE_MINUTES: String(7 * 24 * 60) } }),
  ({ server, superAdmin }) => {
    let otherAdmin: CreatedAdmin;
    let referrer: Joined;
    let code: string;

    const itemOf = async (name: string) =>
      ((await referrer.client.get('/api/referrals')).body.items as Array<{ id: string; name: string }>).find((i) => i.name === name);
    const creditsOf = (referralId: string) => server.db.select().from(transactions).where(eq(transactions.referralId, referralId));
    const referee = (fullName: string) => join(server, superAdmin, { fields: { referralCode: code, fullName } });
    const report = async (person: Joined) => {
      const today = server.clock.real();
      const day = (offset: number) => new Date(today.getTime() + offset * DAY).toISOString().slice(0, 10);
      const sent = await person.client.post('/api/reports', {
        weekStartDate: day(-7),
        weekEndDate: day(-1),
        activityReport: 'Posted 5 threads on X about the farm game (12k views), hosted a Telegram AMA with 300 attendees.',
      });
      expect(sent.status, sent.text).toBe(201);
      server.clock.advance(DAY);
      return sent.body.id as string;
    };
    const approve = (id: string, by: ApiClient = superAdmin) =>
      by.post(`/api/admin/reports/${id}/review`, { status: 'approved', gcmAwarded: '20', usdtAwarded: '2' });

    beforeAll(async () => {
      otherAdmin = await createAdmin(server, { superAdmin, fullName: 'Other Admin' });
      expect((await superAdmin.patch('/api/super-admin/settings', { referral: REPORT_RULE })).status).toBe(200);
      await ensureSeason(server.ctx, '2026-11');
      referrer = await join(server, superAdmin, { fields: { fullName: 'Rob Referrer' } });
      code = (await referrer.client.get('/api/ambassador')).body.referralCode;
    });

    it('qualifies on the first approved report only, once, whatever follows', async () => {
      const fay = await referee('Fay First');
      expect(await itemOf('Fay First')).toMatchObject({ status: 'applied', qualifiedAt: null });
      const first = await report(fay);
      const raced = await Promise.all([approve(first), approve(first, otherAdmin.client)]);
      expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
      const item = await itemOf('Fay First');
      expect(item).toMatchObject({ status: 'credited', month: '2026-11', rule: REPORT_RULE });
      // A rule of USDT 0 makes no USDT entry: the GCM only.
      expect((await creditsOf(item?.id ?? '')).map((c) => [c.currency, c.amount, c.description])).toEqual([['GCM', '5.00', 'Referral: Fay First']]);

      // Another report approved; one rejected, appealed and overturned: still the one credit.
      expect((await approve(await report(fay))).status).toBe(200);
      const rejected = await report(fay);
      expect((await superAdmin.post(`/api/admin/reports/${rejected}/review`, { status: 'rejected', reasonCode: 'low_effort' })).status).toBe(200);
      expect((await fay.client.post(`/api/reports/${rejected}/appeal`, { text: 'It was a real week of work.' })).status).toBe(201);
      const appeal = ((await otherAdmin.client.get('/api/admin/appeals?limit=500')).body as Array<{ id: string; subjectId: string }>).find(
        (a) => a.subjectId === rejected,
      );
      const overturned = await otherAdmin.client.post(`/api/admin/appeals/${appeal?.id}/decide`, {
        outcome: 'overturned',
        facts: 'ok',
        gcmAwarded: '1',
        usdtAwarded: '0',
      });
      expect(overturned.status, overturned.text).toBe(200);
      expect(await creditsOf(item?.id ?? '')).toHaveLength(1);
      expect((await checkLog(await wholeLog(server))).ok).toBe(true);
    });

    it('qualifies a first report approved on appeal, and holds a referee paid to the referrer’s own wallet', async () => {
      const gus = await referee('Gus Appeal');
      const rejected = await report(gus);
      expect((await superAdmin.post(`/api/admin/reports/${rejected}/review`, { status: 'rejected', reasonCode: 'low_effort' })).status).toBe(200);
      expect(await itemOf('Gus Appeal')).toMatchObject({ status: 'applied' });
      expect((await gus.client.post(`/api/reports/${rejected}/appeal`, { text: 'It was a real week of work.' })).status).toBe(201);
      const appeal = ((await otherAdmin.client.get('/api/admin/appeals?limit=500')).body as Array<{ id: string; subjectId: string }>).find(
        (a) => a.subjectId === rejected,
      );
      expect(
        (await otherAdmin.client.post(`/api/admin/appeals/${appeal?.id}/decide`, { outcome: 'overturned', facts: 'ok', gcmAwarded: '3', usdtAwarded: '0' }))
          .status,
      ).toBe(200);
      expect(await itemOf('Gus Appeal')).toMatchObject({ status: 'credited' });

      expect((await referrer.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_A })).status).toBe(200);
      const wes = await referee('Wes Wallet');
      expect((await wes.client.patch('/api/ambassador', { usdtWalletAddress: WALLET_A.toLowerCase() })).status).toBe(200);
      expect((await approve(await report(wes))).status).toBe(200);
      expect(await itemOf('Wes Wallet')).toMatchObject({ status: 'held', reason: 'shared_wallet' });
    });

    it('holds a referee who signs in from a browser or a network the referrer signed in from', async () => {
      // The tests before moved the clock past the super admin's idle limit: a fresh sign-in.
      await superAdmin.superAdminLogin();
      // The referrer signs in from a browser of theirs at home.
      const home = freshIp();
      const browser = { cookie: 'did=robHomeBrowserId00000C' };
      // (A sign-in ends the account's session elsewhere: the referrer reads their page from home from now on.)
      const referrerHome = new ApiClient(server, { ip: home });
      expect((await referrerHome.post('/api/login', { email: referrer.email, password: referrer.password }, browser)).status).toBe(200);
      referrer.client = referrerHome;
      const sid = await referee('Sid Sighting');
      const dee = await referee('Dee Home');
      // One signs in from the referrer's browser, the other from the referrer's home network; each
      // then reports from there (a sign-in ends the account's session elsewhere).
      const sidThere = new ApiClient(server, { ip: freshIp() });
      expect((await sidThere.post('/api/login', { email: sid.email, password: sid.password }, browser)).status).toBe(200);
      const deeThere = new ApiClient(server, { ip: home });
      expect((await deeThere.post('/api/login', { email: dee.email, password: dee.password })).status).toBe(200);
      expect((await approve(await report({ ...sid, client: sidThere }))).status).toBe(200);
      expect((await approve(await report({ ...dee, client: deeThere }))).status).toBe(200);
      expect(await itemOf('Sid Sighting')).toMatchObject({ status: 'held', reason: 'shared_device' });
      expect(await itemOf('Dee Home')).toMatchObject({ status: 'held', reason: 'same_network' });
    });
  },
);
