/**
 * Tasks checked by machine (DECISIONS §7, Tasks; ADR 029), against stand-ins of Telegram, Discord
 * and oEmbed (test/helpers/providers.ts) and anvil for BSC: admins create, list and change tasks of
 * the five kinds; each kind is credited with its evidence or refused with its code; a claim is
 * credited once per period whatever arrives at once (50 claims), a transaction counts once ever, a
 * refused claim is tried at most five times a period; a service that errs or does not answer is 503
 * and records nothing, a garbage answer is a refusal; credits go through the ledger ('Task: …');
 * manual claims wait for an admin's review; the month's summary counts them.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { createTestClient, createWalletClient, http, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { taskClaims, transactions, webhookDeliveries, webhookEvents } from '../../src/server/db/schema.ts';
import { figures } from '../../src/server/features/analytics/index.ts';
import { monthSummary } from '../../src/server/features/seasons/summary.ts';
import { ApiClient, type ApiResponse } from '../helpers/client.ts';
import { DAY } from '../helpers/clock.ts';
import { chainClients, compileTestToken, deployToken, startAnvil, type Anvil, type ChainClients, type Compiled } from '../helpers/evm.ts';
import { createAmbassador, type CreatedAmbassador } from '../helpers/factories.ts';
import { startProviders, widgetAnswer, type Providers } from '../helpers/providers.ts';
import { SUPER_ADMIN } from '../helpers/server.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

let providers: Providers;
let anvil: Anvil;
let chain: ChainClients;
let token: Compiled;
let tokenAddress: Address;
let treasurer: Address;
const TOKEN_DECIMALS = 18;

beforeAll(async () => {
  providers = await startProviders();
  anvil = await startAnvil();
  chain = await chainClients(anvil.url);
  token = compileTestToken();
  treasurer = chain.accounts[0] as Address;
  tokenAddress = await deployToken(chain, token, treasurer, {
    name: 'Goal Token',
    symbol: 'GOAL',
    decimals: TOKEN_DECIMALS,
    supply: parseUnits('1000000', TOKEN_DECIMALS),
  });
});
afterAll(async () => {
  await providers?.close();
  await anvil?.stop();
});

/** An X status id of a post made at `at` (a snowflake). */
function statusIdAt(at: Date): string {
  return ((BigInt(at.getTime()) - 1288834974657n) << 22n).toString();
}

let telegramIds = 8_000_000;
let discordIds = 800_000_000_000_000_000n;
let postCounter = 0;

