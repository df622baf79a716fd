import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZSecurityNotice } from '../../../shared/schemas/admins.ts';
import { routes } from '../../routes.ts';
import { listSecurityNotices } from './service.ts';

export async function adminNoticeRoutes(app: FastifyInstance) {
  const route = routes(app);
  route('admin').get(
    '/api/admin/security-notices',
    {
      operationId: 'listSecurityNotices',
      summary: 'Changes to the admin team of the last 7 days',
      description:
        'Admins added, admin passwords set by a super admin, and two-factor sign-in turned off, newest first: the admin desk shows them as a banner.',
      tags: ['admin'],
      response: { 200: z.array(ZSecurityNotice).describe('The notices, newest first (at most 50).') },
    },
    async () => listSecurityNotices(app.ctx),
  );
}
