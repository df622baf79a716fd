/**
 * The task case of issue 43 (ADR 029): `telegram_member` claims per second, each checked against a
 * loopback Bot API stand-in (test/helpers/providers.ts), against the same-work ceiling: a bare loop
 * calling getChatMember on the same stand-in, with the same concurrency and the same number of calls.
 *
 * The product runs in this process (test/helpers/server.ts, PGlite), as does the stand-in: both sides
 * share one event loop, so the ratio is of the work a claim adds to its one outside call (the
 * session, the rate limit, the period's checks, the link, the transaction with its ledger entries).
 * AMBASSADORS ambassadors, each with a linked Telegram account that is a member of the chat, claim
 * TASKS tasks (period `once`) one after another, all ambassadors at once: every claim is credited.
 * Rounds alternate ceiling and product. Target: ratio >= 0.7. It never fails on a timing.
 */
import { median, round } from './lib.ts';
import { startProviders, widgetAnswer } from '../test/helpers/providers.ts';
import { startTestServer } from '../test/helpers/server.ts';
import { ApiClient } from '../test/helpers/client.ts';
import { createAmbassador, type CreatedAmbassador } from '../test/helpers/factories.ts';

export interface TaskClaimFigures {
  ambassadors: number;
  claimsPerRound: number;
  rounds: number;
  /** Credited claims per second, each round. */
  claimsPerSecond: number[];
  /** getChatMember calls per second in the bare loop, each round. */
  ceilingPerSecond: number[];
  /** median(claims/s) / median(ceiling calls/s). */
  ratio: number;
  target: number;
}

const AMBASSADORS = Number(process.env.BENCH_TASK_AMBASSADORS ?? 8);
const TASKS = Number(process.env.BENCH_TASKS ?? 60);
const ROUNDS = 2;
const CHAT = '-1009990001';

export async function measureTaskClaims(log: (line: string) => void = console.log): Promise<TaskClaimFigures> {
  const providers = await startProviders();
  const server = await startTestServer({ env: { ...providers.env, PROVIDER_TIMEOUT_SECONDS: '30', TASK_CLAIMS_PER_MINUTE: '1000000' } });
  try {
    const admin = new ApiClient(server);
    await admin.superAdminLogin();
    const people: Array<CreatedAmbassador & { telegramId: number }> = [];
    for (let i = 0; i < AMBASSADORS; i++) {
      const amb = await createAmbassador(server, { admin });
      const telegramId = 7_100_000 + i;
      const linked = await amb.client.post(
        '/api/links/telegram',
        widgetAnswer({ id: telegramId, first_name: 'Bench', username: `bench_${i}` }, Math.floor(Date.now() / 1000)),
      );
      if (linked.status !== 201 && linked.status !== 200) throw new Error(`linking Telegram: ${linked.status} ${linked.text}`);
      providers.setChatMember(CHAT, String(telegramId), 'member');
      people.push({ ...amb, telegramId });
    }
    const getChatMember = `${providers.env.TELEGRAM_API_URL}/bot${providers.env.TELEGRAM_BOT_TOKEN}/getChatMember`;
    const claimsPerSecond: number[] = [];
    const ceilingPerSecond: number[] = [];
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      // The ceiling: the same calls the claims make, in a bare loop per ambassador.
      let started = performance.now();
      await Promise.all(
        people.map(async (p) => {
          for (let t = 0; t < TASKS; t++) {
            const answer = await fetch(`${getChatMember}?chat_id=${encodeURIComponent(CHAT)}&user_id=${p.telegramId}`);
            const body = (await answer.json()) as { ok: boolean; result?: { status: string } };
            if (!body.ok || body.result?.status !== 'member') throw new Error('the stand-in did not answer a member');
          }
        }),
      );
      ceilingPerSecond.push(round((AMBASSADORS * TASKS) / ((performance.now() - started) / 1000)));

      const ids: string[] = [];
      for (let t = 0; t < TASKS; t++) {
        const created = await admin.post('/api/admin/tasks', {
          title: `Join the chat ${round_}-${t}`,
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
      started = performance.now();
      await Promise.all(
        people.map(async (p) => {
          for (const id of ids) {
            const claimed = await p.client.post(`/api/tasks/${id}/claim`, {});
            if (claimed.status !== 201 || claimed.body.status !== 'credited') throw new Error(`a claim was not credited: ${claimed.status} ${claimed.text}`);
          }
        }),
      );
      claimsPerSecond.push(round((AMBASSADORS * TASKS) / ((performance.now() - started) / 1000)));
      log(`  tasks round ${round_ + 1}: ${claimsPerSecond.at(-1)} claims/s, ceiling ${ceilingPerSecond.at(-1)} getChatMember/s`);
    }
    const ratio = round(median(claimsPerSecond) / median(ceilingPerSecond), 3);
    log(`  tasks: claims/s over the bare getChatMember loop ${ratio} (target >= 0.7)`);
    return { ambassadors: AMBASSADORS, claimsPerRound: AMBASSADORS * TASKS, rounds: ROUNDS, claimsPerSecond, ceilingPerSecond, ratio, target: 0.7 };
  } finally {
    await server.close();
    await providers.close();
  }
}

if (process.argv[1]?.endsWith('bench/tasks.ts')) {
  measureTaskClaims().then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
