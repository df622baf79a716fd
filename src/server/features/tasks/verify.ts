/**
 * The verifiers of the five kinds of task (DECISIONS §7, Tasks; ADR 029). Each asks the one service
 * that knows, outside any database transaction, and answers a verdict with the evidence that
 * decided it. A service that does not answer throws 503 PROVIDER_UNAVAILABLE (nothing is recorded);
 * an answer that cannot be read is a refusal (PROVIDER_ANSWER_MALFORMED), never a credit.
 */
import { z } from 'zod';
import type { Address, Hash } from 'viem';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { tasks, linkedAccounts, ambassadors } from '../../db/schema.ts';
import { discordAccessToken, guildMembership, readXPost, callOutside, providerUnavailable } from '../links/index.ts';
import { rpcFailure } from '../../rpc.ts';
import type { ClaimStatus, TaskRefusalCode } from '../../../shared/schemas/tasks.ts';
import { X_POST_URL } from '../../../shared/schemas/links.ts';

type TaskRow = typeof tasks.$inferSelect;
type LinkRow = typeof linkedAccounts.$inferSelect;
type AmbassadorRow = typeof ambassadors.$inferSelect;

export interface Verdict {
  status: ClaimStatus;
  reasonCode: TaskRefusalCode | null;
  evidence: Record<string, string>;
}

const credited = (evidence: Record<string, string>): Verdict => ({ status: 'credited', reasonCode: null, evidence });
const refused = (reasonCode: TaskRefusalCode, evidence: Record<string, string> = {}): Verdict => ({ status: 'refused', reasonCode, evidence });

export interface ClaimContext {
  ctx: AppContext;
  task: TaskRow;
  ambassador: AmbassadorRow;
  /** The ambassador's live link of the task's provider, if any. */
  link: LinkRow | undefined;
  /** When the current period began (null: `once`), and the task's own start. */
  periodStart: Date | null;
  input: { postUrl?: string | undefined; txHash?: string | undefined };
}

/** A refusal of a service's answer we could not read, as a verdict. */
function unreadable(service: string): Verdict {
  return refused('PROVIDER_ANSWER_MALFORMED', { service });
}

async function orUnreadable(work: () => Promise<Verdict>): Promise<Verdict> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.reason === 'PROVIDER_ANSWER_MALFORMED') return unreadable(error.values?.service ?? 'unknown');
    throw error;
  }
}

const ZChatMember = z.object({
  ok: z.literal(true),
  result: z.object({ status: z.enum(['creator', 'administrator', 'member', 'restricted', 'left', 'kicked']), is_member: z.boolean().optional() }),
});
const ZTelegramError = z.object({ ok: z.literal(false), description: z.string().max(500).optional() });

/** telegram_member {chatId}: Bot API getChatMember answers member, administrator, creator, or restricted with is_member. */
async function telegramMember({ ctx, task, link }: ClaimContext): Promise<Verdict> {
  if (!link) return refused('ACCOUNT_NOT_LINKED', { provider: 'telegram' });
  const token = ctx.config.providers.telegramBotToken;
  if (!token) throw providerUnavailable('telegram');
  const chatId = task.params.chatId ?? '';
  const query = new URLSearchParams({ chat_id: chatId, user_id: link.externalId });
  const answer = await callOutside(ctx, 'telegram', `${ctx.config.providers.telegramApiUrl}/bot${token}/getChatMember?${query.toString()}`);
  const member = ZChatMember.safeParse(answer.json);
  if (answer.status === 200 && member.success) {
    const { status, is_member } = member.data.result;
    const evidence = { chatId, telegramUserId: link.externalId, memberStatus: status, ...(is_member !== undefined ? { isMember: String(is_member) } : {}) };
    const isMember = status === 'member' || status === 'administrator' || status === 'creator' || (status === 'restricted' && is_member === true);
    return isMember ? credited(evidence) : refused('NOT_MEMBER', evidence);
  }
  // A user the chat has never seen: Telegram answers 400 "user not found".
  const error = ZTelegramError.safeParse(answer.json);
  if (answer.status === 400 && error.success && /user not found|participant_id_invalid/i.test(error.data.description ?? '')) {
    return refused('NOT_MEMBER', { chatId, telegramUserId: link.externalId, memberStatus: 'not_found' });
  }
  return unreadable('telegram');
}

