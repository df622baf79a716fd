/**
 * The task case of issue 43 (ADR 029): `telegram_member` claims per second, each checked against a
 * loopback Bot API stand-in (test/helpers/providers.ts), against the same-work ceiling.
 *
 *   npx tsx bench/tasks.ts                # the product on PGlite (in this process)
 *   npx tsx bench/tasks.ts --pg[=URL]     # on PostgreSQL: a database of its own on the server of URL
 *                                         # (default TEST_DATABASE_URL, DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), dropped after
 *
 * The ceiling. A claim is not one outside call: it is an HTTP request into the app, which must know
 * who asks (the session) and must keep its verdict (a database write). A bare loop of getChatMember
 * calls (still measured, as `bareCallsPerSecond`) does none of that, so no product could reach 0.7
 * of it: on PGlite one statement costs about what one loopback call costs. The ceiling is therefore
 * the same request without the claim's logic: the same POST with the same cookie, Origin and JSON
 * body, injected into a bare Fastify app (logger off, @fastify/cookie) in this process, on the
 * product's own database handle, that does what no claim can do without:
 *   1. the session read, with the product's own statement (auth/sessions.ts loadAmbassadorSession:
 *      the session, its account and the ambassador record in one round trip);
 *   2. one getChatMember call through the product's own caller (links/outside.ts callOutside: the
 *      timeout, the capped read, the JSON);
 *   3. one statement writing the verdict, autocommitted as the claim's own is: one row in task_claims
 *      (the real table, its unique keys and indexes).
 * It is told what to ask (the chat and the Telegram user) in its body: finding the task and the
 * link, the rate limit, the period's checks, the ledger and its caches, the webhook event and the
 * live changes are the claim's logic, whose cost the ratio measures.
 *
 * The product runs in this process (test/helpers/server.ts), as do the stand-in and the ceiling: all
 * share one event loop (and PGlite's one connection), so `cpuMsPerClaim` (this process's CPU time
 * per request, the database's work included on PGlite) is the figure the machine's other load
 * disturbs least. AMBASSADORS ambassadors, each with a linked Telegram account that is a member of
 * the chat, claim TASKS tasks (period `once`) one after another, all ambassadors at once: every claim
 * is credited. Rounds alternate ceiling, product, product, ceiling (bare calls first in each round).
 * Last, one request of each at a time, with the database's statements counted (bench/statements.ts;
 * BENCH_STATEMENT_MS=1 adds each statement's milliseconds). BENCH_TASK_AMBASSADORS, BENCH_TASKS, BENCH_TASK_ROUNDS: the sizes
 * (more, shorter rounds give steadier medians on a loaded machine).
 * BENCH_CPU_PROFILE=FILE writes a V8 CPU profile of this process during the claims' rounds only
 * (`node:inspector`; open it in Chrome's DevTools), BENCH_CPU_PROFILE_CEILING=FILE one of the ceiling's.
 * Target: claims/s >= 0.7 of the ceiling's requests/s. It never fails on a timing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Session } from 'node:inspector/promises';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { median, round } from './lib.ts';
import { countStatements, type StatementCount } from './statements.ts';
import { startProviders, widgetAnswer } from '../test/helpers/providers.ts';
import { startTestServer, type TestServer } from '../test/helpers/server.ts';
import { ApiClient } from '../test/helpers/client.ts';
import { createAmbassador, type CreatedAmbassador } from '../test/helpers/factories.ts';
import { createPgDatabase, dropPgDatabase } from '../test/helpers/pg-server.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { loadAmbassadorSession, SESSION_COOKIE } from '../src/server/auth/sessions.ts';
import { callOutside } from '../src/server/features/links/outside.ts';
import { taskClaims } from '../src/server/db/schema.ts';
import type { AppContext } from '../src/server/context.ts';

export interface RequestFigures {
  /** Requests per second, each run. */
  perSecond: number[];
  /** This process's CPU milliseconds per request (user + system), each run. */
  cpuMsPerRequest: number[];
  /**
   * On a PostgreSQL server on this machine: the CPU milliseconds per request of the server processes
   * serving the bench's database (its backends, read from /proc), each run; empty elsewhere.
   */
  dbCpuMsPerRequest: number[];
}

