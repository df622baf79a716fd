/**
 * Referral attribution (DECISIONS §7, Referrals): each ambassador's code, `/r/{code}` setting the
 * `ref` cookie and counting clicks once per visitor a day (bots not counted), garbage and unknown
 * codes going to the form without a referrer, and applications keeping their referrer, from the
 * body's code or the cookie's; bad input refused with nothing stored.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ambassadorApplications, referralClicks, referrals } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { DAY } from '../helpers/clock.ts';
import { createAmbassador, uniqueEmail, validApplication, type CreatedAmbassador } from '../helpers/factories.ts';
import { apply, follow, freshIp, GOOGLEBOT_UA } from '../helpers/referrals.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

describeEachDatabase('referral links (%s)', ({ server, superAdmin: admin }) => {
  let referrer: CreatedAmbassador;
  let code: string;

  const clicks = async () => (await referrer.client.get('/api/referrals')).body.clicks as number;
  const referralOf = async (email: string) => {
    const rows = await server.db
      .select({ referrerId: referrals.referrerId, status: referrals.status })
      .from(referrals)
      .innerJoin(ambassadorApplications, eq(ambassadorApplications.id, referrals.applicationId))
      .where(eq(ambassadorApplications.email, email));
    return rows;
  };
  const applicationsOf = (email: string) => server.db.select().from(ambassadorApplications).where(eq(ambassadorApplications.email, email));

  beforeAll(async () => {
    referrer = await createAmbassador(server, { admin });
    code = (await referrer.client.get('/api/ambassador')).body.referralCode;
  });

  it('gives every ambassador a code of their own in GET /api/ambassador, and the link in GET /api/referrals', async () => {
    expect(code).toMatch(/^[0-9a-f]{12}$/);
    const other = await createAmbassador(server, { admin });
    expect((await other.client.get('/api/ambassador')).body.referralCode).not.toBe(code);
    const mine = (await referrer.client.get('/api/referrals')).body;
    expect(mine).toMatchObject({ code, link: `${server.config.appUrl}/r/${code}`, clicks: 0, applied: 0, qualified: 0, credited: 0, held: 0, items: [] });
    expect((await new ApiClient(server).get('/api/referrals')).status).toBe(401);
  });

  it('redirects /r/{code} to /apply with a 30-day first-party ref cookie, HttpOnly and SameSite=Lax', async () => {
    const followed = await follow(server, `/r/${code}`, { ip: freshIp() });
    expect(followed.status).toBe(302);
    expect(followed.location).toBe('/apply');
    const ref = followed.setCookies.get('ref') ?? '';
    expect(ref).toContain(`ref=${code}`);
    expect(ref).toMatch(/Max-Age=2592000/);
    expect(ref).toMatch(/HttpOnly/);
    expect(ref).toMatch(/SameSite=Lax/);
    expect(ref).toMatch(/Path=\//);
    // The browser's own device id comes with it (kept only as an HMAC on the server).
    expect(followed.cookie('did')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The code is read in any case.
    expect((await follow(server, `/r/${code.toUpperCase()}`, { ip: freshIp() })).cookie('ref')).toBe(code);
  });

  it('sends garbage, an empty code and an unknown code to the form without a referrer, setting nothing', async () => {
    const before = await clicks();
    for (const path of ['/r/not-a-code', '/r/%3Cscript%3E', '/r/', '/r', `/r/${'0'.repeat(12)}`, `/r/${code}0`, `/r/${'x'.repeat(150)}`]) {
      const followed = await follow(server, path, { ip: freshIp() });
      expect(followed.status, path).toBe(302);
      expect(followed.location, path).toBe('/apply');
      expect([...followed.setCookies.keys()], path).toEqual([]);
    }
    expect(await clicks()).toBe(before);
  });

  it('counts a click once per visitor a day, and none from a known bot or a client without a user agent', async () => {
    const before = await clicks();
    const first = await follow(server, `/r/${code}`, { ip: freshIp() });
    const did = first.cookie('did');
    expect(await clicks()).toBe(before + 1);
    // The same browser again, even from another network: not counted again today.
    await follow(server, `/r/${code}`, { ip: freshIp(), cookie: `did=${did}` });
    await follow(server, `/r/${code}`, { ip: freshIp(), cookie: `did=${did}; ref=${code}` });
    expect(await clicks()).toBe(before + 1);
    // A browser that keeps no cookie is known by its address and user agent.
    const cookieless = freshIp();
    await follow(server, `/r/${code}`, { ip: cookieless });
    await follow(server, `/r/${code}`, { ip: cookieless });
    expect(await clicks()).toBe(before + 2);
    // Bots and clients without a user agent are sent on, and not counted.
    const bot = await follow(server, `/r/${code}`, { ip: freshIp(), userAgent: GOOGLEBOT_UA });
    expect(bot.status).toBe(302);
    await follow(server, `/r/${code}`, { ip: freshIp(), userAgent: 'curl/8.5.0' });
    await follow(server, `/r/${code}`, { ip: freshIp(), userAgent: null });
    expect(await clicks()).toBe(before + 2);
    // The next day the same browser counts again.
    server.clock.advance(DAY);
    // A day on, the sessions have idled out: sign in again.
    await referrer.client.login(referrer.email, referrer.password);
    await admin.superAdminLogin();
    await follow(server, `/r/${code}`, { ip: freshIp(), cookie: `did=${did}` });
    expect(await clicks()).toBe(before + 3);
    const rows = await server.db.select().from(referralClicks).where(eq(referralClicks.ambassadorId, referrer.ambassadorId));
    expect(rows).toHaveLength(before + 3);
    // Neither the device id nor the address is stored as it was sent.
    expect(JSON.stringify(rows)).not.toContain(String(did));
  });

  it('records the referrer of an application sent with the ref cookie (the apply page’s), or with referralCode', async () => {
    const viaCookie = uniqueEmail('ref-cookie');
    const followed = await follow(server, `/r/${code}`, { ip: freshIp() });
    const cookie = `ref=${followed.cookie('ref')}; did=${followed.cookie('did')}`;
    expect((await apply(server, { email: viaCookie }, { cookie })).status).toBe(201);
    expect(await referralOf(viaCookie)).toEqual([{ referrerId: referrer.ambassadorId, status: 'applied' }]);

    const viaBody = uniqueEmail('ref-body');
    expect((await apply(server, { email: viaBody, referralCode: ` ${code.toUpperCase()} ` })).status).toBe(201);
    expect(await referralOf(viaBody)).toEqual([{ referrerId: referrer.ambassadorId, status: 'applied' }]);

    const without = uniqueEmail('ref-none');
    expect((await apply(server, { email: without })).status).toBe(201);
    expect(await referralOf(without)).toEqual([]);

    const mine = (await referrer.client.get('/api/referrals')).body;
    expect(mine.applied).toBe(2);
    expect(mine.items.map((i: { status: string }) => i.status)).toEqual(['applied', 'applied']);
    expect(mine.items[0]).toMatchObject({ reason: null, qualifiedAt: null });
  });

  it('refuses a referralCode that is not one (400, nothing stored), and ignores a cookie that names nobody', async () => {
    const unknown = uniqueEmail('ref-unknown');
    const refused = await apply(server, { email: unknown, referralCode: 'abcdefabcdef' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'REFERRAL_CODE_UNKNOWN', errors: [{ path: 'referralCode' }] });
    expect(await applicationsOf(unknown)).toEqual([]);

    const malformed = uniqueEmail('ref-malformed');
    for (const referralCode of ['not a code', 12345, 'abc', { code }]) {
      const response = await apply(server, { email: malformed, referralCode });
      expect(response.status, JSON.stringify(referralCode)).toBe(400);
      expect((response.body as { errors?: Array<{ path: string }> }).errors?.[0]?.path).toBe('referralCode');
    }
    expect(await applicationsOf(malformed)).toEqual([]);

    const staleCookie = uniqueEmail('ref-stale');
    expect((await apply(server, { email: staleCookie }, { cookie: `ref=${'f'.repeat(12)}` })).status).toBe(201);
    expect(await applicationsOf(staleCookie)).toHaveLength(1);
    expect(await referralOf(staleCookie)).toEqual([]);
  });

  it('keeps each application’s browser as an HMAC, and flags applications sent from one browser (shared_device)', async () => {
    const did = (await follow(server, `/r/${code}`, { ip: freshIp() })).cookie('did');
    const [first, second, elsewhere] = [uniqueEmail('dev-a'), uniqueEmail('dev-b'), uniqueEmail('dev-c')];
    expect((await apply(server, { email: first }, { cookie: `did=${did}` })).status).toBe(201);
    expect((await apply(server, { email: second }, { cookie: `did=${did}` })).status).toBe(201);
    expect((await apply(server, { email: elsewhere })).status).toBe(201);
    const [a] = await applicationsOf(first);
    expect(a?.deviceHash).toBeTruthy();
    expect(a?.deviceHash).not.toBe(did);
    const list = (await admin.get('/api/admin/applications?limit=500')).body as Array<{ email: string; flags: string[] }>;
    const flagsOf = (email: string) => list.find((row) => row.email === email)?.flags;
    expect(flagsOf(first)).toContain('shared_device');
    expect(flagsOf(second)).toContain('shared_device');
    expect(flagsOf(elsewhere)).not.toContain('shared_device');
    // An application from a browser without a device id gives it one.
    const fresh = await server.app.inject({
      method: 'POST',
      url: '/api/applications',
      remoteAddress: freshIp(),
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: JSON.stringify(validApplication({ email: uniqueEmail('dev-new') })),
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.cookies.find((c) => c.name === 'did')?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
