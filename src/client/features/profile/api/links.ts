/**
 * Linking accounts (DECISIONS §7, Linked accounts): Telegram by the Login Widget's signed answer,
 * X by a public post holding the link code, and unlinking. Discord is a full navigation to
 * GET /api/links/discord/start, not a call. Each names `me`: the links and tasks read again.
 */
import { useMutation } from '@tanstack/react-query';
import { ZTelegramLoginInput, type LinkableProvider, type TLinkView, type TTelegramLoginInput } from '../../../../shared/schemas/links.ts';
import { apiRequest } from '../../../lib/api.ts';

export const DISCORD_START = '/api/links/discord/start';

export function useLinkTelegram() {
  return useMutation({
    mutationFn: (user: TTelegramLoginInput) => apiRequest<TLinkView>('POST', '/api/links/telegram', user),
  });
}

export function useLinkX() {
  return useMutation({
    mutationFn: (postUrl: string) => apiRequest<TLinkView>('POST', '/api/links/x', { postUrl }),
  });
}

export function useUnlink() {
  return useMutation({
    mutationFn: (provider: LinkableProvider) => apiRequest<TLinkView[]>('DELETE', `/api/links/${provider}`),
  });
}

/**
 * Where the Login Widget sends the browser back with the signed answer: this page with the fields
 * after `#telegram?` (the widget appends `?id=…&hash=…` to its auth URL). In the fragment, the
 * answer never reaches a server's log; the page reads it, removes it, and posts it.
 */
export const TELEGRAM_RETURN_HASH = '#telegram';

/** The Login Widget's answer carried in a fragment (`#telegram?id=…&first_name=…&auth_date=…&hash=…`), or null. */
export function telegramAnswerIn(hash: string): TTelegramLoginInput | null {
  if (!hash.startsWith(`${TELEGRAM_RETURN_HASH}?`)) return null;
  const fields = new URLSearchParams(hash.slice(TELEGRAM_RETURN_HASH.length + 1));
  const answer: Record<string, string> = {};
  for (const key of ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const) {
    const value = fields.get(key);
    if (value !== null) answer[key] = value;
  }
  const parsed = ZTelegramLoginInput.safeParse(answer);
  return parsed.success ? parsed.data : null;
}
