/**
 * Telegram's Bot API (https://core.telegram.org/bots/api): `{TELEGRAM_API_URL}/bot{token}/{method}`.
 * The token is in the URL, so neither the URL nor an error that may quote it is ever logged or
 * stored as it is: `redactToken` takes the token out of any text first.
 */
import type { AppContext } from '../../context.ts';

/** Every attempt's exchange must end within this. */
export const BOT_API_TIMEOUT_MS = 10_000;

export interface BotAnswer {
  /** The HTTP status; null when no answer came (network, timeout). */
  status: number | null;
  ok: boolean;
  result?: unknown;
  errorCode?: number;
  description?: string;
  /** 429: how long to wait (parameters.retry_after, seconds). */
  retryAfter?: number;
}

/** The text with the bot token (and any `/bot…/` path segment) replaced: safe to log and store. */
export function redactToken(text: string, token: string | undefined): string {
  let safe = token ? text.split(token).join('[redacted]') : text;
  safe = safe.replace(/\/bot[^/\s]+\//g, '/bot[redacted]/');
  return safe;
}

/** One Bot API call, POST with a JSON body. Never throws: a failure is an answer with status null and a redacted description. */
export async function callBotApi(ctx: Pick<AppContext, 'config'>, method: string, body: Record<string, unknown>): Promise<BotAnswer> {
  const token = ctx.config.providers.telegramBotToken;
  if (!token) return { status: null, ok: false, description: 'the bot is not configured (TELEGRAM_BOT_TOKEN)' };
  try {
    const response = await fetch(`${ctx.config.providers.telegramApiUrl}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(Math.min(ctx.config.providers.timeoutMs, BOT_API_TIMEOUT_MS)),
      redirect: 'error',
    });
    const text = (await response.text()).slice(0, 64 * 1024);
    let json: { ok?: unknown; result?: unknown; error_code?: unknown; description?: unknown; parameters?: { retry_after?: unknown } } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      json = {};
    }
    const retry = json.parameters?.retry_after;
    return {
      status: response.status,
      ok: response.ok && json.ok === true,
      result: json.result,
      ...(typeof json.error_code === 'number' ? { errorCode: json.error_code } : {}),
      description: redactToken(typeof json.description === 'string' ? json.description.slice(0, 500) : `HTTP ${response.status}`, token),
      ...(typeof retry === 'number' && Number.isFinite(retry) && retry >= 0 ? { retryAfter: retry } : {}),
    };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'failed';
    return { status: null, ok: false, description: redactToken(reason.slice(0, 500), token) };
  }
}

/** Where Telegram delivers the bot's updates: this server's webhook. */
export function telegramWebhookUrl(appUrl: string): string {
  return `${appUrl}/api/telegram/webhook`;
}

/**
 * `setWebhook` (npm run telegram:webhook): Telegram is told to deliver messages to
 * APP_URL/api/telegram/webhook with TELEGRAM_WEBHOOK_SECRET in X-Telegram-Bot-Api-Secret-Token.
 * Answers Telegram's description (never the token).
 */
export async function setTelegramWebhook(ctx: Pick<AppContext, 'config'>): Promise<{ ok: boolean; description: string; url: string }> {
  const secret = ctx.config.providers.telegramWebhookSecret;
  const url = telegramWebhookUrl(ctx.config.appUrl);
  if (!ctx.config.providers.telegramBotToken || !secret) return { ok: false, description: 'Set TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET first', url };
  const answer = await callBotApi(ctx, 'setWebhook', { url, secret_token: secret, allowed_updates: ['message'] });
  return { ok: answer.ok, description: answer.description ?? '', url };
}
