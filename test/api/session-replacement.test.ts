/** Signing in again in the same browser ends the session its cookie held, whichever account it was. */
import { expect, it } from 'vitest';
import { ApiClient, superAdminClient } from '../helpers/client.ts';
import { createAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

describeEachDatabase('signing in again in the same browser (%s)', ({ server }) => {
  it('ends the session the cookie held, whichever account it was', async () => {
    const first = await createAmbassador(server);
    const second = await createAmbassador(server);
    const browser = first.client;
    const replaced = browser.cookie;
    await browser.login(first.email, first.password);
    expect(browser.cookie).not.toBe(replaced);
    // The replaced id, replayed from a copy of the old cookie, is dead.
    const stale = new ApiClient(server);
    stale.cookie = replaced;
    expect((await stale.get('/api/user')).status).toBe(401);
    // Another account signed in over it ends it too.
    const before = browser.cookie;
    await browser.login(second.email, second.password);
    stale.cookie = before;
    expect((await stale.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).body.email).toBe(second.email);
  });

  it('ends it on the super admin sign-in as well', async () => {
    const admin = await superAdminClient(server);
    const replaced = admin.cookie;
    const again = await superAdminClient(server);
    again.cookie = replaced;
    const response = await again.post('/api/super-admin-login', {
      email: 'super@example.com',
      password: 'SuperPass123!',
      superAdminSecret: 'test-super-secret',
    });
    expect(response.status).toBe(200);
    const stale = new ApiClient(server);
    stale.cookie = replaced;
    expect((await stale.get('/api/user')).status).toBe(401);
  });
});
