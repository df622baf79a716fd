/**
 * Rate limits under parallel attack (DECISIONS §4): every attempt is counted before its password is
 * checked, in one atomic statement, so a burst of parallel guesses gets no more checks than the
 * limit allows, on each database (PostgreSQL when TEST_DATABASE_URL is set: real connections racing
 * on the counter rows).
 */
import { expect, it } from 'vitest';
import { hitAll, refund } from '../../src/server/auth/rate-limit.ts';
import { ApiClient, type ApiResponse } from '../helpers/client.ts';
import { createAmbassador, uniqueEmail } from '../helpers/factories.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

const WINDOW_PASSED = 16 * 60_000;
const TOO_MANY_SIGN_INS = 'Too many failed login attempts. Please try again later.';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';
const WRONG_CURRENT = 'Current password is incorrect';

type Answer = ApiResponse<{ message?: string }>;

/** How many answers had each status, e.g. { 401: 10, 429: 30 }. */
function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

function parallel(n: number, send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => send(i)));
}

describeEachDatabase('rate limits under parallel requests on %s', ({ kind, server }) => {
  it('checks at most 10 of 40 parallel wrong passwords for one account, then lets the right one in after the window', async () => {
    const amb = await createAmbassador(server);
    const attacker = new ApiClient(server, { ip: '10.30.0.1' });
    const answers = await parallel(40, () => attacker.post('/api/login', { email: amb.email, password: 'wrong-password' }));
    expect(tally(answers)).toEqual({ 401: 10, 429: 30 });
    for (const a of answers.filter((x) => x.status === 429)) expect(a.body).toEqual({ message: TOO_MANY_SIGN_INS, code: 'AUTH_TOO_MANY_SIGN_INS' });

    // The account stays closed for the window, from any address, even to the right password.
    const owner = new ApiClient(server, { ip: '10.30.0.2' });
    expect((await owner.post('/api/login', { email: amb.email, password: amb.password })).status).toBe(429);
    server.clock.advance(WINDOW_PASSED);
    expect((await owner.post('/api/login', { email: amb.email, password: amb.password })).status).toBe(200);

    // That success started the account's count again: 10 more failures are checked, the 11th is not.
    const again = await parallel(10, (i) => new ApiClient(server, { ip: `10.30.1.${i}` }).post('/api/login', { email: amb.email, password: 'wrong-again' }));
    expect(tally(again)).toEqual({ 401: 10 });
    expect((await new ApiClient(server, { ip: '10.30.1.99' }).post('/api/login', { email: amb.email, password: amb.password })).status).toBe(429);
  });

  it('counts failures per address across accounts (50) in parallel bursts, and a success does not clear them', async () => {
    const amb = await createAmbassador(server);
    const attacker = new ApiClient(server, { ip: '10.31.0.1' });
    // Three bursts of 20 (each fits the hashing queue even on one core): 60 guesses at unknown emails.
    const answers: Answer[] = [];
    for (let burst = 0; burst < 3; burst++) {
      answers.push(...(await parallel(20, () => attacker.post('/api/login', { email: uniqueEmail('nobody'), password: 'guess-1234' }))));
    }
    expect(tally(answers)).toEqual({ 401: 50, 429: 10 });

    server.clock.advance(WINDOW_PASSED);
    const office = new ApiClient(server, { ip: '10.31.0.2' });
    for (let i = 0; i < 49; i++) expect((await office.post('/api/login', { email: `nobody${i}@example.com`, password: 'guess-1234' })).status).toBe(401);
    // A success is not slowed and is not counted as a failure...
    expect((await office.post('/api/login', { email: amb.email, password: amb.password })).status).toBe(200);
    // ...but it does not wipe the address's 49 failures either: one more is checked, then 429.
    expect((await office.post('/api/login', { email: 'nobody-last@example.com', password: 'guess-1234' })).status).toBe(401);
    expect((await office.post('/api/login', { email: 'nobody-after@example.com', password: 'guess-1234' })).status).toBe(429);
  });

  it('checks at most 5 of 40 parallel super admin sign-ins with a wrong secret, and does not count successes', async () => {
    const attacker = new ApiClient(server, { ip: '10.32.0.1' });
    const answers = await parallel(40, () =>
      attacker.post('/api/super-admin-login', { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, superAdminSecret: 'wrong-secret' }),
    );
    expect(tally(answers)).toEqual({ 401: 5, 429: 35 });
    for (const a of answers.filter((x) => x.status === 429)) expect(a.body).toEqual({ message: TOO_MANY_SIGN_INS, code: 'AUTH_TOO_MANY_SIGN_INS' });

    const right = { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, superAdminSecret: SUPER_ADMIN.secret };
    expect((await attacker.post('/api/super-admin-login', right)).status).toBe(429);
    server.clock.advance(WINDOW_PASSED);
    expect((await attacker.post('/api/super-admin-login', right)).status).toBe(200);

    // Successful super admin sign-ins are not slowed: many in a row from one address all get in.
    const owner = new ApiClient(server, { ip: '10.32.0.2' });
    for (let i = 0; i < 8; i++) expect((await owner.post('/api/super-admin-login', right)).status).toBe(200);
  });

  it('limits wrong current passwords on change-password: 30 in a row, then 120 in parallel, no 503', async () => {
    const amb = await createAmbassador(server);
    const client = await new ApiClient(server, { ip: '10.33.0.1' }).login(amb.email, amb.password);
    const wrong = (i: number) => client.post('/api/change-password', { currentPassword: `wrong-${i}`, newPassword: 'NewPass456' });

    const sequential: Answer[] = [];
    for (let i = 0; i < 30; i++) sequential.push(await wrong(i));
    expect(tally(sequential)).toEqual({ 400: 10, 429: 20 });
    for (const a of sequential.filter((x) => x.status === 400)) expect(a.body.message).toBe(WRONG_CURRENT);
    for (const a of sequential.filter((x) => x.status === 429)) expect(a.body).toEqual({ message: TOO_MANY_ATTEMPTS, code: 'AUTH_TOO_MANY_ATTEMPTS' });

    // A fresh window: 120 at once still get only 10 checks, and never fill the hashing pool (503).
    server.clock.advance(WINDOW_PASSED);
    const burst = await parallel(120, (i) => wrong(100 + i));
    expect(tally(burst)).toEqual({ 400: 10, 429: 110 });
    for (const a of burst.filter((x) => x.status === 400)) expect(a.body.message).toBe(WRONG_CURRENT);

    // The right password waits for the window like any other attempt, then works.
    const change = (current: string, next: string) => client.post('/api/change-password', { currentPassword: current, newPassword: next });
    expect((await change(amb.password, 'NewPass456')).status).toBe(429);
    server.clock.advance(WINDOW_PASSED);
    expect((await change(amb.password, 'NewPass456')).status).toBe(200);
    expect((await new ApiClient(server, { ip: '10.33.0.2' }).post('/api/login', { email: amb.email, password: 'NewPass456' })).status).toBe(200);

    // A success starts the account's count again.
    for (let i = 0; i < 9; i++) expect((await wrong(200 + i)).status).toBe(400);
    expect((await change('NewPass456', 'NewPass789')).status).toBe(200);
    const after = await parallel(11, (i) => wrong(300 + i));
    expect(tally(after)).toEqual({ 400: 10, 429: 1 });
  });

  it('counts change-password failures per address across accounts', async () => {
    // Limit per address: LOGIN_MAX_FAILURES_PER_ADDRESS (50); 6 accounts of 10 failures each from one address.
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const amb = await createAmbassador(server);
      const client = await new ApiClient(server, { ip: '10.34.0.1' }).login(amb.email, amb.password);
      const answers = await parallel(10, (i) => client.post('/api/change-password', { currentPassword: `wrong-${i}`, newPassword: 'NewPass456' }));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(tally(statuses.map((status) => ({ status }) as Answer))).toEqual({ 400: 50, 429: 10 });
  });

  it('counts limits with different windows in one statement, each in its own window, and takes back a refund', async () => {
    const short = { key: `test:short:${kind}`, max: 3, windowMs: 60_000 };
    const long = { key: `test:long:${kind}`, max: 3, windowMs: 3_600_000 };
    const counts = await Promise.all(Array.from({ length: 5 }, () => hitAll(server.db, [long, short], server.clock.now())));
    expect(counts.map((c) => c.get(short.key)).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(counts.map((c) => c.get(long.key)).sort()).toEqual([1, 2, 3, 4, 5]);
    server.clock.advance(2 * 60_000);
    const now = server.clock.now();
    const next = await hitAll(server.db, [short, long], now);
    expect([next.get(short.key), next.get(long.key)]).toEqual([1, 6]);
    await refund(server.db, now, { cleared: [short], refunded: [long] });
    const after = await hitAll(server.db, [short, long], server.clock.now());
    expect([after.get(short.key), after.get(long.key)]).toEqual([1, 6]);
  });
});
