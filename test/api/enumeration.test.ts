/**
 * The application form tells no one whether an email belongs to an ambassador or an applicant
 * (DECISIONS §5, Admin accounts): the answer is the same, and the owner of the address is emailed.
 */
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ambassadorApplications } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { createAmbassador, uniqueEmail, validApplication } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

/** The answer with what differs between any two applications (their id and time) set aside. */
function comparable(response: { status: number; body: Record<string, unknown>; headers: Record<string, unknown> }) {
  const { id, createdAt, email, ...rest } = response.body;
  return {
    status: response.status,
    rest,
    id: typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id),
    createdAt: typeof createdAt === 'string',
    email,
    contentType: response.headers['content-type'],
  };
}

describeEachDatabase('no enumeration through the application form (%s)', ({ server }) => {
  it('answers an ambassador’s email, an applicant’s email and a new email alike, and emails the owners', async () => {
    const ambassador = await createAmbassador(server);
    const applicantEmail = uniqueEmail('applicant');
    expect((await new ApiClient(server).post('/api/applications', validApplication({ email: applicantEmail }))).status).toBe(201);
    // Its receipt goes out now, before the three applications below.
    await server.flushEmail();
    const newEmail = uniqueEmail('new');
    const rowsBefore = (await server.db.select({ n: count() }).from(ambassadorApplications))[0]?.n ?? 0;
    const seen = server.mail.messages.length;

    const answers = [];
    for (const email of [newEmail, ambassador.email, applicantEmail]) {
      answers.push(await new ApiClient(server).post('/api/applications', validApplication({ email, fullName: 'Same Person' })));
    }
    const [fresh, forAmbassador, forApplicant] = answers.map((a) => comparable(a));
    expect(forAmbassador).toEqual(fresh);
    expect(forApplicant).toEqual(fresh);

    // Only the new email made an application.
    expect((await server.db.select({ n: count() }).from(ambassadorApplications))[0]?.n).toBe(rowsBefore + 1);
    expect((await server.db.select().from(ambassadorApplications).where(eq(ambassadorApplications.email, ambassador.email))).length).toBe(1);

    await server.flushEmail();
    // Each of the three is emailed, so the form's answer and the mail it causes are the same for anyone.
    const toNew = await server.mail.waitFor(newEmail, { after: seen });
    expect(toNew.subject).toBe('We received your application');
    const toAmbassador = await server.mail.waitFor(ambassador.email, { after: seen });
    expect(toAmbassador.subject).toBe('You already have a GoalChain Ambassador Program account');
    expect(toAmbassador.text).toContain('already has an account');
    const toApplicant = await server.mail.waitFor(applicantEmail, { after: seen });
    expect(toApplicant.text).toContain('already has an application under review');
  });

  it('answers two applications with one new email at once alike, and keeps one', async () => {
    const email = uniqueEmail('twice');
    const [a, b] = await Promise.all([
      new ApiClient(server).post('/api/applications', validApplication({ email })),
      new ApiClient(server).post('/api/applications', validApplication({ email })),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await server.db.select().from(ambassadorApplications).where(eq(ambassadorApplications.email, email))).length).toBe(1);
  });
});