/** discord_member {guildId, roleId?}: the linked user's own member object in the guild, with the role if asked. */
async function discordMember({ ctx, task, link }: ClaimContext): Promise<Verdict> {
  if (!link) return refused('ACCOUNT_NOT_LINKED', { provider: 'discord' });
  if (!ctx.config.providers.discord) throw providerUnavailable('discord');
  const guildId = task.params.guildId ?? '';
  const roleId = task.params.roleId;
  let token = await discordAccessToken(ctx, link);
  if (!token) return refused('ACCOUNT_NOT_LINKED', { provider: 'discord', reason: 'authorisation_revoked' });
  let membership = await guildMembership(ctx, token, guildId);
  if (membership === 'unauthorized') {
    // Revoked or expired early: one refresh, then ask again.
    token = await discordAccessToken(ctx, link, { forceRefresh: true });
    if (!token) return refused('ACCOUNT_NOT_LINKED', { provider: 'discord', reason: 'authorisation_revoked' });
    membership = await guildMembership(ctx, token, guildId);
    if (membership === 'unauthorized') return refused('ACCOUNT_NOT_LINKED', { provider: 'discord', reason: 'authorisation_revoked' });
  }
  const evidence: Record<string, string> = { guildId, discordUserId: link.externalId, ...(roleId ? { roleId } : {}) };
  if (!membership.member) return refused('NOT_MEMBER', { ...evidence, memberStatus: 'not_member' });
  if (membership.joinedAt) evidence.joinedAt = membership.joinedAt;
  if (roleId && !membership.roles.includes(roleId)) return refused('NOT_MEMBER', { ...evidence, memberStatus: 'member_without_role' });
  return credited({ ...evidence, memberStatus: roleId ? 'member_with_role' : 'member' });
}

/** When an X post was made, from its id (a snowflake: milliseconds since 2010-11-04T01:42:54.657Z in its top bits). */
export function postedAt(statusId: string): Date | null {
  try {
    const ms = (BigInt(statusId) >> 22n) + 1288834974657n;
    return ms > 1288834974657n && ms < 8_640_000_000_000_000n ? new Date(Number(ms)) : null;
  } catch {
    return null;
  }
}

/** x_post {mustContain}: the post's author is the linked handle, its text holds mustContain, and it was posted in the period. */
async function xPost({ ctx, task, link, input, periodStart }: ClaimContext): Promise<Verdict> {
  if (!link) return refused('ACCOUNT_NOT_LINKED', { provider: 'x' });
  const postUrl = input.postUrl ?? '';
  const read = await readXPost(ctx, postUrl);
  if (!read.found) return refused('POST_NOT_FOUND', { postUrl });
  const { post } = read;
  const at = postedAt(X_POST_URL.exec(postUrl)?.[2] ?? '');
  const evidence: Record<string, string> = {
    postUrl: post.url,
    author: post.author,
    textSha256: post.textSha256,
    ...(at ? { postedAt: at.toISOString() } : {}),
  };
  if (post.author.toLowerCase() !== link.externalId) return refused('NOT_AUTHOR', { ...evidence, linkedHandle: link.handle });
  const mustContain = task.params.mustContain ?? '';
  if (!post.text.toLowerCase().includes(mustContain.toLowerCase())) return refused('TEXT_MISSING', { ...evidence, mustContain });
  const opened = [periodStart, task.startsAt].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  if (at && opened && at < opened) return refused('OUTSIDE_PERIOD', { ...evidence, periodStart: opened.toISOString() });
  return credited(evidence);
}

const loadViem = () => import('viem');

/**
 * bsc_transfer {token, to, minAmount}: a successful transaction, BSC_CONFIRMATIONS deep, in the
 * period, with a Transfer log of `token` from the proven wallet to `to` of at least minAmount
 * (scaled by the token's decimals()).
 */
