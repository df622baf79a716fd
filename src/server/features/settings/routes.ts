import type { FastifyInstance } from 'fastify';
import { ZSettings, ZSettingsInput } from '../../../shared/schemas/settings.ts';
import { requireUser } from '../../http.ts';
import { routes } from '../../routes.ts';
import { getSettings, updateSettings } from './service.ts';
import { telegramWidgetBot } from '../../plugins/security-headers.ts';

export async function settingsRoutes(app: FastifyInstance) {
  const route = routes(app);

  route('public').get(
    '/api/settings',
    {
      operationId: 'getSettings',
      summary: 'The programme’s settings',
      description:
        'Whether reports may be submitted, the prizes and lottery of the months to come, the block explorer payouts link to, and the Telegram bot whose Login Widget links accounts (when set up).',
      tags: ['public'],
      response: { 200: ZSettings.describe('Whether reports may be submitted, and the monthly prizes.') },
    },
    async () => {
      const telegramBotUsername = telegramWidgetBot(app.ctx.config);
      return {
        ...(await getSettings(app.ctx)),
        explorerTxUrl: app.ctx.config.payouts.explorerTxUrl,
        ...(telegramBotUsername ? { telegramBotUsername } : {}),
        discordLinking: Boolean(app.ctx.config.providers.discord),
      };
    },
  );

  route('superAdmin').patch(
    '/api/super-admin/settings',
    {
      operationId: 'updateSettings',
      summary: 'Change the programme’s settings',
      description: 'Any of the settings; at least one.',
      tags: ['super-admin'],
      body: ZSettingsInput,
      response: { 200: ZSettings.describe('All the settings, as changed.') },
    },
    async (request) => updateSettings(app.ctx, requireUser(request), request.body),
  );
}
