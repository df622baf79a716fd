/**
 * Telegram (DECISIONS §7, Linked accounts): the Login Widget's answer, checked as Telegram documents
 * it (https://core.telegram.org/widgets/login#checking-authorization): the data-check-string is every
 * received field but `hash`, sorted by name, as `key=value` lines joined by '\n'; the secret key is
 * the SHA-256 of the bot token; `hash` must be the hex HMAC-SHA-256 of the string under that key.
 * `auth_date` is at most a day old. The bot token never leaves this module but as that key.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { TELEGRAM_AUTH_MAX_AGE_SECONDS, type TTelegramLoginInput } from '../../../shared/schemas/links.ts';

/** The fields of the widget that enter the data-check-string, as received (numbers in their decimal form). */
export function dataCheckString(fields: Omit<TTelegramLoginInput, 'hash'>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('\n');
}

/** The hash Telegram writes for these fields with this bot's token (hex). Tests sign their widget answers with it. */
export function telegramLoginHash(botToken: string, fields: Omit<TTelegramLoginInput, 'hash'>): string {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(dataCheckString(fields)).digest('hex');
}

export type TelegramLoginCheck = { ok: true; id: string; handle: string; authDate: Date } | { ok: false; reason: 'hash' | 'expired' };

/** Whether a widget answer was signed with this bot's token and is at most a day old at `now`. */
export function checkTelegramLogin(botToken: string, input: TTelegramLoginInput, now: Date): TelegramLoginCheck {
  const { hash, ...fields } = input;
  const expected = Buffer.from(telegramLoginHash(botToken, fields), 'hex');
  const given = Buffer.from(hash.toLowerCase(), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'hash' };
  const authSeconds = Number(input.auth_date);
  const age = now.getTime() / 1000 - authSeconds;
  // A day old at most; a date far in the future is no more believable than a stale one (a minute of clock skew allowed).
  if (!Number.isSafeInteger(authSeconds) || age > TELEGRAM_AUTH_MAX_AGE_SECONDS || age < -60) return { ok: false, reason: 'expired' };
  const handle = input.username ? `@${input.username}` : [input.first_name, input.last_name].filter(Boolean).join(' ');
  return { ok: true, id: String(input.id), handle, authDate: new Date(authSeconds * 1000) };
}
