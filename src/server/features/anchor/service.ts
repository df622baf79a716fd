/**
 * Anchoring the public log on BSC (DECISIONS §7, Anchors on BSC). With ANCHOR_PRIVATE_KEY and
 * BSC_RPC_URL, the anchor job (job.ts) sends, as soon as a month freezes or closes and daily when the
 * log grew, a transaction from the anchor address to itself with the head's seq and hash
 * (src/shared/anchor.ts). The signed transaction is stored before it is sent (log_anchors, one row per
 * head, one in flight at a time under an advisory lock), so a restart sends the same transaction again,
 * never a second one; one stuck under a risen gas price is signed again with the same nonce at the
 * node's price (`repriced`), so only one of them can be mined, whichever it is. Once
 * BSC_CONFIRMATIONS blocks are on top, `log.anchored` is appended with the mined one. The chain
 * being down only delays this: nothing else waits for it.
 */
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Hex, TransactionReceipt } from 'viem';
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

/** An anchor not mined this long after it was signed, under the node's gas price, is signed again at that price. */
export const ANCHOR_REPRICE_AFTER_MS = 180_000;
/** A replacement pays at least this much more than the one it replaces (nodes refuse a replacement under +10 %), in eighths. */
const REPLACEMENT_BUMP_EIGHTHS = 9n;

type Chain = Awaited<ReturnType<typeof chainOf>>;

/**
 * A transaction stuck under the node's gas price (the price rose after it was signed) is signed again
 * with the same nonce and data at the node's price (at least 12.5 % over its own, so nodes take it as
 * a replacement), recorded before it is sent (the old hash kept: it may still be the one mined) and
 * answered for sending. Never above the node's price when that is the higher: what the market asks,
 * not a bidding war. Undefined when the row's transaction is to be sent again as it is.
 */
async function repriced(ctx: AppContext, row: typeof logAnchors.$inferSelect, { viem, client, account }: Chain): Promise<Hex | undefined> {
  const signedAt = (row.pricedAt ?? row.createdAt).getTime();
  if (ctx.clock.now().getTime() - signedAt < ANCHOR_REPRICE_AFTER_MS) return undefined;
  const stuck = viem.parseTransaction(row.rawTx as Hex);
  const price = stuck.gasPrice ?? 0n;
  const market = await client.getGasPrice();
  if (market <= price) return undefined;
  const gasPrice = market > (price * REPLACEMENT_BUMP_EIGHTHS) / 8n ? market : (price * REPLACEMENT_BUMP_EIGHTHS + 7n) / 8n;
  const { nonce, gas, data, chainId } = stuck;
  if (nonce === undefined || gas === undefined || chainId === undefined) return undefined;
  const rawTx = await account.signTransaction({ type: 'legacy', chainId, nonce, to: account.address, value: 0n, data, gas, gasPrice });
  const txHash = viem.keccak256(rawTx);
  const recorded = await withTransaction(ctx, null, async (m) =>
    m.tx
      .update(logAnchors)
      .set({ txHash, rawTx, pricedAt: m.now, earlierTxHashes: sql`array_append(${logAnchors.earlierTxHashes}, ${row.txHash})` })
      // Another instance that repriced it first wins; this one sends nothing new.
      .where(and(eq(logAnchors.seq, row.seq), eq(logAnchors.txHash, row.txHash), isNull(logAnchors.loggedAt)))
      .returning({ seq: logAnchors.seq }),
  );
  if (!recorded.length) return undefined;
  ctx.log.info(
    { seq: row.seq, from: price.toString(), to: gasPrice.toString() },
    'anchor: a transaction stuck under the gas price signed again at the node’s price',
  );
  return rawTx;
}

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
    // The transaction in the row, or one it replaced (same nonce, a lower price): at most one of them is mined.
    let receipt: TransactionReceipt | undefined;
    for (const hash of [row.txHash, ...row.earlierTxHashes]) {
      receipt = await client.getTransactionReceipt({ hash: hash as Hex }).catch((error: unknown) => {
        if (error instanceof viem.TransactionReceiptNotFoundError) return undefined;
        throw error;
      });
      if (receipt) break;
    }
    if (!receipt) {
      // Not mined: repriced when it has waited long under the node's price, else the same signed transaction again.
      const raw = (await repriced(ctx, row, { viem, client, account })) ?? (row.rawTx as Hex);
      await client.sendRawTransaction({ serializedTransaction: raw }).catch((error: unknown) => {
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
      txHash: receipt.transactionHash,
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
