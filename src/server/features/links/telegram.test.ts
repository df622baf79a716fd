import { describe, expect, it } from 'vitest';
import { checkTelegramLogin, dataCheckString, telegramLoginHash } from './telegram.ts';

const TOKEN = '123456789:TEST-bot-token_for-the-stand-in-0123456';
const FIELDS = { id: 42, first_name: 'Ada', username: 'ada_l', auth_date: 1764374400 };
// Computed apart from this code (Python's hmac and hashlib), as Telegram documents the check.
const HASH = 'a3fe9ff2e56a8235472e2a4d3414a50956422c617ceabff69bb63db7f74fe979';

describe('the Telegram Login Widget check', () => {
  it('builds the data-check-string from the fields sorted by name, and the hash Telegram writes', () => {
    expect(dataCheckString(FIELDS)).toBe('auth_date=1764374400\nfirst_name=Ada\nid=42\nusername=ada_l');
    expect(telegramLoginHash(TOKEN, FIELDS)).toBe(HASH);
  });

  it('accepts the signed answer for a day, and refuses a changed field, another bot, or an older one', () => {
    const at = new Date(1764374400 * 1000);
    expect(checkTelegramLogin(TOKEN, { ...FIELDS, hash: HASH }, new Date(at.getTime() + 86_000_000))).toEqual({
      ok: true,
      id: '42',
      handle: '@ada_l',
      authDate: at,
    });
    expect(checkTelegramLogin(TOKEN, { ...FIELDS, hash: HASH.toUpperCase() }, at).ok).toBe(true);
    expect(checkTelegramLogin(TOKEN, { ...FIELDS, first_name: 'Eve', hash: HASH }, at)).toEqual({ ok: false, reason: 'hash' });
    expect(checkTelegramLogin('999:other', { ...FIELDS, hash: HASH }, at)).toEqual({ ok: false, reason: 'hash' });
    expect(checkTelegramLogin(TOKEN, { ...FIELDS, hash: HASH }, new Date(at.getTime() + 86_401_000))).toEqual({ ok: false, reason: 'expired' });
    expect(checkTelegramLogin(TOKEN, { ...FIELDS, hash: HASH }, new Date(at.getTime() - 3_600_000))).toEqual({ ok: false, reason: 'expired' });
  });
});
