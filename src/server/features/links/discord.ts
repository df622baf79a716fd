/**
 * Discord (DECISIONS §7, Linked accounts): OAuth 2 authorisation code grant. The browser is sent to
 * `{DISCORD_OAUTH_URL}/authorize` with a `state` bound to its session; Discord sends it back to
 * `/api/links/discord/callback` with a code, which is exchanged at `{DISCORD_API_URL}/oauth2/token`
 * (the client secret in the form body, never logged or answered) for the user's tokens; the user is
 * read at `/users/@me`. Membership is read later with the user's own token
 * (`/users/@me/guilds/{guildId}/member`), refreshed when it has expired, so no bot sits in the
 * operator's server. The tokens are stored sealed (auth/sealed.ts, purpose `discord`).
 */
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callOutside, malformedAnswer } from './outside.ts';

export const DISCORD_SCOPES = 'identify guilds.members.read role_connections.write';

export function discordRedirectUri(appUrl: string): string {
  return `${appUrl}/api/links/discord/callback`;
}

/** Where /api/links/discord/start sends the browser. */
export function discordAuthorizeUrl(ctx: Pick<AppContext, 'config'>, clientId: string, state: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    scope: DISCORD_SCOPES,
    state,
    redirect_uri: discordRedirectUri(ctx.config.appUrl),
    prompt: 'consent',
  });
  return `${ctx.config.providers.discordOAuthUrl}/authorize?${query.toString()}`;
}

const ZToken = z.object({
  access_token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(4096),
  expires_in: z.number().int().positive(),
  token_type: z.string().optional(),
});
export interface DiscordTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

const ZUser = z.object({ id: z.string().regex(/^\d{1,25}$/), username: z.string().min(1).max(64), global_name: z.string().nullish() });
export interface DiscordUser {
  id: string;
  username: string;
}

/** A token refused by Discord (4xx): the code was bad or used, or the refresh token revoked. */
export class DiscordRefused extends Error {}

async function tokenCall(ctx: Pick<AppContext, 'config' | 'log'>, form: Record<string, string>, now: Date): Promise<DiscordTokens> {
  const app = ctx.config.providers.discord;
  if (!app) throw new Error('Discord is not configured');
  const answer = await callOutside(ctx, 'discord', `${ctx.config.providers.discordApiUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, client_id: app.clientId, client_secret: app.clientSecret }).toString(),
  });
  if (answer.status >= 400) throw new DiscordRefused(`token ${answer.status}`);
  const parsed = ZToken.safeParse(answer.json);
  if (!parsed.success) throw malformedAnswer('discord');
  return { accessToken: parsed.data.access_token, refreshToken: parsed.data.refresh_token, expiresAt: new Date(now.getTime() + parsed.data.expires_in * 1000) };
}

/** The authorisation code exchanged for the user's tokens. */
export function exchangeCode(ctx: Pick<AppContext, 'config' | 'log'>, code: string, now: Date): Promise<DiscordTokens> {
  return tokenCall(ctx, { grant_type: 'authorization_code', code, redirect_uri: discordRedirectUri(ctx.config.appUrl) }, now);
}

/** New tokens for an expired access token. */
export function refreshTokens(ctx: Pick<AppContext, 'config' | 'log'>, refreshToken: string, now: Date): Promise<DiscordTokens> {
  return tokenCall(ctx, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}

/** The user the token belongs to. */
export async function currentUser(ctx: Pick<AppContext, 'config' | 'log'>, accessToken: string): Promise<DiscordUser> {
  const answer = await callOutside(ctx, 'discord', `${ctx.config.providers.discordApiUrl}/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (answer.status >= 400) throw new DiscordRefused(`users/@me ${answer.status}`);
  const parsed = ZUser.safeParse(answer.json);
  if (!parsed.success) throw malformedAnswer('discord');
  return { id: parsed.data.id, username: parsed.data.username };
}

const ZMember = z.object({ roles: z.array(z.string().regex(/^\d{1,25}$/)), joined_at: z.string().nullish(), pending: z.boolean().optional() });
export type DiscordMembership = { member: true; roles: string[]; joinedAt: string | null; pending: boolean } | { member: false; status: number };

/**
 * The linked user's member object in a guild (guilds.members.read): a member, or not one (Discord
 * answers 404 Unknown Guild to a user who is not in it). A 401 means the token no longer works.
 */
export async function guildMembership(
  ctx: Pick<AppContext, 'config' | 'log'>,
  accessToken: string,
  guildId: string,
): Promise<DiscordMembership | 'unauthorized'> {
  const answer = await callOutside(ctx, 'discord', `${ctx.config.providers.discordApiUrl}/users/@me/guilds/${encodeURIComponent(guildId)}/member`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (answer.status === 401) return 'unauthorized';
  if (answer.status === 404 || answer.status === 403) return { member: false, status: answer.status };
  if (answer.status >= 400) throw malformedAnswer('discord');
  const parsed = ZMember.safeParse(answer.json);
  if (!parsed.success) throw malformedAnswer('discord');
  return { member: true, roles: parsed.data.roles, joinedAt: parsed.data.joined_at ?? null, pending: parsed.data.pending ?? false };
}
