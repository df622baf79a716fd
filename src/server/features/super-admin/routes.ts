import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_ACTIONS } from '../../../shared/enums.ts';
import { ACTIVITY_LOG_ENTRIES } from '../../../shared/limits.ts';
import { ZAdminPasswordInput, ZNewAdminInput, ZAdminAccount, ZAdminActionView } from '../../../shared/schemas/admins.ts';
import { AUTH_MESSAGES } from '../../../shared/schemas/messages.ts';
import { ZErrorBody, ZIdParams, ZMessage } from '../../../shared/schemas/common.ts';
import { docHeader, requireUser, setTotal } from '../../http.ts';
import { routes } from '../../routes.ts';
import { latestActions } from '../activity-log/index.ts';
import { addAdmin, listAdmins, removeAdmin, setAdminPassword } from './service.ts';

const notFound = ZErrorBody.describe('No admin account has this id.');
const superAdminAccount = ZErrorBody.describe('The account is a super admin’s, which cannot be changed here.');

export async function superAdminRoutes(app: FastifyInstance) {
  const route = routes(app);
  route('superAdmin').get(
    '/api/super-admin/admins',
    {
      operationId: 'listAdmins',
      summary: 'Admin accounts',
      description: 'Every admin and super admin, with when each was added.',
      tags: ['super-admin'],
      response: { 200: z.array(ZAdminAccount).describe('Every admin and super admin account.') },
    },
    async () => listAdmins(app.ctx),
  );

  route('superAdmin').post(
    '/api/super-admin/admins',
    {
      operationId: 'addAdmin',
      summary: 'Add an admin',
      description: 'Creates the account and emails it a link to set its password.',
      tags: ['super-admin'],
      body: ZNewAdminInput,
      response: { 201: ZAdminAccount.describe('The new admin account.'), 409: ZErrorBody.describe(`${AUTH_MESSAGES.accountExists}.`) },
    },
    async (request, reply) => {
      const admin = await addAdmin(app.ctx, requireUser(request), request.body);
      return reply.code(201).send(admin);
    },
  );

  route('superAdmin').delete(
    '/api/super-admin/admins/:id',
    {
      operationId: 'removeAdmin',
      summary: 'Remove an admin',
      description: 'Ends the account’s sessions.',
      tags: ['super-admin'],
      params: ZIdParams,
      response: { 200: ZMessage.describe('Removed.'), 403: superAdminAccount, 404: notFound },
    },
    async (request) => {
      await removeAdmin(app.ctx, requireUser(request), request.params.id);
      return { message: 'Admin removed' };
    },
  );

  route('superAdmin').patch(
    '/api/super-admin/admins/:id/password',
    {
      operationId: 'setAdminPassword',
      summary: 'Set an admin’s password',
      description: 'Ends the account’s sessions.',
      tags: ['super-admin'],
      params: ZIdParams,
      body: ZAdminPasswordInput,
      response: {
        200: ZMessage.describe('The password is set.'),
        403: superAdminAccount,
        404: notFound,
        503: ZErrorBody.describe('Too many passwords are being checked at this moment (Retry-After).'),
      },
    },
    async (request) => {
      await setAdminPassword(app.ctx, requireUser(request), request.params.id, request.body.newPassword);
      return { message: 'Password updated' };
    },
  );

  route({
    access: 'superAdmin',
    document: { headers: { 'X-Total-Count': docHeader('XTotalCount'), 'X-Total-Count-Estimated': docHeader('XTotalCountEstimated') } },
  }).get(
    '/api/super-admin/actions',
    {
      operationId: 'listAdminActions',
      summary: 'The activity log',
      description: 'Newest first, one page at a time; X-Total-Count has how many entries match.',
      tags: ['super-admin'],
      querystring: z.object({
        limit: z.coerce.number().int().min(1).max(500).default(ACTIVITY_LOG_ENTRIES),
        offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        admin: z.string().max(254).optional().meta({ description: 'Only the actions of admins whose email contains this text, ignoring case.' }),
        action: z.enum(ADMIN_ACTIONS, { error: 'action is not one the log records' }).optional(),
      }),
      response: { 200: z.array(ZAdminActionView).describe('One page of the log.') },
    },
    async (request, reply) => {
      const { items, ...total } = await latestActions(app.ctx.db, request.query);
      setTotal(reply, total);
      return items;
    },
  );
}