describeEachDatabase(
  'tasks (%s)',
  // Fifty claims at once on two shared cores: the stand-in's answers are not cut short (a timeout has its own suite below).
  () => ({
    env: {
      ...providers.env,
      PROVIDER_TIMEOUT_SECONDS: '60',
      BSC_RPC_URL: anvil.url,
      BSC_RPC_TIMEOUT_SECONDS: '5',
      TASK_CLAIMS_PER_MINUTE: '1000',
      APPLICATIONS_PER_HOUR: '1000',
      SETUP_PASSWORD_ATTEMPTS: '1000',
    },
  }),
  ({ server, superAdmin, kind }) => {
    const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);
    const chatId = `-100${kind === 'postgres' ? 1 : 2}${Date.now() % 1_000_000}`;

    beforeAll(() => {
      // The group exists at Telegram (its owner is a member); an unknown chat is an answer we cannot use.
      providers.setChatMember(chatId, '1', 'creator');
    });

    async function createTask(body: Record<string, unknown>) {
      const created = await superAdmin.post('/api/admin/tasks', { description: 'Do it', gcmReward: '50', usdtReward: '2.50', period: 'weekly', ...body });
      expect(created.status, created.text).toBe(201);
      return created.body as { id: string; title: string };
    }

    async function withTelegram(amb: CreatedAmbassador) {
      const user = { id: (telegramIds += 1), first_name: 'Ana', username: `ana_${telegramIds}` };
      const linked = await amb.client.post('/api/links/telegram', widgetAnswer(user, nowSeconds()));
      expect(linked.status, linked.text).toBe(200);
      return String(user.id);
    }

    async function withX(amb: CreatedAmbassador, handle: string) {
      const code = String((await amb.client.get('/api/links')).headers['x-link-code']);
      const url = `https://x.com/${handle}/status/${statusIdAt(server.clock.now())}${(postCounter += 1)}`;
      providers.setPost(url, handle, `Linking ${code}`);
      const linked = await amb.client.post('/api/links/x', { postUrl: url });
      expect(linked.status, linked.text).toBe(200);
    }

    function xPostUrl(handle: string, at: Date) {
      postCounter += 1;
      // Distinct ids a few milliseconds apart keep each post's time.
      return `https://x.com/${handle}/status/${statusIdAt(new Date(at.getTime() + postCounter))}`;
    }

    async function ledgerOf(amb: CreatedAmbassador) {
      return server.db.select().from(transactions).where(eq(transactions.ambassadorId, amb.ambassadorId));
    }

    function expectClaim(response: ApiResponse<any>, status: string, reasonCode: string | null) {
      expect({ http: response.status, status: response.body?.status, reasonCode: response.body?.reasonCode }, response.text).toEqual({
        http: 201,
        status,
        reasonCode,
      });
    }

    it('lets admins create, list and change tasks of each kind; checks each kind’s params', async () => {
      const bad = await superAdmin.post('/api/admin/tasks', {
        title: 'Join',
        kind: 'telegram_member',
        params: { chatId: 'not a chat' },
        gcmReward: '1',
        usdtReward: '0',
        period: 'once',
      });
      expect(bad.status).toBe(400);
      expect(
        (
          await superAdmin.post('/api/admin/tasks', {
            title: 'Pay',
            kind: 'bsc_transfer',
            params: { token: tokenAddress, to: treasurer, minAmount: '0' },
            gcmReward: '1',
            usdtReward: '0',
            period: 'once',
          })
        ).status,
      ).toBe(400);
      expect(
        (await superAdmin.post('/api/admin/tasks', { title: 'Odd', kind: 'carrier_pigeon', params: {}, gcmReward: '1', usdtReward: '0', period: 'once' }))
          .status,
      ).toBe(400);
      const task = await createTask({ title: 'Join the Telegram group', kind: 'telegram_member', params: { chatId } });
      await createTask({ title: 'Join the Discord', kind: 'discord_member', params: { guildId: '123456', roleId: '42' } });
      await createTask({ title: 'Post about the match', kind: 'x_post', params: { mustContain: '#GoalChain' } });
      await createTask({ title: 'Send GOAL', kind: 'bsc_transfer', params: { token: tokenAddress, to: treasurer, minAmount: '10' }, period: 'once' });
      await createTask({ title: 'Host a space', kind: 'manual', params: {} });
      const list = await superAdmin.get('/api/admin/tasks?limit=500');
      expect(list.status).toBe(200);
      expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(5);
      expect(list.body.find((t: { id: string }) => t.id === task.id)).toMatchObject({
        kind: 'telegram_member',
        params: { chatId },
        gcmReward: '50.00',
        usdtReward: '2.50',
        active: true,
        claims: { credited: 0, refused: 0, pendingReview: 0 },
      });
      const changed = await superAdmin.patch(`/api/admin/tasks/${task.id}`, { title: 'Join our Telegram group', gcmReward: '60' });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body).toMatchObject({ title: 'Join our Telegram group', gcmReward: '60.00', kind: 'telegram_member' });
      const amb = await createAmbassador(server, { admin: superAdmin });
      expect((await amb.client.post('/api/admin/tasks', { title: 'x' })).status).toBe(403);
      expect((await amb.client.get('/api/tasks')).body.find((t: { id: string }) => t.id === task.id)).toMatchObject({
        title: 'Join our Telegram group',
        claim: null,
        attemptsLeft: 5,
      });
      // Inactive: no longer listed, no longer claimable.
      expect((await superAdmin.patch(`/api/admin/tasks/${task.id}`, { active: false })).status).toBe(200);
      expect((await amb.client.get('/api/tasks')).body.find((t: { id: string }) => t.id === task.id)).toBeUndefined();
      expect((await amb.client.post(`/api/tasks/${task.id}/claim`, {})).status).toBe(404);

      // Each change is in the super admin's activity log, by whom, with what changed; a refused one is not.
      const log = (await superAdmin.get('/api/super-admin/actions?limit=100')).body as {
        action: string;
        adminEmail: string;
        targetType: string;
        targetId: string | null;
        details: string | null;
        changes: Record<string, [unknown, unknown]> | null;
      }[];
      const ofTask = log.filter((a) => a.targetId === task.id);
      expect(ofTask.map((a) => a.action)).toEqual(['update_task', 'update_task', 'create_task']);
      expect(ofTask[2]).toMatchObject({
        targetType: 'task',
        adminEmail: SUPER_ADMIN.email,
        details: 'Join the Telegram group',
        changes: null,
      });
      expect(ofTask[1]).toMatchObject({
        details: 'Join our Telegram group',
        changes: { title: ['Join the Telegram group', 'Join our Telegram group'], gcmReward: ['50.00', '60.00'] },
      });
      expect(ofTask[0]?.changes).toEqual({ active: [true, false] });
    });

    it('credits a Telegram membership once per week through the ledger, with its evidence; refuses a non-member and an unlinked account', async () => {
      const task = await createTask({ title: `Telegram ${kind}`, kind: 'telegram_member', params: { chatId } });
      const amb = await createAmbassador(server, { admin: superAdmin });
      expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, {}), 'refused', 'ACCOUNT_NOT_LINKED');
      const telegramId = await withTelegram(amb);
      const notYet = await amb.client.post(`/api/tasks/${task.id}/claim`, {});
      expectClaim(notYet, 'refused', 'NOT_MEMBER');
      expect(notYet.body.evidence).toMatchObject({ chatId, telegramUserId: telegramId, memberStatus: 'left' });
      providers.setChatMember(chatId, telegramId, 'member');
      const done = await amb.client.post(`/api/tasks/${task.id}/claim`, {});
      expectClaim(done, 'credited', null);
      expect(done.body.evidence).toMatchObject({ memberStatus: 'member' });
      const again = await amb.client.post(`/api/tasks/${task.id}/claim`, {});
      expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'ALREADY_CLAIMED' });
      const entries = await ledgerOf(amb);
      expect(entries.map((e) => [e.currency, e.amount, e.description]).sort()).toEqual([
        ['GCM', '50.00', `Task: Telegram ${kind}`],
        ['USDT', '2.50', `Task: Telegram ${kind}`],
      ]);
      expect((await amb.client.get('/api/ambassador')).body).toMatchObject({ monthlyGcm: '50.00', totalUsdtEarned: '2.50' });
      const listed = (await amb.client.get('/api/tasks')).body.find((t: { id: string }) => t.id === task.id);
      expect(listed.claim).toMatchObject({ status: 'credited', reasonCode: null, evidence: { memberStatus: 'member' } });
      const claims = await superAdmin.get(`/api/admin/task-claims?taskId=${task.id}`);
      expect(claims.body.map((c: { status: string; reasonCode: string | null }) => [c.status, c.reasonCode])).toEqual([
        ['credited', null],
        ['refused', 'NOT_MEMBER'],
        ['refused', 'ACCOUNT_NOT_LINKED'],
      ]);
      expect((await superAdmin.get(`/api/admin/task-claims?taskId=${task.id}&status=refused`)).body).toHaveLength(2);

      // A new ISO week: claimable again.
      server.clock.advance(7 * DAY);
      try {
        await amb.client.login(amb.email, amb.password);
        expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, {}), 'credited', null);
      } finally {
        server.clock.advance(-7 * DAY);
      }
      await amb.client.login(amb.email, amb.password);
      // restricted with is_member counts; restricted without it does not.
      const restricted = await createAmbassador(server, { admin: superAdmin });
      const restrictedId = await withTelegram(restricted);
      providers.setChatMember(chatId, restrictedId, 'restricted', false);
      expectClaim(await restricted.client.post(`/api/tasks/${task.id}/claim`, {}), 'refused', 'NOT_MEMBER');
      providers.setChatMember(chatId, restrictedId, 'restricted', true);
      expectClaim(await restricted.client.post(`/api/tasks/${task.id}/claim`, {}), 'credited', null);
    });

    it('credits the rewards and title the task has when the claim is recorded, also when they change while the service is asked', async () => {
      const task = await createTask({ title: `Changing ${kind}`, kind: 'telegram_member', params: { chatId } });
      const amb = await createAmbassador(server, { admin: superAdmin });
      providers.setChatMember(chatId, await withTelegram(amb), 'member');
      const asked = providers.counts.telegram;
      const release = providers.pause('telegram');
      let claimed: Promise<ApiResponse<any>>;
      try {
        // The claim has read the task and waits for Telegram's answer; meanwhile the task's rewards and title change.
        claimed = amb.client.post(`/api/tasks/${task.id}/claim`, {});
        await expect.poll(() => providers.counts.telegram).toBeGreaterThan(asked);
        const changed = await superAdmin.patch(`/api/admin/tasks/${task.id}`, { title: `Changed ${kind}`, gcmReward: '60', usdtReward: '0' });
        expect(changed.status, changed.text).toBe(200);
      } finally {
        release();
      }
      expectClaim(await claimed, 'credited', null);
      expect((await ledgerOf(amb)).map((e) => [e.currency, e.amount, e.description])).toEqual([['GCM', '60.00', `Task: Changed ${kind}`]]);
      const listed = (await superAdmin.get(`/api/admin/task-claims?taskId=${task.id}`)).body;
      expect(listed.map((c: { gcmAwarded: string; usdtAwarded: string }) => [c.gcmAwarded, c.usdtAwarded])).toEqual([['60.00', '0.00']]);
      expect((await amb.client.get('/api/ambassador')).body).toMatchObject({ monthlyGcm: '60.00', totalGcmEarned: '60.00', totalUsdtEarned: '0.00' });
    });

    it('credits once when 50 claims arrive at once', async () => {
      const task = await createTask({ title: `Race ${kind}`, kind: 'telegram_member', params: { chatId } });
      const amb = await createAmbassador(server, { admin: superAdmin });
      providers.setChatMember(chatId, await withTelegram(amb), 'administrator');
      const answers = await Promise.all(Array.from({ length: 50 }, () => amb.client.post(`/api/tasks/${task.id}/claim`, {})));
      expect(answers.filter((a) => a.status === 201 && a.body.status === 'credited')).toHaveLength(1);
      for (const other of answers.filter((a) => a.status !== 201))
        expect({ status: other.status, code: other.body.code }).toEqual({ status: 409, code: 'ALREADY_CLAIMED' });
      expect((await ledgerOf(amb)).filter((e) => e.description === `Task: Race ${kind}`)).toHaveLength(2);
      expect(
        await server.db
          .select()
          .from(taskClaims)
          .where(and(eq(taskClaims.taskId, task.id), eq(taskClaims.status, 'credited'))),
      ).toHaveLength(1);
    });

    it('keeps the public totals, the day’s figures and the month’s summary equal to the ledger when ambassadors’ credits arrive at once', async () => {
      const tasks = [await createTask({ title: `Spread A ${kind}`, kind: 'telegram_member', params: { chatId } })];
      tasks.push(await createTask({ title: `Spread B ${kind}`, kind: 'telegram_member', params: { chatId }, gcmReward: '0.37', usdtReward: '0' }));
      const people = await Promise.all(Array.from({ length: 6 }, () => createAmbassador(server, { admin: superAdmin })));
      for (const amb of people) providers.setChatMember(chatId, await withTelegram(amb), 'member');
      const answers = await Promise.all(people.flatMap((amb) => tasks.map((task) => amb.client.post(`/api/tasks/${task.id}/claim`, {}))));
      for (const answer of answers) expectClaim(answer, 'credited', null);
      const rows = async <T>(query: ReturnType<typeof sql>) => ((await server.db.execute(query)) as unknown as { rows: T[] }).rows;
      // Claims' credits are on the shards (1 and up); every figure is the sum of its rows.
      expect((await rows<{ n: number }>(sql`select count(*)::int as n from daily_figures where shard > 0`))[0]?.n).toBeGreaterThan(0);
      const [ledger] = await rows<{ gcm: string; usdt: string }>(
        sql`select coalesce(sum(amount) filter (where currency = 'GCM'), 0)::numeric(30,2)::text as gcm,
          coalesce(sum(amount) filter (where currency = 'USDT'), 0)::numeric(30,2)::text as usdt from transactions where type <> 'withdrawal'`,
      );
      const stats = (await new ApiClient(server).get('/api/public/stats')).body;
      expect({ gcm: stats.totalGcmAwarded, usdt: stats.totalUsdtAwarded }).toEqual(ledger);
      type Day = Record<string, unknown>;
      const perDay = () =>
        rows<Day>(sql`select day::text, sum(applications)::int as applications, sum(approved_applications)::int as approved, sum(reports)::int as reports,
          sum(reviewed_reports)::int as reviewed, sum(active_ambassadors)::int as active, sum(gcm_awarded)::text as gcm, sum(usdt_awarded)::text as usdt,
          sum(withdrawn_usdt)::text as withdrawn from daily_figures group by day order by day`);
      const kept = await perDay();
      // The day's money is the ledger's of that day, and computing every figure again from the rows arrives at the same ones.
      expect(kept.map((d) => [d.day, d.gcm, d.usdt])).toEqual(
        await rows<Day>(sql`select (created_at at time zone 'UTC')::date::text as day,
          coalesce(sum(amount) filter (where currency = 'GCM'), 0)::numeric(30,2)::text as gcm,
          coalesce(sum(amount) filter (where currency = 'USDT'), 0)::numeric(30,2)::text as usdt
          from transactions where type <> 'withdrawal' group by 1 order by 1`).then((days) => days.map((d) => [d.day, d.gcm, d.usdt])),
      );
      await figures.rebuildFigures(server.db);
      expect(await perDay()).toEqual(kept);
      const month = server.clock.now().toISOString().slice(0, 7);
      const [ofMonth] = await rows<{ gcm: string; usdt: string }>(
        sql`select coalesce(sum(amount) filter (where currency = 'GCM'), 0)::numeric(30,2)::text as gcm,
          coalesce(sum(amount) filter (where currency = 'USDT'), 0)::numeric(30,2)::text as usdt
          from transactions where type <> 'withdrawal' and to_char(created_at at time zone 'UTC', 'YYYY-MM') = ${month}`,
      );
      const summary = await monthSummary(server.db, month);
      expect({ gcm: summary.gcmAwarded, usdt: summary.usdtAwarded }).toEqual(ofMonth);
    });

    it('writes the task.claimed event of every claim, credited or refused, with the claim, for the endpoints that want it', async () => {
      const task = await createTask({ title: `Heard ${kind}`, kind: 'telegram_member', params: { chatId } });
      const hook = await superAdmin.post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/claims', events: ['task.claimed'], description: 'Claims' });
      expect(hook.status, hook.text).toBe(201);
      try {
        const member = await createAmbassador(server, { admin: superAdmin });
        providers.setChatMember(chatId, await withTelegram(member), 'member');
        const stranger = await createAmbassador(server, { admin: superAdmin });
        await withTelegram(stranger);
        const credited = await member.client.post(`/api/tasks/${task.id}/claim`, {});
        expectClaim(credited, 'credited', null);
        const refused = await stranger.client.post(`/api/tasks/${task.id}/claim`, {});
        expectClaim(refused, 'refused', 'NOT_MEMBER');
        const events = await server.db
          .select({ id: webhookEvents.id, body: webhookEvents.body })
          .from(webhookEvents)
          .where(and(eq(webhookEvents.type, 'task.claimed'), like(webhookEvents.body, `%${task.id}%`)));
        const data = events.map((e) => (JSON.parse(e.body) as { data: Record<string, unknown> }).data);
        expect(data).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ id: credited.body.id, ambassadorId: member.ambassadorId, status: 'credited', gcmAwarded: '50.00', usdtAwarded: '2.50' }),
            expect.objectContaining({
              id: refused.body.id,
              ambassadorId: stranger.ambassadorId,
              status: 'refused',
              reasonCode: 'NOT_MEMBER',
              gcmAwarded: '0.00',
            }),
          ]),
        );
        expect(data).toHaveLength(2);
        // One delivery each, to the endpoint that asked.
        const deliveries = await server.db
          .select({ endpoint: webhookDeliveries.endpointId })
          .from(webhookDeliveries)
          .where(
            inArray(
              webhookDeliveries.eventId,
              events.map((e) => e.id),
            ),
          );
        expect(deliveries).toEqual([{ endpoint: hook.body.id }, { endpoint: hook.body.id }]);
      } finally {
        expect((await superAdmin.delete(`/api/admin/webhooks/${hook.body.id}`)).status).toBe(200);
      }
    });

    it('numbers the attempts, so claims refused at once still stop at five a period', async () => {
      const task = await createTask({ title: `Attempts ${kind}`, kind: 'telegram_member', params: { chatId } });
      const amb = await createAmbassador(server, { admin: superAdmin });
      await withTelegram(amb);
      const answers = await Promise.all(Array.from({ length: 12 }, () => amb.client.post(`/api/tasks/${task.id}/claim`, {})));
      const recorded = answers.filter((a) => a.status === 201);
      expect(recorded).toHaveLength(5);
      for (const answer of recorded) expectClaim(answer, 'refused', 'NOT_MEMBER');
      for (const other of answers.filter((a) => a.status !== 201))
        expect({ status: other.status, code: other.body.code, values: other.body.values }).toEqual({ status: 409, code: 'CLAIM_LIMIT', values: { max: '5' } });
      const rows = await server.db.select({ attempt: taskClaims.attempt }).from(taskClaims).where(eq(taskClaims.taskId, task.id));
      expect(rows.map((r) => r.attempt).sort()).toEqual([1, 2, 3, 4, 5]);
    });

    it('adds up one ambassador’s credits that arrive at once in their figures and badge, and pushes the badge to Discord', async () => {
      const amb = await createAmbassador(server, { admin: superAdmin });
      providers.setChatMember(chatId, await withTelegram(amb), 'member');
      const user = { id: String((discordIds += 1n)), username: `ines${kind}`, guilds: {} };
      const start = await amb.client.get('/api/links/discord/start');
      const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
      const callback = await amb.client.get(`/api/links/discord/callback?${new URLSearchParams({ code: providers.discordCode(user), state }).toString()}`);
      expect(String(callback.headers.location)).toContain('discord=linked');
      await server.ctx.discordRoles.drain();
      const pushed = () => providers.discordRoleConnections.filter((c) => c.userId === user.id).at(-1)?.body.metadata;
      expect(pushed()).toMatchObject({ badge_level: '0' });
      const batch = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          createTask({ title: `Badge ${kind} ${i}`, kind: 'telegram_member', params: { chatId }, gcmReward: '100', usdtReward: '0.10' }),
        ),
      );
      const answers = await Promise.all(batch.map((task) => amb.client.post(`/api/tasks/${task.id}/claim`, {})));
      for (const answer of answers) expectClaim(answer, 'credited', null);
      // 600 GCM this month: bronze (from 500), the caches equal to the ledger's sums.
      expect((await amb.client.get('/api/ambassador')).body).toMatchObject({
        monthlyGcm: '600.00',
        totalGcmEarned: '600.00',
        totalUsdtEarned: '0.60',
        badgeLevel: 'bronze',
      });
      const entries = await ledgerOf(amb);
      expect(entries.filter((e) => e.currency === 'GCM').map((e) => e.amount)).toEqual(Array(6).fill('100.00'));
      expect(entries.filter((e) => e.currency === 'USDT').map((e) => e.amount)).toEqual(Array(6).fill('0.10'));
      await server.ctx.discordRoles.drain();
      expect(pushed()).toMatchObject({ badge_level: '1', months_active: '1' });
    });

    it('answers 503 and records nothing when the service errs or does not answer; a garbage answer is a refusal with a code; five claims a period at most', async () => {
      const task = await createTask({ title: `Outage ${kind}`, kind: 'telegram_member', params: { chatId } });
      const amb = await createAmbassador(server, { admin: superAdmin });
      await withTelegram(amb);
      try {
        providers.setMode('telegram', 'error');
        const answer = await amb.client.post(`/api/tasks/${task.id}/claim`, {});
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 503, code: 'PROVIDER_UNAVAILABLE' });
        expect(await server.db.select().from(taskClaims).where(eq(taskClaims.taskId, task.id))).toEqual([]);
        providers.setMode('telegram', 'garbage');
        expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, {}), 'refused', 'PROVIDER_ANSWER_MALFORMED');
      } finally {
        providers.setMode('telegram', 'ok');
      }
      for (let i = 0; i < 4; i++) expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, {}), 'refused', 'NOT_MEMBER');
      const sixth = await amb.client.post(`/api/tasks/${task.id}/claim`, {});
      expect({ status: sixth.status, code: sixth.body.code, values: sixth.body.values }).toEqual({ status: 409, code: 'CLAIM_LIMIT', values: { max: '5' } });
      expect((await amb.client.get('/api/tasks')).body.find((t: { id: string }) => t.id === task.id).attemptsLeft).toBe(0);
      expect(await ledgerOf(amb)).toEqual([]);
    });

    it('checks Discord membership and role with the user’s own token, refreshed once expired', async () => {
      const guildId = `77${kind === 'postgres' ? 1 : 2}001`;
      const member = await createTask({ title: `Discord ${kind}`, kind: 'discord_member', params: { guildId } });
      const role = await createTask({ title: `Discord role ${kind}`, kind: 'discord_member', params: { guildId, roleId: '4242' } });
      const amb = await createAmbassador(server, { admin: superAdmin });
      expectClaim(await amb.client.post(`/api/tasks/${member.id}/claim`, {}), 'refused', 'ACCOUNT_NOT_LINKED');
      const user = { id: String((discordIds += 1n)), username: `dana${kind}`, guilds: { [guildId]: ['1'] } };
      const start = await amb.client.get('/api/links/discord/start');
      const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
      const callback = await amb.client.get(`/api/links/discord/callback?${new URLSearchParams({ code: providers.discordCode(user), state }).toString()}`);
      expect(String(callback.headers.location)).toContain('discord=linked');
      const credited = await amb.client.post(`/api/tasks/${member.id}/claim`, {});
      expectClaim(credited, 'credited', null);
      expect(credited.body.evidence).toMatchObject({ guildId, discordUserId: user.id, memberStatus: 'member', joinedAt: expect.any(String) });
      expectClaim(await amb.client.post(`/api/tasks/${role.id}/claim`, {}), 'refused', 'NOT_MEMBER');
      user.guilds[guildId] = ['1', '4242'];
      // The access token has expired meanwhile: refreshed, then asked (the Linked Roles pushes of the link and the credit, ADR 032, made first).
      await server.ctx.discordRoles.drain();
      const refreshesBefore = providers.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token').length;
      server.clock.advance(2 * 3_600_000);
      try {
        const withRole = await amb.client.post(`/api/tasks/${role.id}/claim`, {});
        expectClaim(withRole, 'credited', null);
        expect(withRole.body.evidence).toMatchObject({ roleId: '4242', memberStatus: 'member_with_role' });
      } finally {
        server.clock.advance(-2 * 3_600_000);
      }
      expect(providers.tokenRequests.filter((f) => f.get('grant_type') === 'refresh_token').length).toBe(refreshesBefore + 1);
    });

    it('checks an X post’s author, text and time; a post by someone else is refused NOT_AUTHOR', async () => {
      const task = await createTask({ title: `Post ${kind}`, kind: 'x_post', params: { mustContain: '#GoalChain' }, period: 'monthly' });
      const amb = await createAmbassador(server, { admin: superAdmin });
      const handle = `gf_${kind === 'postgres' ? 'p' : 'g'}${Date.now() % 100000}`;
      expect((await amb.client.post(`/api/tasks/${task.id}/claim`, {})).status).toBe(400);
      expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, { postUrl: xPostUrl(handle, server.clock.now()) }), 'refused', 'ACCOUNT_NOT_LINKED');
      await withX(amb, handle);
      const someoneElse = xPostUrl('somebody_else', server.clock.now());
      providers.setPost(someoneElse, 'somebody_else', 'What a match #GoalChain');
      const notAuthor = await amb.client.post(`/api/tasks/${task.id}/claim`, { postUrl: someoneElse });
      expectClaim(notAuthor, 'refused', 'NOT_AUTHOR');
      expect(notAuthor.body.evidence).toMatchObject({ author: 'somebody_else', textSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const plain = xPostUrl(handle, server.clock.now());
      providers.setPost(plain, handle, 'What a match');
      expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, { postUrl: plain }), 'refused', 'TEXT_MISSING');
      const old = xPostUrl(handle, new Date(server.clock.now().getTime() - 40 * DAY));
      providers.setPost(old, handle, 'Old news #goalchain');
      expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, { postUrl: old }), 'refused', 'OUTSIDE_PERIOD');
      const good = xPostUrl(handle, server.clock.now());
      providers.setPost(good, handle, 'What a match #GoalChain & more');
      const done = await amb.client.post(`/api/tasks/${task.id}/claim`, { postUrl: good });
      expectClaim(done, 'credited', null);
      expect(done.body.evidence).toMatchObject({ author: handle, postedAt: expect.any(String) });
      // A post oEmbed does not know (deleted, private): refused, for someone who has not been credited yet.
      const late = await createAmbassador(server, { admin: superAdmin });
      await withX(late, `${handle}_2`);
      expectClaim(await late.client.post(`/api/tasks/${task.id}/claim`, { postUrl: xPostUrl(`${handle}_2`, server.clock.now()) }), 'refused', 'POST_NOT_FOUND');
    });

    it('checks a BSC transfer from the proven wallet on chain; a transaction counts once ever', async () => {
      const to = chain.accounts[1] as Address;
      const task = await createTask({ title: `Transfer ${kind}`, kind: 'bsc_transfer', params: { token: tokenAddress, to, minAmount: '10' }, period: 'once' });
      const amb = await createAmbassador(server, { admin: superAdmin });
      const account = privateKeyToAccount(generatePrivateKey());
      const tx = async (from: PrivateKeyAccount, receiver: Address, amount: string) => {
        const wallet = createWalletClient({ account: from, chain: foundry, transport: http(anvil.url) });
        const hash = await wallet.writeContract({
          abi: token.abi,
          address: tokenAddress,
          functionName: 'transfer',
          args: [receiver, parseUnits(amount, TOKEN_DECIMALS)],
        });
        await chain.publicClient.waitForTransactionReceipt({ hash });
        return hash;
      };
      await chain.wallet.sendTransaction({ account: treasurer, to: account.address, value: parseEther('1'), chain: foundry });
      await chain.wallet.writeContract({
        abi: token.abi,
        address: tokenAddress,
        account: treasurer,
        functionName: 'transfer',
        args: [account.address, parseUnits('100', TOKEN_DECIMALS)],
        chain: foundry,
      });
      const mine = () => createTestClient({ mode: 'anvil', chain: foundry, transport: http(anvil.url) }).mine({ blocks: 3 });

      const paid = await tx(account, to, '12');
      expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, { txHash: paid }), 'refused', 'WALLET_NOT_PROVEN');
      expect((await amb.client.patch('/api/ambassador', { usdtWalletAddress: account.address })).status).toBe(200);
      const { message } = (await amb.client.post('/api/wallet/proof/nonce')).body;
      expect((await amb.client.post('/api/wallet/proof', { message, signature: await account.signMessage({ message }) })).status).toBe(200);

      expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, { txHash: `0x${'ab'.repeat(32)}` }), 'refused', 'TX_NOT_FOUND');
      const fresh = await tx(account, to, '11');
      expectClaim(await amb.client.post(`/api/tasks/${task.id}/claim`, { txHash: fresh }), 'refused', 'TX_NOT_CONFIRMED');
      await mine();
      const elsewhere = await tx(account, treasurer, '20');
      await mine();
      const mismatch = await amb.client.post(`/api/tasks/${task.id}/claim`, { txHash: elsewhere });
      expectClaim(mismatch, 'refused', 'TX_MISMATCH');
      expect(mismatch.body.evidence).toMatchObject({ txHash: elsewhere, to: treasurer, amount: '20' });
      const done = await amb.client.post(`/api/tasks/${task.id}/claim`, { txHash: paid.toUpperCase().replace('0X', '0x') });
      expectClaim(done, 'credited', null);
      expect(done.body.evidence).toMatchObject({
        txHash: paid.toLowerCase(),
        from: account.address,
        to,
        amount: '12',
        blockNumber: expect.stringMatching(/^\d+$/),
      });

      // The same transaction for another task, or by another ambassador: counted already.
      const other = await createTask({
        title: `Transfer again ${kind}`,
        kind: 'bsc_transfer',
        params: { token: tokenAddress, to, minAmount: '1' },
        period: 'once',
      });
      expectClaim(await amb.client.post(`/api/tasks/${other.id}/claim`, { txHash: paid }), 'refused', 'TX_ALREADY_COUNTED');
    });

    it('sends a manual claim to the review desk; an approval credits it once, a rejection keeps its reason', async () => {
      const task = await createTask({ title: `Manual ${kind}`, kind: 'manual', params: {} });
      const amb = await createAmbassador(server, { admin: superAdmin });
      const claim = await amb.client.post(`/api/tasks/${task.id}/claim`, { note: 'Hosted a space with 200 listeners' });
      expectClaim(claim, 'pending_review', null);
      expect((await amb.client.post(`/api/tasks/${task.id}/claim`, {})).body.code).toBe('ALREADY_CLAIMED');
      const pending = await superAdmin.get('/api/admin/task-claims?status=pending_review&limit=500');
      expect(pending.body.find((c: { id: string }) => c.id === claim.body.id)).toMatchObject({
        note: 'Hosted a space with 200 listeners',
        ambassadorId: amb.ambassadorId,
      });
      const approved = await superAdmin.post(`/api/admin/task-claims/${claim.body.id}/review`, { decision: 'approved' });
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body).toMatchObject({ status: 'credited', gcmAwarded: '50.00' });
      expect((await superAdmin.post(`/api/admin/task-claims/${claim.body.id}/review`, { decision: 'rejected' })).body.code).toBe('CLAIM_NOT_PENDING');
      expect((await ledgerOf(amb)).map((e) => e.description)).toEqual([`Task: Manual ${kind}`, `Task: Manual ${kind}`]);

      const second = await createAmbassador(server, { admin: superAdmin });
      const refused = await second.client.post(`/api/tasks/${task.id}/claim`, { note: 'trust me' });
      const rejected = await superAdmin.post(`/api/admin/task-claims/${refused.body.id}/review`, {
        decision: 'rejected',
        reasonCode: 'not_verifiable',
        facts: 'No recording',
      });
      expect(rejected.body).toMatchObject({
        status: 'refused',
        reasonCode: 'REVIEW_REJECTED',
        facts: 'No recording',
        evidence: { reviewReason: 'not_verifiable' },
      });
    });

    it('counts the month’s task claims in its summary', async () => {
      const month = server.clock.now().toISOString().slice(0, 7);
      const summary = await monthSummary(server.db, month);
      expect(summary.tasks.credited).toBeGreaterThanOrEqual(5);
      expect(summary.tasks.refused).toBeGreaterThanOrEqual(5);
      expect(summary.tasks.byReason).toMatchObject({ NOT_MEMBER: expect.any(Number), NOT_AUTHOR: expect.any(Number), TX_ALREADY_COUNTED: expect.any(Number) });
      expect(summary.tasks.byReason.NOT_AUTHOR).toBeGreaterThanOrEqual(1);
    });
  },
);

