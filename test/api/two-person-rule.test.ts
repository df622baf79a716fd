/**
 * A two-person payout rule that two people must satisfy (issue 24, DECISIONS §5 Money out): a
 * super admin cannot approve a large withdrawal once and again as a puppet admin they just added,
 * nor as an admin whose password they set; an admin of long standing who chose their own password
 * (and, with ADMIN_MFA=required, signed in with the second factor) can. The changes that lead there
 * are emailed to every admin and shown on the desk for 7 days. On both databases.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.ts';
import { DAY, HOUR } from '../helpers/clock.ts';
import { SETUP_LINK } from '../helpers/smtp.ts';
import { ageAccounts, createAdmin, createAmbassador, credit, type CreatedAmbassador } from '../helpers/factories.ts';
import { SUPER_ADMIN, type TestServer } from '../helpers/server.ts';
import { blockServer, describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A as WALLET } from '../helpers/wallets.ts';

function codeAt(server: TestServer, secret: string): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(server.clock.now().getTime() / 30_000)), 6);
}

async function largeWithdrawal(amb: CreatedAmbassador, amount = '600.00'): Promise<string> {
  const requested = await amb.client.post('/api/withdrawal-requests', { amount, walletAddress: WALLET });
  expect(requested.status).toBe(201);
  return requested.body.id as string;
}

/** When the account was created (the start of its PAYOUT_APPROVER_MIN_AGE_HOURS). */
async function createdAt(server: TestServer, email: string): Promise<Date> {
  const row = (await server.db.select({ at: users.createdAt }).from(users).where(eq(users.email, email.toLowerCase())))[0];
  if (!row) throw new Error(`no account ${email}`);
  return row.at;
}

/**
 * The account's owner sets a password through their own mailbox (Forgot password and its link), and
 * signs in with it (and the second factor of `secret`, when on).
 */
async function resetThroughMailbox(server: TestServer, email: string, password: string, secret?: string): Promise<ApiClient> {
  const seen = server.mail.messages.length;
  expect((await new ApiClient(server).post('/api/forgot-password', { email })).status).toBe(200);
  await server.flushEmail();
  const token = server.mail.setupToken(await server.mail.waitFor(email, { after: seen, containing: SETUP_LINK }));
  expect((await new ApiClient(server).post(`/api/setup-password/${token}`, { password })).status).toBe(200);
  const client = new ApiClient(server);
  const signedIn = await client.post('/api/login', { email, password });
  expect(signedIn.status).toBe(200);
  if (secret) {
    server.clock.advance(30_000);
    expect((await client.post('/api/login/mfa', { code: codeAt(server, secret) })).status).toBe(200);
  }
  return client;
}

/** The subjects of the security notices emailed to `to` since message `after`. */
function noticesTo(server: TestServer, to: string, after: number): string[] {
  return server.mail.messages
    .slice(after)
    .filter((m) => m.to.includes(to.toLowerCase()) && m.subject.startsWith('Security notice'))
    .map((m) => m.text);
}