export interface TaskClaimFigures {
  database: 'pglite' | 'postgres';
  ambassadors: number;
  claimsPerRound: number;
  rounds: number;
  /** Credited claims. */
  claims: RequestFigures;
  /** The same request doing the session read, one stand-in call and one write (above). */
  ceiling: RequestFigures;
  /** getChatMember calls per second in a bare fetch loop (the former ceiling), each round. */
  bareCallsPerSecond: number[];
  /** What one claim and one ceiling request ask of the database, measured one at a time. */
  statements: { claim: StatementCount; ceiling: StatementCount };
  /** median(claims/s) / median(ceiling requests/s). */
  ratio: number;
  /** median(ceiling CPU per request) / median(claim CPU per request). */
  cpuRatio: number;
  /** median(claims/s) / median(bare calls/s), for comparison with the first measurement. */
  ratioToBareCall: number;
  target: number;
}

const AMBASSADORS = Number(process.env.BENCH_TASK_AMBASSADORS ?? 8);
const TASKS = Number(process.env.BENCH_TASKS ?? 60);
const ROUNDS = Number(process.env.BENCH_TASK_ROUNDS ?? 2);
const CHAT = '-1009990001';

interface Person extends CreatedAmbassador {
  telegramId: number;
  /** The same session, sending to the ceiling. */
  ceiling: ApiClient;
}

/** The ceiling's app (see the header): session, one call, one write. */
async function ceilingApp(ctx: AppContext) {
  const app = Fastify({ logger: false });
  await app.register(fastifyCookie);
  const token = ctx.config.providers.telegramBotToken ?? '';
  app.post<{ Params: { id: string }; Body: { chatId: string; telegramUserId: string } }>('/api/tasks/:id/claim', async (request, reply) => {
    const now = ctx.clock.now();
    const cookie = request.cookies[SESSION_COOKIE];
    const session = cookie ? await loadAmbassadorSession(ctx.db, ctx.config, cookie, now) : null;
    if (!session?.ambassador) return reply.code(401).send({ message: 'Not signed in' });
    const ambassadorId = session.ambassador.id;
    const { chatId, telegramUserId } = request.body;
    const query = new URLSearchParams({ chat_id: chatId, user_id: telegramUserId });
    const answer = await callOutside(ctx, 'telegram', `${ctx.config.providers.telegramApiUrl}/bot${token}/getChatMember?${query.toString()}`);
    const memberStatus = (answer.json as { result?: { status?: string } } | undefined)?.result?.status ?? 'unknown';
    const evidence = { chatId, telegramUserId, memberStatus };
    const status = memberStatus === 'member' ? 'credited' : 'refused';
    // One statement, autocommitted: what the claim itself now does (ADR 029, fifth pass).
    const [claim] = await ctx.db
      .insert(taskClaims)
      .values({ taskId: request.params.id, ambassadorId, periodKey: 'once', attempt: 1, status, reasonCode: null, evidence, createdAt: now })
      .returning({ id: taskClaims.id });
    return reply.code(201).send({ id: claim?.id, status, reasonCode: null, evidence });
  });
  await app.ready();
  return app;
}

