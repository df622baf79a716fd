/**
 * Linked accounts (DECISIONS §7, Linked accounts; ADR 029).
 *
 * - Each link proves the ambassador controls the account: Telegram's widget answer is signed with
 *   our bot's token (telegram.ts); Discord's OAuth code is exchanged with our client secret
 *   (discord.ts), from an authorisation started in this very session; an X post holding the
 *   ambassador's link code is read from oEmbed, and its author is the handle (oembed.ts).
 * - While linked, a provider account belongs to one ambassador (409 LINK_TAKEN), and an ambassador
 *   has one account per provider (linking another replaces it). An account another ambassador
 *   unlinked can be linked again RELINK_WAIT_DAYS after its unlink (409 LINK_TAKEN with `from`), so
 *   accounts are not passed around. Two partial unique keys settle parallel links.
 * - The outside call happens before the transaction; the transaction only writes.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { consumeAll, type Limit } from '../../auth/rate-limit.ts';
import { isSealed, isSealedWithCurrent, seal, unseal } from '../../auth/sealed.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ambassadors, linkedAccounts, linkStates } from '../../db/schema.ts';
import { AppError, UNIQUE_VIOLATION, pgErrorCode, valueError } from '../../errors.ts';
import { withTransaction } from '../../mutation.ts';
import { lockAmbassador } from '../ledger/index.ts';
import { keysOf } from '../mfa/index.ts';
import {
  DISCORD_STATE_MINUTES,
  RELINK_WAIT_DAYS,
  type LinkableProvider,
  type LinkProvider,
  type TLinkView,
  type TTelegramLoginInput,
} from '../../../shared/schemas/links.ts';
import { LINK_REFUSALS } from '../../../shared/schemas/messages.ts';
import { currentUser, discordAuthorizeUrl, DiscordRefused, exchangeCode, refreshTokens, type DiscordTokens } from './discord.ts';
import { readXPost } from './oembed.ts';
import { checkTelegramLogin } from './telegram.ts';
import { queueRolePush } from '../discord-roles/index.ts';
import { dropWaitingFor } from '../telegram/index.ts';

type AmbassadorRow = typeof ambassadors.$inferSelect;
type LinkRow = typeof linkedAccounts.$inferSelect;

const DAY_MS = 86_400_000;

function refusal(
  status: 'BAD_REQUEST' | 'UNPROCESSABLE' | 'CONFLICT' | 'NOT_FOUND' | 'UNAVAILABLE',
  code: string,
  message: string,
  values?: Record<string, string>,
) {
  return new AppError(status, message, undefined, code, values);
}

/**
 * The ambassador's link code: what their X post must hold. Derived from the server's secret and the
 * ambassador's id (HMAC-SHA-256, 50 bits in base32), so it needs no storage and cannot be guessed
 * for another ambassador.
 */
export function linkCode(ctx: Pick<AppContext, 'config'>, ambassadorId: string): string {
  const digest = createHmac('sha256', ctx.config.sessionSecret).update(`link-code:${ambassadorId}`).digest();
  return `GC-${encodeBase32UpperCaseNoPadding(digest.subarray(0, 10)).slice(0, 10)}`;
}

/** Linking attempts per account in LOGIN_WINDOW_MINUTES (each may call an outside service). */
export const LINK_ATTEMPTS = 30;
function linkLimits(ctx: AppContext, userId: string): Limit[] {
  return [{ key: `links:account:${userId}`, max: LINK_ATTEMPTS, windowMs: ctx.config.rateLimits.loginWindowMs }];
}

function view(row: Pick<LinkRow, 'provider' | 'handle' | 'externalId' | 'linkedAt'>): TLinkView {
  return { provider: row.provider, handle: row.handle, externalId: row.externalId, linkedAt: row.linkedAt.toISOString() };
}

/** GET /api/links: the linked accounts, and the proven payout wallet (read-only here). */
export async function listLinks(ctx: AppContext, ambassador: AmbassadorRow): Promise<TLinkView[]> {
  const rows = await ctx.db
    .select()
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.ambassadorId, ambassador.id), isNull(linkedAccounts.unlinkedAt)))
    .orderBy(linkedAccounts.linkedAt);
  const links = rows.map(view);
  if (ambassador.usdtWalletAddress && ambassador.walletVerifiedAt) {
    links.push({
      provider: 'wallet',
      handle: ambassador.usdtWalletAddress,
      externalId: ambassador.usdtWalletAddress.toLowerCase(),
      linkedAt: ambassador.walletVerifiedAt.toISOString(),
    });
  }
  return links;
}