describeEachDatabase('the two-person payout rule (%s)', (suite) => {
  const { server } = suite;
  /** The suite's client to begin with; a new one signed in before each test. */
  let superAdmin = suite.superAdmin;
  let amb: CreatedAmbassador;
  beforeAll(async () => {
    amb = await createAmbassador(server, { admin: superAdmin });
    await credit(server, amb.ambassadorId, 'USDT', '10000.00');
    await ageAccounts(server, [SUPER_ADMIN.email]);
  });
  // Tests move the clock by more than a session lives: everyone signs in afresh.
  beforeEach(async () => {
    superAdmin = await superAdminClient(server);
    amb.client = await new ApiClient(server).login(amb.email, amb.password);
  });

  it('refuses a puppet admin added for the occasion, in either order, and tells every admin it was added', async () => {
    const veteran = await createAdmin(server, { superAdmin, fullName: 'Veteran Admin' });
    await ageAccounts(server, [veteran.email]);
    const seen = server.mail.messages.length;
    const puppet = await createAdmin(server, { superAdmin, fullName: 'Puppet Admin' });
    await server.flushEmail();
    // Every admin hears of it, the super admin included (the new one gets their invitation).
    for (const to of [veteran.email, SUPER_ADMIN.email]) {
      await server.mail.waitFor(to, { after: seen });
      expect(noticesTo(server, to, seen).some((t) => t.includes(`A new admin was added: Puppet Admin <${puppet.email}>`))).toBe(true);
    }

    const first = await largeWithdrawal(amb);
    expect((await superAdmin.post(`/api/admin/withdrawals/${first}/approve`, {})).body).toMatchObject({ status: 'pending', approvals: 1 });
    // The desk says so before the click, and from when it would count.
    const comesOfAge = new Date((await createdAt(server, puppet.email)).getTime() + 168 * HOUR).toISOString();
    const before = (await puppet.client.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === first);
    expect(before.approvers).toEqual({ needed: 2, given: 1, eligibleNow: false, reason: 'APPROVER_TOO_NEW', eligibleFrom: comesOfAge });
    const refused = await puppet.client.post(`/api/admin/withdrawals/${first}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: `Your approval cannot count for a withdrawal that needs two admins: your admin account must have existed for 168 hours; it counts from ${comesOfAge}`,
      code: 'APPROVER_TOO_NEW',
      values: { hours: '168', from: comesOfAge },
    });
    // Nothing was counted: still the one approval, and the veteran can give the second.
    const listed = (await superAdmin.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === first);
    expect(listed).toMatchObject({ approvals: 1, approvedBy: [SUPER_ADMIN.email] });
    expect((await veteran.client.post(`/api/admin/withdrawals/${first}/approve`, {})).body).toMatchObject({ status: 'approved', approvals: 2 });

    // The puppet first, its maker second: the puppet's approval does not count either.
    const second = await largeWithdrawal(amb);
    expect((await puppet.client.post(`/api/admin/withdrawals/${second}/approve`, {})).status).toBe(403);
    expect((await superAdmin.post(`/api/admin/withdrawals/${second}/approve`, {})).body).toMatchObject({ status: 'pending', approvals: 1 });
    // A small one needs one admin, and any admin may give it.
    const small = await amb.client.post('/api/withdrawal-requests', { amount: '50.00', walletAddress: WALLET });
    expect((await puppet.client.post(`/api/admin/withdrawals/${small.body.id}/approve`, {})).body.status).toBe('approved');
  });

  it('counts an admin’s age at the approval: a request made while every admin was new becomes approvable when they come of age (test clock)', async () => {
    const newcomer = await createAdmin(server, { superAdmin });
    const early = await largeWithdrawal(amb, '700.00');
    expect((await superAdmin.post(`/api/admin/withdrawals/${early}/approve`, {})).status).toBe(200);
    const comesOfAge = new Date((await createdAt(server, newcomer.email)).getTime() + 168 * HOUR).toISOString();
    const refused = await newcomer.client.post(`/api/admin/withdrawals/${early}/approve`, {});
    expect(refused.body.code).toBe('APPROVER_TOO_NEW');
    expect(refused.body.message).toContain(`it counts from ${comesOfAge}`);
    expect(refused.body.values).toEqual({ hours: '168', from: comesOfAge });
    // The super admin, who gave the first approval, is told why theirs cannot count twice.
    const forSuper = (await superAdmin.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === early);
    expect(forSuper.approvers).toEqual({ needed: 2, given: 1, eligibleNow: false, reason: 'ALREADY_APPROVED' });
    // A week and a day later, the same admin counts for the request made back then.
    server.clock.advance(8 * DAY);
    const later = await new ApiClient(server).login(newcomer.email, newcomer.password);
    const listed = (await later.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === early);
    expect(listed.approvers).toEqual({ needed: 2, given: 1, eligibleNow: true });
    expect((await later.post(`/api/admin/withdrawals/${early}/approve`, {})).body).toMatchObject({ status: 'approved', approvals: 2 });
    const decided = (await later.get('/api/admin/withdrawal-requests?status=approved')).body.find((w: { id: string }) => w.id === early);
    expect(decided.approvers).toEqual({ needed: 2, given: 2, eligibleNow: false, reason: 'NOT_PENDING' });
  });

  it('refuses an admin whose password a super admin set until they choose their own, and tells every admin', async () => {
    const admin = await createAdmin(server, { superAdmin });
    await ageAccounts(server, [admin.email]);
    const seen = server.mail.messages.length;
    expect((await superAdmin.patch(`/api/super-admin/admins/${admin.id}/password`, { newPassword: 'SetByBoss1' })).status).toBe(200);
    await server.flushEmail();
    await server.mail.waitFor(admin.email, { after: seen });
    expect(noticesTo(server, SUPER_ADMIN.email, seen).some((t) => t.includes(`A super admin set the password of admin ${admin.email}`))).toBe(true);

    const withdrawal = await largeWithdrawal(amb, '800.00');
    expect((await superAdmin.post(`/api/admin/withdrawals/${withdrawal}/approve`, {})).status).toBe(200);
    const asSet = await new ApiClient(server).login(admin.email, 'SetByBoss1');
    const refused = await asSet.post(`/api/admin/withdrawals/${withdrawal}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('APPROVER_PASSWORD_NOT_OWN');
    expect(refused.body.message).toContain('your current password was set by a super admin');
    // Changing it in the profile does not make it theirs: whoever set it could have signed in and changed it.
    expect((await asSet.post('/api/change-password', { currentPassword: 'SetByBoss1', newPassword: 'MyOwnChoice2' })).status).toBe(200);
    expect((await asSet.post(`/api/admin/withdrawals/${withdrawal}/approve`, {})).body.code).toBe('APPROVER_PASSWORD_NOT_OWN');
    // A password set through a link sent to their own mailbox is theirs: the approval counts.
    const own = await resetThroughMailbox(server, admin.email, 'MyOwnChoice3');
    expect((await own.post(`/api/admin/withdrawals/${withdrawal}/approve`, {})).body).toMatchObject({ status: 'approved', approvals: 2 });
  });

  it('refuses the whole one-person path through a dormant admin (set its password, sign in, enrol one’s own authenticator, change the password, sign in with the code), with a clear reason, and tells every admin', async () => {
    const witness = await createAdmin(server, { superAdmin, fullName: 'Witness Admin' });
    const dormant = await createAdmin(server, { superAdmin, fullName: 'Dormant Admin' });
    await ageAccounts(server, [witness.email, dormant.email]);
    const withdrawal = await largeWithdrawal(amb, '900.00');
    expect((await superAdmin.post(`/api/admin/withdrawals/${withdrawal}/approve`, {})).body).toMatchObject({ status: 'pending', approvals: 1 });

    // 1. The super admin sets the dormant admin's password and signs in as it.
    expect((await superAdmin.patch(`/api/super-admin/admins/${dormant.id}/password`, { newPassword: 'Takeover1!' })).status).toBe(200);
    const puppet = await new ApiClient(server).login(dormant.email, 'Takeover1!');
    // 2. Enrols a second factor with their own authenticator: every admin is emailed, the owner included.
    const seen = server.mail.messages.length;
    const started = await puppet.post('/api/mfa/enroll');
    expect((await puppet.post('/api/mfa/verify', { code: codeAt(server, started.body.secret) })).status).toBe(200);
    await server.flushEmail();
    const notice = `Admin ${dormant.email} turned on two-factor sign-in while their password was one a super admin set`;
    for (const to of [dormant.email, witness.email, SUPER_ADMIN.email]) {
      await server.mail.waitFor(to, { after: seen });
      expect(
        noticesTo(server, to, seen).some((t) => t.includes(notice)),
        to,
      ).toBe(true);
    }
    expect((await witness.client.get('/api/admin/security-notices')).body[0]).toMatchObject({ action: 'enable_mfa', by: dormant.email });
    // 3. Changes the password, so that it would have counted as chosen by self.
    expect((await puppet.post('/api/change-password', { currentPassword: 'Takeover1!', newPassword: 'NowMine22!' })).status).toBe(200);
    // 4. Signs in again with the code.
    server.clock.advance(30_000);
    const withCode = new ApiClient(server);
    expect((await withCode.post('/api/login', { email: dormant.email, password: 'NowMine22!' })).body).toEqual({ mfa: 'required' });
    expect((await withCode.post('/api/login/mfa', { code: codeAt(server, started.body.secret) })).status).toBe(200);
    // 5. The desk says before the click that this approval cannot count, and the approve is refused with the reason.
    const listed = (await withCode.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === withdrawal);
    expect(listed.approvers).toEqual({ needed: 2, given: 1, eligibleNow: false, reason: 'APPROVER_PASSWORD_NOT_OWN' });
    const refused = await withCode.post(`/api/admin/withdrawals/${withdrawal}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message:
        'Your approval cannot count for a withdrawal that needs two admins: your current password was set by a super admin. Set your own through the link we email you (Forgot password) first',
      code: 'APPROVER_PASSWORD_NOT_OWN',
    });
    expect((await superAdmin.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === withdrawal)).toMatchObject({
      status: 'pending',
      approvals: 1,
    });

    // Even once a password is set through the account's mailbox, the factor enrolled under the set
    // password waits PAYOUT_APPROVER_MIN_AGE_HOURS from its enrolment before its approvals count.
    const enrolledAt = (await server.db.select({ at: users.mfaEnabledAt }).from(users).where(eq(users.email, dormant.email)))[0]?.at;
    if (!enrolledAt) throw new Error('no enrolment time');
    const countsFrom = new Date(enrolledAt.getTime() + 168 * HOUR).toISOString();
    const owner = await resetThroughMailbox(server, dormant.email, 'TheOwners3!', started.body.secret);
    const waiting = await owner.post(`/api/admin/withdrawals/${withdrawal}/approve`, {});
    expect(waiting.status).toBe(403);
    expect(waiting.body).toEqual({
      message: `Your approval cannot count for a withdrawal that needs two admins: your two-factor sign-in was turned on while your password was one a super admin set, so it counts only 168 hours later, from ${countsFrom}`,
      code: 'APPROVER_MFA_TOO_NEW',
      values: { hours: '168', from: countsFrom },
    });
    expect((await owner.get('/api/admin/withdrawal-requests?status=pending')).body.find((w: { id: string }) => w.id === withdrawal).approvers).toEqual({
      needed: 2,
      given: 1,
      eligibleNow: false,
      reason: 'APPROVER_MFA_TOO_NEW',
      eligibleFrom: countsFrom,
    });
    server.clock.advance(8 * DAY);
    const later = await resetThroughMailbox(server, dormant.email, 'TheOwners4!', started.body.secret);
    expect((await later.post(`/api/admin/withdrawals/${withdrawal}/approve`, {})).body).toMatchObject({ status: 'approved', approvals: 2 });
  });

  it('shows the security notices of the last 7 days on the desk, to admins only, and an admin turning two-factor off is one', async () => {
    const admin = await createAdmin(server, { superAdmin });
    const started = await admin.client.post('/api/mfa/enroll');
    expect((await admin.client.post('/api/mfa/verify', { code: codeAt(server, started.body.secret) })).status).toBe(200);
    server.clock.advance(30_000);
    const seen = server.mail.messages.length;
    expect((await admin.client.post('/api/mfa/disable', { code: codeAt(server, started.body.secret) })).status).toBe(200);
    await server.flushEmail();
    await server.mail.waitFor(SUPER_ADMIN.email, { after: seen });
    expect(noticesTo(server, SUPER_ADMIN.email, seen).some((t) => t.includes(`Admin ${admin.email} turned off two-factor sign-in`))).toBe(true);

    const notices = await admin.client.get('/api/admin/security-notices');
    expect(notices.status).toBe(200);
    expect(notices.body[0]).toMatchObject({ action: 'disable_mfa', label: 'Turned off two-factor sign-in', by: admin.email, details: admin.email });
    expect(notices.body.map((n: { action: string }) => n.action)).toEqual(expect.arrayContaining(['add_admin', 'disable_mfa']));
    expect((await amb.client.get('/api/admin/security-notices')).status).toBe(403);
    expect((await new ApiClient(server).get('/api/admin/security-notices')).status).toBe(401);
    // A week later they are gone from the banner (the activity log keeps them).
    server.clock.advance(8 * DAY);
    expect((await (await superAdminClient(server)).get('/api/admin/security-notices')).body).toEqual([]);
  });
});

describe('the two-person rule with ADMIN_MFA=required', () => {
  const server = blockServer({ env: { ADMIN_MFA: 'required' } });

  it('counts an approval only from a session signed in with the second factor', async () => {
    // The super admin enrols, then signs in again with the code.
    const first = await superAdminClient(server);
    const superStart = await first.post('/api/mfa/enroll');
    expect((await first.post('/api/mfa/verify', { code: codeAt(server, superStart.body.secret) })).status).toBe(200);
    server.clock.advance(30_000);
    const superAdmin = new ApiClient(server);
    await superAdmin.post('/api/super-admin-login', { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, superAdminSecret: SUPER_ADMIN.secret });
    expect((await superAdmin.post('/api/login/mfa', { code: codeAt(server, superStart.body.secret) })).status).toBe(200);

    const admin = await createAdmin(server, { superAdmin });
    await ageAccounts(server, [SUPER_ADMIN.email, admin.email]);
    const started = await admin.client.post('/api/mfa/enroll');
    expect((await admin.client.post('/api/mfa/verify', { code: codeAt(server, started.body.secret) })).status).toBe(200);

    const amb = await createAmbassador(server, { admin: superAdmin });
    await credit(server, amb.ambassadorId, 'USDT', '1000.00');
    const withdrawal = await largeWithdrawal(amb);
    expect((await superAdmin.post(`/api/admin/withdrawals/${withdrawal}/approve`, {})).body).toMatchObject({ approvals: 1 });
    // The admin's session was signed in with the password alone (two-factor was turned on in it).
    const refused = await admin.client.post(`/api/admin/withdrawals/${withdrawal}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('APPROVER_NO_MFA');
    // Signed in again with the code: counted.
    server.clock.advance(30_000);
    const withCode = new ApiClient(server);
    expect((await withCode.post('/api/login', { email: admin.email, password: admin.password })).body).toEqual({ mfa: 'required' });
    expect((await withCode.post('/api/login/mfa', { code: codeAt(server, started.body.secret) })).status).toBe(200);
    expect((await withCode.post(`/api/admin/withdrawals/${withdrawal}/approve`, {})).body).toMatchObject({ status: 'approved', approvals: 2 });
  });
});