/** `--pg` or `--pg=URL`: the PostgreSQL server to make the bench's database on; undefined: PGlite. */
function postgresServer(argv: string[]): string | undefined {
  const flag = argv.find((a) => a === '--pg' || a.startsWith('--pg='));
  if (!flag) return undefined;
  return flag.slice(5) || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export async function measureTaskClaims(log: (line: string) => void = console.log, options: { postgres?: string | undefined } = {}): Promise<TaskClaimFigures> {
  const providers = await startProviders();
  let pg: { serverUrl: string; name: string; database: Database } | undefined;
  let server: TestServer | undefined;
  try {
    const env = { ...providers.env, PROVIDER_TIMEOUT_SECONDS: '30', TASK_CLAIMS_PER_MINUTE: '1000000' };
    if (options.postgres) {
      const name = `bench_tasks_${randomBytes(5).toString('hex')}`;
      const url = await createPgDatabase(options.postgres, name);
      // The product's pool size (openDatabase's default), migrated by the start.
      pg = { serverUrl: options.postgres, name, database: await openDatabase({ databaseUrl: url }) };
      server = await startTestServer({ kind: 'postgres', env, database: { database: pg.database, url } });
    } else server = await startTestServer({ env });
    const product = server;
    const ceiling = await ceilingApp(product.ctx);
    const ceilingServer = { ...product, app: ceiling } as unknown as TestServer;
    const admin = new ApiClient(product);
    await admin.superAdminLogin();
    const people: Person[] = [];
    for (let i = 0; i < AMBASSADORS; i++) {
      const amb = await createAmbassador(product, { admin });
      const telegramId = 7_100_000 + i;
      const linked = await amb.client.post(
        '/api/links/telegram',
        // Signed at the product's clock (a test clock, fixed at its start: a slow start on a loaded machine must not age it).
        widgetAnswer({ id: telegramId, first_name: 'Bench', username: `bench_${i}` }, Math.floor(product.clock.now().getTime() / 1000)),
      );
      if (linked.status !== 201 && linked.status !== 200) throw new Error(`linking Telegram: ${linked.status} ${linked.text}`);
      providers.setChatMember(CHAT, String(telegramId), 'member');
      const toCeiling = new ApiClient(ceilingServer);
      toCeiling.cookie = amb.client.cookie;
      people.push({ ...amb, telegramId, ceiling: toCeiling });
    }
    const getChatMember = `${providers.env.TELEGRAM_API_URL}/bot${providers.env.TELEGRAM_BOT_TOKEN}/getChatMember`;
    let made = 0;
    async function newTasks(count: number): Promise<string[]> {
      const ids: string[] = [];
      for (let t = 0; t < count; t++) {
        const created = await admin.post('/api/admin/tasks', {
          title: `Join the chat ${(made += 1)}`,
          description: 'Join',
          kind: 'telegram_member',
          params: { chatId: CHAT },
          gcmReward: '1',
          usdtReward: '0',
          period: 'once',
        });
        if (created.status !== 201) throw new Error(`creating a task: ${created.status} ${created.text}`);
        ids.push(created.body.id as string);
      }
      return ids;
    }
    const claim = async (p: Person, id: string) => {
      const claimed = await p.client.post(`/api/tasks/${id}/claim`, {});
      if (claimed.status !== 201 || claimed.body.status !== 'credited') throw new Error(`a claim was not credited: ${claimed.status} ${claimed.text}`);
    };
    const ceilingCall = async (p: Person, id: string) => {
      const answered = await p.ceiling.post(`/api/tasks/${id}/claim`, { chatId: CHAT, telegramUserId: String(p.telegramId) });
      if (answered.status !== 201 || answered.body.status !== 'credited') throw new Error(`the ceiling failed: ${answered.status} ${answered.text}`);
    };
    /** Every person sends one request per task, one after another, all people at once. */
    const profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    const profiles = new Map<string, unknown>();
    async function run(
      ids: string[],
      send: (p: Person, id: string) => Promise<void>,
      profileAs?: string,
    ): Promise<{ perSecond: number; cpuMs: number; dbCpuMs: number | undefined }> {
      if (profileAs) await profiler.post('Profiler.start');
      const backends = pg ? await backendsOf(pg.database) : undefined;
      const dbTicks = backends && ticksOf(backends);
      const cpu = process.cpuUsage();
      const started = performance.now();
      await Promise.all(
        people.map(async (p) => {
          for (const id of ids) await send(p, id);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const dbUsed = backends && dbTicks !== undefined ? ticksOf(backends) - dbTicks : undefined;
      if (profileAs) {
        const { profile } = await profiler.post('Profiler.stop');
        // The last round's profile of each side.
        profiles.set(profileAs, profile);
      }
      const requests = people.length * ids.length;
      return {
        perSecond: round(requests / seconds),
        cpuMs: round((used.user + used.system) / 1000 / requests, 3),
        dbCpuMs: dbUsed === undefined ? undefined : round((dbUsed * TICK_MS) / requests, 3),
      };
    }

    // Warm both paths (and the JIT) before measuring.
    const warm = await newTasks(5);
    await run(warm, claim);
    await run(await newTasks(5), ceilingCall);

    const claims: RequestFigures = { perSecond: [], cpuMsPerRequest: [], dbCpuMsPerRequest: [] };
    const ceilingFigures: RequestFigures = { perSecond: [], cpuMsPerRequest: [], dbCpuMsPerRequest: [] };
    const bareCallsPerSecond: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // The former ceiling: the same calls the claims make, in a bare loop per ambassador.
      const started = performance.now();
      await Promise.all(
        people.map(async (p) => {
          for (let t = 0; t < TASKS; t++) {
            const answer = await fetch(`${getChatMember}?chat_id=${encodeURIComponent(CHAT)}&user_id=${p.telegramId}`);
            const body = (await answer.json()) as { ok: boolean; result?: { status: string } };
            if (!body.ok || body.result?.status !== 'member') throw new Error('the stand-in did not answer a member');
          }
        }),
      );
      bareCallsPerSecond.push(round((AMBASSADORS * TASKS) / ((performance.now() - started) / 1000)));
      // Alternating order (ceiling first in even rounds), so a change in the machine's speed falls on both.
      const order: ('ceiling' | 'claims')[] = r % 2 === 0 ? ['ceiling', 'claims'] : ['claims', 'ceiling'];
      for (const side of order) {
        const ids = await newTasks(TASKS);
        const profileTo = side === 'claims' ? process.env.BENCH_CPU_PROFILE : process.env.BENCH_CPU_PROFILE_CEILING;
        const measured = await run(ids, side === 'claims' ? claim : ceilingCall, profileTo || undefined);
        const into = side === 'claims' ? claims : ceilingFigures;
        into.perSecond.push(measured.perSecond);
        into.cpuMsPerRequest.push(measured.cpuMs);
        if (measured.dbCpuMs !== undefined) into.dbCpuMsPerRequest.push(measured.dbCpuMs);
      }
      log(
        `  tasks round ${r + 1}: ${claims.perSecond.at(-1)} claims/s (${claims.cpuMsPerRequest.at(-1)} ms CPU each${dbNote(claims)}), ceiling ${ceilingFigures.perSecond.at(-1)}/s (${ceilingFigures.cpuMsPerRequest.at(-1)} ms CPU each${dbNote(ceilingFigures)}), bare getChatMember ${bareCallsPerSecond.at(-1)}/s`,
      );
    }

    profiler.disconnect();
    for (const [file, profile] of profiles) writeFileSync(file, JSON.stringify(profile));
    // What each asks of the database, one request at a time: the fewest of five (a background job's
    // statement, the outbox's poll, can fall inside one).
    const counter = await countStatements(product);
    const fewest = async (send: (p: Person, id: string) => Promise<void>): Promise<StatementCount> => {
      const ids = await newTasks(5);
      const counts: StatementCount[] = [];
      const [first] = people;
      if (!first) throw new Error('no ambassadors');
      for (const id of ids) {
        counter.reset();
        await send(first, id);
        counts.push(counter.read());
      }
      return counts.reduce((a, b) => (b.statements < a.statements ? b : a));
    };
    let statements: TaskClaimFigures['statements'];
    try {
      statements = { claim: await fewest(claim), ceiling: await fewest(ceilingCall) };
    } finally {
      counter.stop();
    }
    await ceiling.close();
    log(`  a claim: ${statements.claim.statements} statements in ${statements.claim.transactions} transaction(s): ${statements.claim.texts.join(' | ')}`);
    log(
      `  the ceiling: ${statements.ceiling.statements} statements in ${statements.ceiling.transactions} transaction(s): ${statements.ceiling.texts.join(' | ')}`,
    );

    const ratio = round(median(claims.perSecond) / median(ceilingFigures.perSecond), 3);
    const cpuRatio = round(median(ceilingFigures.cpuMsPerRequest) / median(claims.cpuMsPerRequest), 3);
    const ratioToBareCall = round(median(claims.perSecond) / median(bareCallsPerSecond), 3);
    log(
      `  tasks (${product.kind}): claims/s over the ceiling's requests/s ${ratio} (target >= 0.7); CPU per request, ceiling over claim ${cpuRatio}; over bare calls ${ratioToBareCall}`,
    );
    return {
      database: product.kind,
      ambassadors: AMBASSADORS,
      claimsPerRound: AMBASSADORS * TASKS,
      rounds: ROUNDS,
      claims,
      ceiling: ceilingFigures,
      bareCallsPerSecond,
      statements,
      ratio,
      cpuRatio,
      ratioToBareCall,
      target: 0.7,
    };
  } finally {
    await server?.close();
    if (pg) {
      await pg.database.close().catch(() => undefined);
      await dropPgDatabase(pg.serverUrl, pg.name).catch(() => undefined);
    }
    await providers.close();
  }
}

const dbNote = (figures: RequestFigures) => (figures.dbCpuMsPerRequest.length ? `, database ${figures.dbCpuMsPerRequest.at(-1)} ms` : '');

/** /proc's clock ticks (USER_HZ: 100 a second on Linux). */
const TICK_MS = 10;

/** The server processes of the bench's database, when the server runs on this machine (its pids are in /proc). */
async function backendsOf(database: Database): Promise<number[] | undefined> {
  const rows = (await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] };
  const pids = rows.rows.map((r) => Number(r.pid));
  return pids.every((pid) => existsSync(`/proc/${pid}/stat`)) ? pids : undefined;
}

/** User + system clock ticks of these processes (fields 14 and 15 of /proc/PID/stat, after the command's parentheses). */
function ticksOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A backend that ended meanwhile: its ticks are lost (the pool keeps its connections).
    }
  }
  return ticks;
}

if (process.argv[1]?.endsWith('bench/tasks.ts')) {
  measureTaskClaims(console.log, { postgres: postgresServer(process.argv.slice(2)) }).then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      // The product's timers and the stand-in's keep-alive sockets would hold the process open.
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
