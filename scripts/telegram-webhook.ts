/**
 * npm run telegram:webhook: tells Telegram to deliver the bot's updates to APP_URL/api/telegram/webhook,
 * with TELEGRAM_WEBHOOK_SECRET as the header it sends (README, Telegram and Discord). Reads the same
 * environment as the server; prints Telegram's answer, never the token.
 */
import { loadConfig } from '../src/server/config.ts';
import { setTelegramWebhook } from '../src/server/features/telegram/api.ts';

const config = loadConfig(process.env);
const result = await setTelegramWebhook({ config });
console.log(`${result.ok ? 'Webhook set' : 'Webhook not set'}: ${result.url} (${result.description})`);
process.exitCode = result.ok ? 0 : 1;