/** The live link of a provider for an ambassador, if any. */
export async function liveLink(db: Db, ambassadorId: string, provider: LinkableProvider): Promise<LinkRow | undefined> {
  return (
    await db
      .select()
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.ambassadorId, ambassadorId), eq(linkedAccounts.provider, provider), isNull(linkedAccounts.unlinkedAt)))
  )[0];
}

interface NewLink {
  provider: LinkableProvider;
  externalId: string;
  handle: string;
  evidence: Record<string, string>;
  tokens?: DiscordTokens;
}

/**
 * Records a proven link in one transaction: refused when another ambassador holds the account or
 * unlinked it less than RELINK_WAIT_DAYS ago; the ambassador's own earlier account of that provider
 * is unlinked; the same account linked again to the same ambassador is refreshed in place.
 */
async function recordLink(ctx: AppContext, actor: SessionUser, ambassadorId: string, link: NewLink): Promise<TLinkView> {
  const keys = keysOf(ctx);
  try {
    return await withTransaction(ctx, actor, async (m) => {
      const { tx, now } = m;
      // One link at a time per ambassador; two ambassadors racing for one account meet on its unique key.
      await lockAmbassador(tx, ambassadorId);
      // The account's rows queue here: a parallel link of the same account waits for this one.
      const held = await tx
        .select()
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.provider, link.provider), eq(linkedAccounts.externalId, link.externalId)))
        .orderBy(desc(linkedAccounts.linkedAt))
        .for('update');
      const live = held.find((row) => !row.unlinkedAt);
      if (live && live.ambassadorId !== ambassadorId) throw refusal('CONFLICT', 'LINK_TAKEN', LINK_REFUSALS.taken);
      const since = new Date(now.getTime() - RELINK_WAIT_DAYS * DAY_MS);
      const recent = held
        .filter((row) => row.ambassadorId !== ambassadorId && row.unlinkedAt && row.unlinkedAt > since)
        .sort((a, b) => (b.unlinkedAt?.getTime() ?? 0) - (a.unlinkedAt?.getTime() ?? 0))[0];
      if (recent?.unlinkedAt) {
        const from = new Date(recent.unlinkedAt.getTime() + RELINK_WAIT_DAYS * DAY_MS).toISOString();
        throw valueError('CONFLICT', 'LINK_TAKEN', { from });
      }
      const sealedTokens = link.tokens
        ? {
            accessToken: seal(keys, link.tokens.accessToken, 'discord'),
            refreshToken: seal(keys, link.tokens.refreshToken, 'discord'),
            tokenExpiresAt: link.tokens.expiresAt,
          }
        : { accessToken: null, refreshToken: null, tokenExpiresAt: null };
      if (live) {
        // The same account again: its name and proof (and tokens) are brought up to date.
        const [row] = await tx
          .update(linkedAccounts)
          .set({ handle: link.handle, evidence: link.evidence, ...sealedTokens })
          .where(eq(linkedAccounts.id, live.id))
          .returning();
        if (!row) throw new Error('update returned nothing');
        if (link.provider === 'discord') await queueRolePush(m, ambassadorId);
        return view(row);
      }
      // Another account of this provider replaces the ambassador's earlier one.
      await tx
        .update(linkedAccounts)
        .set({ unlinkedAt: now, accessToken: null, refreshToken: null, tokenExpiresAt: null })
        .where(and(eq(linkedAccounts.ambassadorId, ambassadorId), eq(linkedAccounts.provider, link.provider), isNull(linkedAccounts.unlinkedAt)));
      const [row] = await tx
        .insert(linkedAccounts)
        .values({
          ambassadorId,
          provider: link.provider,
          externalId: link.externalId,
          handle: link.handle,
          evidence: link.evidence,
          linkedAt: now,
          ...sealedTokens,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      // Discord Linked Roles: the new connection gets its values (links/role-connection.ts).
      if (link.provider === 'discord') await queueRolePush(m, ambassadorId);
      return view(row);
    });
  } catch (error) {
    // Two ambassadors linking the same account at once: the second meets the first's live row.
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw refusal('CONFLICT', 'LINK_TAKEN', LINK_REFUSALS.taken);
    throw error;
  }
}

