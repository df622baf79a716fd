import type { FastifyInstance } from 'fastify';
import { ZErrorBody } from '../../../shared/schemas/common.ts';
import { ZSettings, ZSettingsInput } from '../../../shared/schemas/settings.ts';
import { requireUser, typed } from '../../http.ts';
import { getSettings, updateSettings } from './service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

export async function settingsRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/settings', { config: { access: 'public' }, schema: { tags: ['public'], response: { 200: ZSettings } } }, async () => getSettings(app.ctx));

  r.patch(
    '/api/super-admin/settings',
    { config: { access: 'superAdmin' }, schema: { tags: ['super-admin'], body: ZSettingsInput, response: { 200: ZSettings, ...errors } } },
    async (request) => updateSettings(app.ctx, requireUser(request), request.body),
  );
}
