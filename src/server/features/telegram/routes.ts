import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZTelegramStatus } from '../../../shared/schemas/settings.ts';
import { secretsEqual } from '../../auth/tokens.ts';
import { AppError } from '../../errors.ts';
import { typed } from '../../http.ts';
import { routes } from '../../routes.ts';
import { handleUpdate, telegramStatus, ZTelegramUpdate } from './service.ts';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

export async function telegramRoutes(app: FastifyInstance) {
  const r = typed(app);
  const route = routes(app);
  const config = app.ctx.config.providers;

  /** Before the body is read: the bot must be set up (404), and the update must carry our secret (401). */
  async function fromTelegram(request: FastifyRequest): Promise<void> {
    if (!config.telegramBotToken || !config.telegramWebhookSecret)
      throw new AppError('NOT_FOUND', 'The Telegram bot is not set up on this server', undefined, 'TELEGRAM_NOT_CONFIGURED');
    const given = request.headers[TELEGRAM_SECRET_HEADER];
    if (typeof given !== 'string' || !secretsEqual(given, config.telegramWebhookSecret)) {
      throw new AppError('UNAUTHORIZED', 'This request did not come from Telegram', undefined, 'TELEGRAM_SECRET_INVALID');
    }
  }

  r.post(
    '/api/telegram/webhook',
    {
      // Telegram's servers call it: no session and no Origin; the secret header is the authority.
      config: { access: 'public', crossSite: true },
      onRequest: fromTelegram,
      schema: {
        operationId: 'telegramWebhook',
        summary: 'Updates from Telegram (the bot’s webhook)',
        description:
          'Telegram’s Bot API delivers each update here (setWebhook with `secret_token` = TELEGRAM_WEBHOOK_SECRET). The header `X-Telegram-Bot-Api-Secret-Token` must equal it (compared in constant time), else 401 and nothing is done; 404 while the bot is not set up (TELEGRAM_BOT_TOKEN or TELEGRAM_WEBHOOK_SECRET unset). `/start` and `/rank` in a private chat are answered through the Telegram outbox (once per `update_id`); anything else is ignored. A chat not linked to an ambassador gets how to link, never anyone’s figures.',
        tags: ['telegram'],
        headers: z.object({
          'x-telegram-bot-api-secret-token': z.string().max(256).optional().describe('TELEGRAM_WEBHOOK_SECRET, as setWebhook’s secret_token.'),
        }),
        body: ZTelegramUpdate,
        response: {
          200: z.object({ ok: z.literal(true) }).describe('The update was taken (an answer, if any, is on its way).'),
          400: ZErrorBody.describe('The body is not a Telegram Update.'),
          401: ZErrorBody.describe('The secret header is missing or wrong (`code`: TELEGRAM_SECRET_INVALID): nothing was done.'),
          404: ZErrorBody.describe('The bot is not set up on this server (`code`: TELEGRAM_NOT_CONFIGURED).'),
        },
      },
    },
    async (request) => {
      await handleUpdate(app.ctx, request.body);
      return { ok: true as const };
    },
  );

  route('superAdmin').get(
    '/api/super-admin/telegram',
    {
      operationId: 'telegramStatus',
      summary: 'Whether the Telegram bot is set up and working',
      description: 'The bot’s settings (set or not, never their values), when it last sent a message and its last error.',
      tags: ['super-admin'],
      response: { 200: ZTelegramStatus.describe('The bot’s state.') },
    },
    async () => telegramStatus(app.ctx),
  );
}
