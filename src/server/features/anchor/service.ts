/**
 * Anchoring the public log on BSC (DECISIONS §7, Anchors on BSC). With ANCHOR_PRIVATE_KEY and
 * BSC_RPC_URL, the anchor job (job.ts) sends, as soon as a month freezes or closes and daily when the
 * log grew, a transaction from the anchor address to itself with the head's seq and hash
 * (src/shared/anchor.ts). The signed transaction is stored before it is sent (log_anchors, one row per
 * head, one in flight at a time under an advisory lock), so a restart sends the same transaction again,
 * never a second one. Once BSC_CONFIRMATIONS blocks are on top, `log.anchored` is appended. The chain
 * being down only delays this: nothing else waits for it.
 */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { anchorData } from '../../../shared/anchor.ts';
import type { TAnchoredData } from '../../../shared/schemas/log-data.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { logAnchors, publicLog } from '../../db/schema.ts';
import { withTransaction } from '../../mutation.ts';
import { appendLog } from '../public-log/index.ts';

type AnchorConfig = NonNullable<Config['anchor']>;

/** Any constant: the advisory lock under which an anchor is recorded (the log's append lock has its own). */
const ANCHOR_LOCK_ID = 72_410_995;
/** Without a freeze or a close, the log is anchored at most daily (when it grew). */
export const ANCHOR_DAILY_MS = 86_400_000;

const loadViem = async () => ({ ...(await import('viem')), ...(await import('viem/accounts')) });

async function chainOf(anchor: AnchorConfig) {
  const viem = await loadViem();
  const client = viem.createPublicClient({ transport: viem.http(anchor.rpcUrl, { timeout: anchor.rpcTimeoutMs, retryCount: 0 }) });
  return { viem, client, account: viem.privateKeyToAccount(anchor.privateKey) };
}

const chainIds = new WeakMap<AnchorConfig, number>();

/** GET /api/public/anchor: the anchor address and the chain id its node reports; undefined when anchoring is off. */
export async function anchorInfo(ctx: AppContext): Promise<{ address: string; chainId: number } | undefined> {
  const anchor = ctx.config.anchor;
  if (!anchor) return undefined;
  const { client, account } = await chainOf(anchor);
  let chainId = chainIds.get(anchor);
  if (chainId === undefined) {
    chainId = await client.getChainId();
    chainIds.set(anchor, chainId);
  }
  return { address: account.address, chainId };
}

export interface AnchorRun {
  /** The seq of the head whose anchor transaction this run recorded and sent. */
  sent?: number;
  /** The seqs whose `log.anchored` this run appended. */
  anchored: number[];
}

/** Whether the log needs an anchor now: a freeze or close after the last anchored head, or a day since it and the log grew. */
async function headToAnchor(ctx: AppContext): Promise<{ seq: number; hash: string } | undefined> {
  const last = (await ctx.db.select().from(logAnchors).orderBy(desc(logAnchors.seq)).limit(1))[0];
  const after = last?.seq ?? 0;
  const grew = await ctx.db
    .select({ kind: publicLog.kind })
    .from(publicLog)
    .where(and(gt(publicLog.seq, after), ne(publicLog.kind, 'log.anchored'), inArray(publicLog.kind, ['season.frozen', 'season.closed'])))
    .limit(1);
  if (!grew.length) {
    const daily = !last || ctx.clock.now().getTime() - last.createdAt.getTime() >= ANCHOR_DAILY_MS;
    if (!daily) return undefined;
    const any = await ctx.db
      .select({ seq: publicLog.seq })
      .from(publicLog)
      .where(and(gt(publicLog.seq, after), ne(publicLog.kind, 'log.anchored')))
      .limit(1);
    if (!any.length) return undefined;
  }
  const head = (await ctx.db.select({ seq: publicLog.seq, hash: publicLog.hash }).from(publicLog).orderBy(desc(publicLog.seq)).limit(1))[0];
  return head && head.seq > after ? { seq: head.seq, hash: head.hash } : undefined;
}