async function bscTransfer({ ctx, task, ambassador, input, periodStart }: ClaimContext): Promise<Verdict> {
  const wallet = ambassador.walletVerifiedAt ? ambassador.usdtWalletAddress : null;
  if (!wallet) return refused('WALLET_NOT_PROVEN');
  const rpcUrl = ctx.config.payouts.rpcUrl;
  if (!rpcUrl) throw providerUnavailable('bsc');
  const txHash = (input.txHash ?? '') as Hash;
  const {
    createPublicClient,
    http,
    erc20Abi,
    parseEventLogs,
    parseUnits,
    formatUnits,
    isAddressEqual,
    TransactionReceiptNotFoundError,
    ContractFunctionExecutionError,
    HttpRequestError,
    TimeoutError,
  } = await loadViem();
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: ctx.config.payouts.rpcTimeoutMs, retryCount: 0 }) });
  const token = task.params.token as Address;
  const to = task.params.to as Address;
  try {
    let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
    try {
      receipt = await client.getTransactionReceipt({ hash: txHash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return refused('TX_NOT_FOUND', { txHash });
      throw error;
    }
    const evidence: Record<string, string> = { txHash, blockNumber: receipt.blockNumber.toString() };
    if (receipt.status !== 'success') return refused('TX_MISMATCH', { ...evidence, txStatus: receipt.status });
    const latest = await client.getBlockNumber();
    const confirmations = latest - receipt.blockNumber + 1n;
    if (confirmations < BigInt(ctx.config.bscConfirmations)) return refused('TX_NOT_CONFIRMED', { ...evidence, confirmations: confirmations.toString() });
    let decimals: number;
    try {
      decimals = await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
    } catch (error) {
      // Not an ERC-20 contract (no decimals(), or an answer that is not one): a refusal, never a credit.
      const unreachable = error instanceof ContractFunctionExecutionError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError);
      if (error instanceof ContractFunctionExecutionError && !unreachable) return refused('PROVIDER_ANSWER_MALFORMED', { ...evidence, service: 'bsc', token });
      throw error;
    }
    const minimum = parseUnits(task.params.minAmount ?? '0', decimals);
    const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: true }).filter((log) =>
      isAddressEqual(log.address, token),
    );
    const match = transfers.find((log) => isAddressEqual(log.args.from, wallet as Address) && isAddressEqual(log.args.to, to) && log.args.value >= minimum);
    if (!match) {
      const nearest = transfers.find((log) => isAddressEqual(log.args.to, to)) ?? transfers[0];
      return refused('TX_MISMATCH', {
        ...evidence,
        ...(nearest ? { from: nearest.args.from, to: nearest.args.to, amount: formatUnits(nearest.args.value, decimals) } : { transfers: '0' }),
        provenWallet: wallet,
      });
    }
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    const blockTime = new Date(Number(block.timestamp) * 1000);
    const full = {
      ...evidence,
      blockTime: blockTime.toISOString(),
      token,
      from: match.args.from,
      to: match.args.to,
      amount: formatUnits(match.args.value, decimals),
    };
    const opened = [periodStart, task.startsAt].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
    if (opened && blockTime < opened) return refused('OUTSIDE_PERIOD', { ...full, periodStart: opened.toISOString() });
    return credited(full);
  } catch (error) {
    ctx.log.warn({ reason: await rpcFailure(error) }, 'could not check a transfer task on chain');
    throw providerUnavailable('bsc');
  }
}

/** Checks a claim with the service that knows; manual claims go to the review desk. */
export async function verifyClaim(claim: ClaimContext): Promise<Verdict> {
  switch (claim.task.kind) {
    case 'telegram_member':
      return orUnreadable(() => telegramMember(claim));
    case 'discord_member':
      return orUnreadable(() => discordMember(claim));
    case 'x_post':
      return orUnreadable(() => xPost(claim));
    case 'bsc_transfer':
      return bscTransfer(claim);
    case 'manual':
      return { status: 'pending_review', reasonCode: null, evidence: {} };
  }
}