/** POST /api/links/telegram: the Login Widget's answer. */
export async function linkTelegram(ctx: AppContext, actor: SessionUser, ambassador: AmbassadorRow, input: TTelegramLoginInput): Promise<TLinkView> {
  const token = ctx.config.providers.telegramBotToken;
  if (!token) throw refusal('UNAVAILABLE', 'LINK_PROVIDER_NOT_CONFIGURED', LINK_REFUSALS.notConfigured, { provider: 'telegram' });
  await consumeAll(ctx.db, linkLimits(ctx, actor.id), ctx.clock.now(), LINK_REFUSALS.tooMany);
  const checked = checkTelegramLogin(token, input, ctx.clock.now());
  if (!checked.ok) {
    throw checked.reason === 'hash'
      ? refusal('UNPROCESSABLE', 'TELEGRAM_AUTH_INVALID', LINK_REFUSALS.telegramHash)
      : refusal('UNPROCESSABLE', 'TELEGRAM_AUTH_EXPIRED', LINK_REFUSALS.telegramExpired);
  }
  return recordLink(ctx, actor, ambassador.id, {
    provider: 'telegram',
    externalId: checked.id,
    handle: checked.handle,
    evidence: { authDate: checked.authDate.toISOString() },
  });
}

/** POST /api/links/x: a public post holding the ambassador's link code; the handle is its author. */
export async function linkX(ctx: AppContext, actor: SessionUser, ambassador: AmbassadorRow, postUrl: string): Promise<TLinkView> {
  await consumeAll(ctx.db, linkLimits(ctx, actor.id), ctx.clock.now(), LINK_REFUSALS.tooMany);
  const read = await readXPost(ctx, postUrl);
  if (!read.found) throw refusal('UNPROCESSABLE', 'POST_NOT_FOUND', LINK_REFUSALS.postNotFound);
  const code = linkCode(ctx, ambassador.id);
  if (!read.post.text.toUpperCase().includes(code)) throw valueError('UNPROCESSABLE', 'TEXT_MISSING', { code });
  return recordLink(ctx, actor, ambassador.id, {
    provider: 'x',
    externalId: read.post.author.toLowerCase(),
    handle: `@${read.post.author}`,
    evidence: { postUrl: read.post.url, author: read.post.author, textSha256: read.post.textSha256 },
  });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** GET /api/links/discord/start: a state bound to this session, and the authorisation URL to send the browser to. */
export async function startDiscord(ctx: AppContext, actor: SessionUser, ambassador: AmbassadorRow, sessionSid: string): Promise<string> {
  const app = ctx.config.providers.discord;
  if (!app) throw refusal('UNAVAILABLE', 'LINK_PROVIDER_NOT_CONFIGURED', LINK_REFUSALS.notConfigured, { provider: 'discord' });
  await consumeAll(ctx.db, linkLimits(ctx, actor.id), ctx.clock.now(), LINK_REFUSALS.tooMany);
  const state = randomBytes(24).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.insert(linkStates).values({
    stateHash: sha256(state),
    sessionSid,
    ambassadorId: ambassador.id,
    expiresAt: new Date(now.getTime() + DISCORD_STATE_MINUTES * 60_000),
  });
  return discordAuthorizeUrl(ctx, app.clientId, state);
}

/**
 * GET /api/links/discord/callback: the state must be one this session started, unused and
 * unexpired (consumed by the DELETE that finds it); then the code is exchanged and the user read.
 */
export async function finishDiscord(
  ctx: AppContext,
  actor: SessionUser,
  ambassador: AmbassadorRow,
  sessionSid: string,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<TLinkView> {
  if (!ctx.config.providers.discord) throw refusal('UNAVAILABLE', 'LINK_PROVIDER_NOT_CONFIGURED', LINK_REFUSALS.notConfigured, { provider: 'discord' });
  const now = ctx.clock.now();
  const consumed = query.state
    ? await ctx.db
        .delete(linkStates)
        .where(
          and(
            eq(linkStates.stateHash, sha256(query.state)),
            eq(linkStates.sessionSid, sessionSid),
            eq(linkStates.ambassadorId, ambassador.id),
            gt(linkStates.expiresAt, now),
          ),
        )
        .returning({ stateHash: linkStates.stateHash })
    : [];
  if (!consumed.length) throw refusal('BAD_REQUEST', 'DISCORD_STATE_INVALID', LINK_REFUSALS.discordState);
  if (query.error || !query.code) throw refusal('UNPROCESSABLE', 'DISCORD_AUTH_DENIED', LINK_REFUSALS.discordDenied);
  let tokens: DiscordTokens;
  let user: { id: string; username: string };
  try {
    tokens = await exchangeCode(ctx, query.code, now);
    user = await currentUser(ctx, tokens.accessToken);
  } catch (error) {
    if (error instanceof DiscordRefused) throw refusal('UNPROCESSABLE', 'DISCORD_AUTH_DENIED', LINK_REFUSALS.discordDenied);
    throw error;
  }
  return recordLink(ctx, actor, ambassador.id, {
    provider: 'discord',
    externalId: user.id,
    handle: user.username,
    evidence: { discordUserId: user.id },
    tokens,
  });
}

/** DELETE /api/links/{provider}: the account is unlinked (its row kept, its tokens dropped). */
export async function unlink(ctx: AppContext, actor: SessionUser, ambassador: AmbassadorRow, provider: LinkProvider): Promise<void> {
  if (provider === 'wallet') throw refusal('CONFLICT', 'LINK_READ_ONLY', LINK_REFUSALS.walletReadOnly);
  await withTransaction(ctx, actor, async ({ tx, now }) => {
    const done = await tx
      .update(linkedAccounts)
      .set({ unlinkedAt: now, accessToken: null, refreshToken: null, tokenExpiresAt: null })
      .where(and(eq(linkedAccounts.ambassadorId, ambassador.id), eq(linkedAccounts.provider, provider), isNull(linkedAccounts.unlinkedAt)))
      .returning({ id: linkedAccounts.id });
    if (!done.length) throw refusal('NOT_FOUND', 'LINK_NOT_FOUND', LINK_REFUSALS.notLinked);
    // What waits for the unlinked chat is not sent there any more (ADR 032).
    if (provider === 'telegram') await dropWaitingFor(tx, [ambassador.userId]);
  });
}

/**
 * A working Discord access token for a linked account: the stored one while it is valid, else a
 * refreshed one (stored sealed again). Undefined when Discord refuses the refresh (the user
 * revoked the app): the ambassador links Discord again.
 */
export async function discordAccessToken(ctx: AppContext, link: LinkRow, options: { forceRefresh?: boolean } = {}): Promise<string | undefined> {
  const keys = keysOf(ctx);
  if (!link.accessToken || !link.refreshToken) return undefined;
  const now = ctx.clock.now();
  if (!options.forceRefresh && link.tokenExpiresAt && link.tokenExpiresAt.getTime() > now.getTime() + 60_000) return unseal(keys, link.accessToken, 'discord');
  let tokens: DiscordTokens;
  try {
    tokens = await refreshTokens(ctx, unseal(keys, link.refreshToken, 'discord'), now);
  } catch (error) {
    if (error instanceof DiscordRefused) return undefined;
    throw error;
  }
  // Only over the row that still holds the refresh token just used (a parallel refresh may have won).
  await ctx.db
    .update(linkedAccounts)
    .set({ accessToken: seal(keys, tokens.accessToken, 'discord'), refreshToken: seal(keys, tokens.refreshToken, 'discord'), tokenExpiresAt: tokens.expiresAt })
    .where(and(eq(linkedAccounts.id, link.id), eq(linkedAccounts.refreshToken, link.refreshToken), isNull(linkedAccounts.unlinkedAt)));
  return tokens.accessToken;
}

/** At start, after a key rotation: Discord tokens sealed with a retired key are sealed with the current one (as the TOTP keys are). */
export async function resealDiscordTokens(ctx: AppContext): Promise<number> {
  const keys = keysOf(ctx);
  const rows = await ctx.db
    .select({ id: linkedAccounts.id, accessToken: linkedAccounts.accessToken, refreshToken: linkedAccounts.refreshToken })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.provider, 'discord'), isNull(linkedAccounts.unlinkedAt)));
  let resealed = 0;
  for (const row of rows) {
    if (!row.accessToken || !row.refreshToken) continue;
    if (isSealedWithCurrent(keys, row.accessToken) && isSealedWithCurrent(keys, row.refreshToken)) continue;
    try {
      const access = isSealed(row.accessToken) ? unseal(keys, row.accessToken, 'discord') : row.accessToken;
      const refresh = isSealed(row.refreshToken) ? unseal(keys, row.refreshToken, 'discord') : row.refreshToken;
      await ctx.db
        .update(linkedAccounts)
        .set({ accessToken: seal(keys, access, 'discord'), refreshToken: seal(keys, refresh, 'discord') })
        .where(and(eq(linkedAccounts.id, row.id), eq(linkedAccounts.accessToken, row.accessToken)));
      resealed++;
    } catch (error) {
      ctx.log.error({ link: row.id, err: error instanceof Error ? error.message : String(error) }, 'a Discord token could not be opened');
    }
  }
  return resealed;
}