/** A service that never answers: 503 after PROVIDER_TIMEOUT_SECONDS, and nothing recorded. */
describeEachDatabase(
  'task claims when the service does not answer (%s)',
  () => ({ env: { ...providers.env, PROVIDER_TIMEOUT_SECONDS: '1' } }),
  ({ server, superAdmin }) => {
    it('answers 503 PROVIDER_UNAVAILABLE and records nothing; the claim can be made again', async () => {
      const chatId = `-1009${Date.now() % 1_000_000}`;
      const task = await superAdmin.post('/api/admin/tasks', {
        title: 'Join',
        kind: 'telegram_member',
        params: { chatId },
        description: '',
        gcmReward: '5',
        usdtReward: '0',
        period: 'once',
      });
      const amb = await createAmbassador(server, { admin: superAdmin });
      const user = { id: (telegramIds += 1), first_name: 'Hana' };
      expect((await amb.client.post('/api/links/telegram', widgetAnswer(user, Math.floor(server.clock.now().getTime() / 1000)))).status).toBe(200);
      providers.setChatMember(chatId, String(user.id), 'member');
      providers.setMode('telegram', 'hang');
      try {
        const answer = await amb.client.post(`/api/tasks/${task.body.id}/claim`, {});
        expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 503, code: 'PROVIDER_UNAVAILABLE' });
        expect(await server.db.select().from(taskClaims).where(eq(taskClaims.taskId, task.body.id))).toEqual([]);
      } finally {
        providers.setMode('telegram', 'ok');
      }
      expect((await amb.client.post(`/api/tasks/${task.body.id}/claim`, {})).body.status).toBe('credited');
    });
  },
);

/** Claims per ambassador per minute (TASK_CLAIMS_PER_MINUTE). */
describeEachDatabase(
  'task claim rate limit (%s)',
  () => ({ env: { ...providers.env, TASK_CLAIMS_PER_MINUTE: '3' } }),
  ({ server, superAdmin }) => {
    it('answers 429 past the allowance', async () => {
      const task = await superAdmin.post('/api/admin/tasks', {
        title: 'Manual',
        kind: 'manual',
        params: {},
        description: '',
        gcmReward: '1',
        usdtReward: '0',
        period: 'once',
      });
      const amb = await createAmbassador(server, { admin: superAdmin });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await amb.client.post(`/api/tasks/${task.body.id}/claim`, {})).status);
      expect(statuses).toEqual([201, 409, 409, 429]);
    });
  },
);

// Used by the helper types above.
export type { ApiClient };