/**
 * One run of the anchor job: the anchor in flight confirmed (its `log.anchored` appended once
 * BSC_CONFIRMATIONS blocks are on top; sent again when the node does not know it), else the head
 * anchored when due. Throws when the node cannot be reached: the next run tries again.
 */
export async function runAnchorJob(ctx: AppContext): Promise<AnchorRun> {
  const anchor = ctx.config.anchor;
  const run: AnchorRun = { anchored: [] };
  if (!anchor) return run;
  const { viem, client, account } = await chainOf(anchor);
  const pending = await ctx.db.select().from(logAnchors).where(isNull(logAnchors.loggedAt)).orderBy(logAnchors.seq);
  for (const row of pending) {
    const receipt = await client.getTransactionReceipt({ hash: row.txHash as Hex }).catch((error: unknown) => {
      if (error instanceof viem.TransactionReceiptNotFoundError) return undefined;
      throw error;
    });
    if (!receipt) {
      // Not mined (or never reached the node): the same signed transaction again; the node ignores a duplicate.
      await client.sendRawTransaction({ serializedTransaction: row.rawTx as Hex }).catch((error: unknown) => {
        ctx.log.warn(
          { seq: row.seq, err: error instanceof Error ? error.message.split('\n')[0] : String(error) },
          'anchor: the transaction was sent again and refused',
        );
      });
      continue;
    }
    const latest = await client.getBlockNumber();
    if (latest - receipt.blockNumber < BigInt(anchor.confirmations)) continue;
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    const data: TAnchoredData = {
      seq: row.seq,
      hash: row.hash,
      txHash: row.txHash,
      blockNumber: Number(receipt.blockNumber),
      blockTime: new Date(Number(block.timestamp) * 1000).toISOString(),
    };
    const logged = await withTransaction(ctx, null, async (m) => {
      const current = (await m.tx.select().from(logAnchors).where(eq(logAnchors.seq, row.seq)).for('update'))[0];
      if (!current || current.loggedAt) return false;
      await appendLog(m, 'log.anchored', { ...data });
      await m.tx.update(logAnchors).set({ loggedAt: m.now }).where(eq(logAnchors.seq, row.seq));
      return true;
    });
    if (logged) run.anchored.push(row.seq);
  }
  if (pending.length > run.anchored.length) return run;
  const head = await headToAnchor(ctx);
  if (!head) return run;
  const [chainId, nonce, gasPrice] = await Promise.all([
    client.getChainId(),
    client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    client.getGasPrice(),
  ]);
  const data = anchorData(head.seq, head.hash);
  const gas = await client.estimateGas({ account: account.address, to: account.address, value: 0n, data });
  const rawTx = await account.signTransaction({ type: 'legacy', chainId, nonce, to: account.address, value: 0n, data, gas, gasPrice });
  const txHash = viem.keccak256(rawTx);
  // Recorded before it is sent, exactly once across instances: one anchor in flight, one row per head.
  const recorded = await withTransaction(ctx, null, async (m) => {
    await m.tx.execute(sql`select pg_advisory_xact_lock(${ANCHOR_LOCK_ID})`);
    const inFlight = await m.tx.select({ seq: logAnchors.seq }).from(logAnchors).where(isNull(logAnchors.loggedAt)).limit(1);
    if (inFlight.length) return false;
    const inserted = await m.tx
      .insert(logAnchors)
      .values({ seq: head.seq, hash: head.hash, txHash, rawTx, createdAt: m.now })
      .onConflictDoNothing()
      .returning({ seq: logAnchors.seq });
    return inserted.length > 0;
  });
  if (!recorded) return run;
  run.sent = head.seq;
  await client.sendRawTransaction({ serializedTransaction: rawTx }).catch((error: unknown) => {
    ctx.log.warn(
      { seq: head.seq, err: error instanceof Error ? error.message.split('\n')[0] : String(error) },
      'anchor: sending failed; it is sent again on the next run',
    );
  });
  return run;
}
