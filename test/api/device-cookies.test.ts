/**
 * OWASP device cookies: a stranger who spends an account's allowance of failed sign-ins cannot
 * lock out a browser that has signed in to that account before.
 */
import { beforeAll, expect, it } from 'vitest';
import { createAmbassador, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

describeEachDatabase('device cookies (%s)', ({ server, superAdmin }) => {
  let owner: CreatedAmbassador;
  beforeAll(async () => {
    owner = await createAmbassador(server, { admin: superAdmin });
  });

  /** A sign-in from a browser holding `device` (or none), from its own address. */
  async function signIn(password: string, device: string | undefined, ip: string) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers: { origin: server.origin, 'content-type': 'application/json', ...(device ? { cookie: `device=${device}` } : {}) },
      payload: { email: owner.email, password },
    });
    const issued = response.cookies.find((c) => c.name === 'device');
    const body = response.statusCode === 200 ? (response.json() as { welcomeBack?: unknown }) : {};
    return { status: response.statusCode, device: issued?.value, cookie: issued, welcomeBack: body.welcomeBack };
  }

  it('lets the owner’s known browser in while strangers are locked out, and limits the known browser on its own', async () => {
    // The owner's browser signs in once and keeps its device cookie.
    const first = await signIn(owner.password, undefined, '203.0.113.10');
    expect(first.status).toBe(200);
    expect(first.cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
    const known = first.device;
    expect(known).toBeTruthy();
    // A browser that never signed in to the account is welcomed, not welcomed back.
    expect(first.welcomeBack).toBe(false);

    // Strangers from many addresses spend the account's allowance (10), then are refused, even with the right password.
    const stranger = [];
    for (let i = 0; i < 12; i++) stranger.push((await signIn('wrong-password', undefined, `198.51.100.${i}`)).status);
    expect(stranger).toEqual([...Array(10).fill(401), 429, 429]);
    expect((await signIn(owner.password, undefined, '198.51.100.99')).status).toBe(429);

    // The known browser still gets in with the right password, and is given a fresh device cookie.
    const back = await signIn(owner.password, known, '203.0.113.10');
    expect(back.status).toBe(200);
    expect(back.device).toBeTruthy();
    expect(back.device).not.toBe(known);
    // It signed in here before: 'Welcome back!'.
    expect(back.welcomeBack).toBe(true);

    // Its own failures are limited on its own counter.
    const own = [];
    for (let i = 0; i < 11; i++) own.push((await signIn('wrong-password', back.device, '203.0.113.11')).status);
    expect(own).toEqual([...Array(10).fill(401), 429]);
  });

  it('ignores a forged or another account’s device cookie', async () => {
    const other = await createAmbassador(server);
    const otherDevice = (
      await server.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.20',
        headers: { origin: server.origin, 'content-type': 'application/json' },
        payload: { email: other.email, password: other.password },
      })
    ).cookies.find((c) => c.name === 'device')?.value;
    const forged = `${Buffer.from(JSON.stringify({ e: owner.email, n: 'x' })).toString('base64url')}.AAAA`;
    // The owner's account counter is spent (previous test): neither cookie gets past it.
    for (const device of [otherDevice, forged]) expect((await signIn(owner.password, device, '203.0.113.21')).status).toBe(429);
  });
});
