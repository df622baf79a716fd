/**
 * A manual task claim refused at review is appealed once, like a report or a referral (DECISIONS
 * §6 and §7; ADR 029): the ambassador appeals within the 14 days, the appeal waits in the admins'
 * Appeals queue, the admin who refused cannot decide it (403), another admin does; overturned, the
 * claim is credited with the task's reward through the ledger exactly once, also when two admins
 * decide at once; the ambassador hears the outcome as a notification in their own language, and
 * sees it on the Tasks page. Claims refused by a machine check and claims not refused cannot be
 * appealed (CLAIM_NOT_APPEALABLE); a late appeal is 409 with the deadline.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { transactions } from '../../src/server/db/schema.ts';
import { DAY, TestClock } from '../helpers/clock.ts';
import { createAdmin, createAmbassador, type CreatedAdmin, type CreatedAmbassador } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

interface TaskItem {
  id: string;
  claim: null | {
    id: string;
    status: string;
    reasonCode: string | null;
    reviewReasonCode: string | null;
    facts: string | null;
    appealOpen: boolean;
    appealDeadline: string | null;
    appeal: null | { id: string; status: string; text: string };
  };
}

describeEachDatabase(
  'task claim appeals (%s)',
  () => ({ clock: new TestClock('2026-11-18T12:00:00Z') }),
  ({ server, superAdmin }) => {
    let otherAdmin: CreatedAdmin;
    let thirdAdmin: CreatedAdmin;
    let amb: CreatedAmbassador;

    const creditsOf = (claimId: string) => server.db.select().from(transactions).where(eq(transactions.taskClaimId, claimId));
    const taskOf = async (who: CreatedAmbassador, id: string) => ((await who.client.get('/api/tasks')).body as TaskItem[]).find((t) => t.id === id);

    async function manualTask(title: string, period = 'once') {
      const created = await superAdmin.post('/api/admin/tasks', {
        title,
        description: 'Host a space',
        kind: 'manual',
        params: {},
        gcmReward: '40',
        usdtReward: '3.50',
        period,
      });
      expect(created.status, created.text).toBe(201);
      return created.body as { id: string };
    }

    /** `who` claims the task and the super admin refuses it with a reason: the claim's id. */
    async function refusedClaim(who: CreatedAmbassador, taskId: string): Promise<string> {
      const claim = await who.client.post(`/api/tasks/${taskId}/claim`, { note: 'I hosted it on Friday' });
      expect(claim.status, claim.text).toBe(201);
      const refused = await superAdmin.post(`/api/admin/task-claims/${claim.body.id}/review`, {
        decision: 'rejected',
        reasonCode: 'not_verifiable',
        facts: 'No recording of the space.',
      });
      expect(refused.status, refused.text).toBe(200);
      return claim.body.id as string;
    }

    async function queued(
      claimId: string,
    ): Promise<{ id: string; kind: string; canDecide: boolean; decision: { reasonCode: string | null; taskTitle?: string } }> {
      const list = (await otherAdmin.client.get('/api/admin/appeals?limit=500')).body as Array<{
        id: string;
        kind: string;
        subjectId: string;
        canDecide: boolean;
        decision: { reasonCode: string | null };
      }>;
      const found = list.find((a) => a.subjectId === claimId);
      if (!found) throw new Error('the appeal is not in the queue');
      return found;
    }

    beforeAll(async () => {
      otherAdmin = await createAdmin(server, { superAdmin, fullName: 'Other Admin' });
      thirdAdmin = await createAdmin(server, { superAdmin, fullName: 'Third Admin' });
      amb = await createAmbassador(server, { admin: superAdmin, fullName: 'Tia Tasker' });
      // The ambassador reads Spanish: the appeal's outcome is written to them in it.
      expect((await amb.client.patch('/api/user', { locale: 'es' })).status).toBe(200);
    });

    it('appeals a refused manual claim once; the admin who refused cannot decide; another overturns it and the reward is credited once', async () => {
      const task = await manualTask('Host a Twitter space');
      const claimId = await refusedClaim(amb, task.id);

      // The Tasks page shows the refusal with its reason, and that it can be appealed.
      const seen = await taskOf(amb, task.id);
      expect(seen?.claim).toMatchObject({
        id: claimId,
        status: 'refused',
        reasonCode: 'REVIEW_REJECTED',
        reviewReasonCode: 'not_verifiable',
        facts: 'No recording of the space.',
        appealOpen: true,
        appeal: null,
      });
      const deadline = Date.parse(seen?.claim?.appealDeadline ?? '');
      expect(deadline).toBeGreaterThan(server.clock.now().getTime() + 13 * DAY);
      expect(deadline).toBeLessThanOrEqual(server.clock.now().getTime() + 14 * DAY);

      // Someone else's claim is not found; an admin is not an ambassador.
      const stranger = await createAmbassador(server, { admin: superAdmin });
      expect((await stranger.client.post(`/api/task-claims/${claimId}/appeal`, { text: 'Mine?' })).status).toBe(404);
      expect((await superAdmin.post(`/api/task-claims/${claimId}/appeal`, { text: 'Mine?' })).status).toBe(403);

      const appeal = await amb.client.post(`/api/task-claims/${claimId}/appeal`, { text: 'The recording is on my channel, link in the note.' });
      expect(appeal.status, appeal.text).toBe(201);
      expect(appeal.body).toMatchObject({ status: 'pending', text: 'The recording is on my channel, link in the note.' });
      const again = await amb.client.post(`/api/task-claims/${claimId}/appeal`, { text: 'Again' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This decision has already been appealed');
      expect((await taskOf(amb, task.id))?.claim).toMatchObject({ appealOpen: false, appeal: { status: 'pending' } });

      const inQueue = await queued(claimId);
      expect(inQueue).toMatchObject({ kind: 'task_claim', canDecide: true, decision: { reasonCode: 'not_verifiable', taskTitle: 'Host a Twitter space' } });
      // The admin who refused the claim sees it, and cannot decide it.
      const asRefuser = ((await superAdmin.get('/api/admin/appeals?limit=500')).body as Array<{ id: string; canDecide: boolean }>).find(
        (a) => a.id === inQueue.id,
      );
      expect(asRefuser?.canDecide).toBe(false);
      const sameAdmin = await superAdmin.post(`/api/admin/appeals/${inQueue.id}/decide`, { outcome: 'overturned', facts: 'x' });
      expect(sameAdmin.status).toBe(403);
      expect(await creditsOf(claimId)).toEqual([]);

      // Two other admins decide at once: one wins, the other finds it decided; the reward is credited once.
      const answers = await Promise.all(
        [otherAdmin, thirdAdmin].map((a) =>
          a.client.post(`/api/admin/appeals/${inQueue.id}/decide`, { outcome: 'overturned', facts: 'The recording shows it.' }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const credits = await creditsOf(claimId);
      expect(credits.map((c) => [c.currency, c.amount]).sort()).toEqual([
        ['GCM', '40.00'],
        ['USDT', '3.50'],
      ]);
      expect(credits.every((c) => c.description === 'Task: Host a Twitter space')).toBe(true);
      expect((await taskOf(amb, task.id))?.claim).toMatchObject({ status: 'credited', reasonCode: null, appeal: { status: 'overturned' } });
      // A later decision finds it decided; still one credit per currency.
      expect((await otherAdmin.client.post(`/api/admin/appeals/${inQueue.id}/decide`, { outcome: 'upheld', facts: null })).status).toBe(409);
      expect(await creditsOf(claimId)).toHaveLength(2);

      // The ambassador heard of it, in Spanish.
      const told = (await amb.client.get('/api/notifications')).body as Array<{ kind: string; title: string; body: string; link: string }>;
      const heard = told.find((n) => n.kind === 'appeal_overturned');
      expect(heard).toMatchObject({ title: 'Tu apelación ha sido aceptada', link: '/tasks' });
      expect(heard?.body).toContain('Host a Twitter space');
    });

    it('upholds an appeal: the claim stays refused, the ambassador is told why, no credit', async () => {
      const task = await manualTask('Write a thread');
      const claimId = await refusedClaim(amb, task.id);
      expect((await amb.client.post(`/api/task-claims/${claimId}/appeal`, { text: 'Please look again.' })).status).toBe(201);
      const inQueue = await queued(claimId);
      const decided = await otherAdmin.client.post(`/api/admin/appeals/${inQueue.id}/decide`, { outcome: 'upheld', facts: 'The thread was deleted.' });
      expect(decided.status, decided.text).toBe(200);
      expect(decided.body).toMatchObject({ status: 'upheld', facts: 'The thread was deleted.' });
      expect(await creditsOf(claimId)).toEqual([]);
      expect((await taskOf(amb, task.id))?.claim).toMatchObject({ status: 'refused', appealOpen: false, appeal: { status: 'upheld' } });
      const told = (await amb.client.get('/api/notifications')).body as Array<{ kind: string; body: string }>;
      expect(told.find((n) => n.kind === 'appeal_upheld')?.body).toContain('The thread was deleted.');
    });

    it('refuses appeals of claims not refused at review, and late ones', async () => {
      const task = await manualTask('Invite a friend', 'weekly');
      const pending = await amb.client.post(`/api/tasks/${task.id}/claim`, { note: 'done' });
      expect(pending.status).toBe(201);
      const notRefused = await amb.client.post(`/api/task-claims/${pending.body.id}/appeal`, { text: 'Waiting' });
      expect(notRefused.status).toBe(409);
      expect(notRefused.body.code).toBe('CLAIM_NOT_APPEALABLE');
      expect((await amb.client.post('/api/task-claims/not-an-id/appeal', { text: 'x' })).status).toBe(404);

      const late = await manualTask('Make a video');
      const claimId = await refusedClaim(amb, late.id);
      server.clock.advance(15 * DAY);
      // The session has lapsed meanwhile: signed in afresh.
      await amb.client.login(amb.email, amb.password);
      const tooLate = await amb.client.post(`/api/task-claims/${claimId}/appeal`, { text: 'Sorry, I was away.' });
      expect(tooLate.status).toBe(409);
      expect(tooLate.body.message).toContain('appeal window closed');
      expect((await taskOf(amb, late.id))?.claim).toMatchObject({ status: 'refused', appealOpen: false, appeal: null });
    });
  },
);
