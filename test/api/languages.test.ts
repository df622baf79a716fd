/**
 * The account's language (DECISIONS §6, Languages): `PATCH /api/user` `{locale}` saves it for the
 * signed-in account, `GET /api/user` answers it (null until chosen), every sign-in brings it back;
 * anything but the five languages is a 400 naming `locale`, in English (the API's contract).
 */
import { expect, it } from 'vitest';
import { ApiClient, expectErrorShape, superAdminClient } from '../helpers/client.ts';
import { createAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { users } from '../../src/server/db/schema.ts';
import { eq } from 'drizzle-orm';

describeEachDatabase('the account’s language (%s)', ({ server }) => {
  it('is null until chosen, saved by PATCH /api/user, answered by GET and by every sign-in', async () => {
    const person = await createAmbassador(server);
    expect((await person.client.get('/api/user')).body.locale).toBeNull();

    const saved = await person.client.patch('/api/user', { locale: 'pt-BR' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ email: person.email, locale: 'pt-BR' });
    expect((await person.client.get('/api/user')).body.locale).toBe('pt-BR');

    // Another browser signing in finds it on the account.
    const elsewhere = await new ApiClient(server).login(person.email, person.password);
    expect((await elsewhere.get('/api/user')).body.locale).toBe('pt-BR');
    const login = await new ApiClient(server).post('/api/login', { email: person.email, password: person.password });
    expect(login.body.locale).toBe('pt-BR');

    // Changed again, from the other browser: both read the new one.
    expect((await elsewhere.patch('/api/user', { locale: 'tr' })).status).toBe(200);
    expect((await person.client.get('/api/user')).body.locale).toBe('tr');
  });

  it('takes only the five languages, and nothing else from the body', async () => {
    const person = await createAmbassador(server);
    for (const locale of ['pt', 'EN', 'de', '', null, 5]) {
      const refused = await person.client.patch('/api/user', { locale });
      expect(refused.status, `${String(locale)}: ${refused.text}`).toBe(400);
      expectErrorShape(refused.body);
      expect(refused.body.errors).toEqual([{ path: 'locale', message: 'locale must be one of en, es, pt-BR, tr, id', code: 'BAD_REQUEST' }]);
    }
    expect((await person.client.patch('/api/user', {})).status).toBe(400);
    // Other fields of the account are not the caller's to set here.
    const sneaky = await person.client.patch('/api/user', { locale: 'es', isAdmin: true, email: 'someone@example.com' });
    expect(sneaky.status).toBe(200);
    expect(sneaky.body).toMatchObject({ locale: 'es', isAdmin: false, email: person.email });
    const [row] = await server.db.select().from(users).where(eq(users.email, person.email));
    expect(row).toMatchObject({ locale: 'es', isAdmin: false });
  });

  it('is for signed-in accounts from the app’s own pages: admins too, nobody signed out, no other site', async () => {
    expect((await new ApiClient(server).patch('/api/user', { locale: 'es' })).status).toBe(401);
    const admin = await superAdminClient(server);
    expect((await admin.patch('/api/user', { locale: 'id' })).body.locale).toBe('id');
    const person = await createAmbassador(server);
    const crossSite = new ApiClient(server, { origin: 'https://evil.example' });
    crossSite.cookie = person.client.cookie;
    expect((await crossSite.patch('/api/user', { locale: 'es' })).status).toBe(403);
    expect((await person.client.get('/api/user')).body.locale).toBeNull();
  });
});
