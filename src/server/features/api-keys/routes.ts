import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZApiKeyCreated, ZApiKeyInput, ZApiKeyView } from '../../../shared/schemas/integrations.ts';
import { ZErrorBody, ZIdParams, ZMessage } from '../../../shared/schemas/common.ts';
import { requireUser } from '../../http.ts';
import { routes } from '../../routes.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './service.ts';

export async function apiKeyRoutes(app: FastifyInstance) {
  const route = routes(app);
  route('superAdmin').post(
    '/api/admin/api-keys',
    {
      operationId: 'createApiKey',
      summary: 'Make an API key',
      description:
        'A read-only key for the admin lists its scopes name, sent as `Authorization: Bearer amb_…`. The key is in this answer only: the server keeps its SHA-256.',
      tags: ['super-admin'],
      body: ZApiKeyInput,
      response: { 201: ZApiKeyCreated.describe('The new key, shown this once.') },
    },
    async (request, reply) => reply.code(201).send(await createApiKey(app.ctx, requireUser(request), request.body)),
  );

  route('superAdmin').get(
    '/api/admin/api-keys',
    {
      operationId: 'listApiKeys',
      summary: 'API keys',
      description: 'The keys in force, newest first, with when each was last used (never the key itself).',
      tags: ['super-admin'],
      response: { 200: z.array(ZApiKeyView).describe('Every key in force.') },
    },
    async () => listApiKeys(app.ctx),
  );

  route('superAdmin').delete(
    '/api/admin/api-keys/:id',
    {
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description: 'At once: the next request with it is 401.',
      tags: ['super-admin'],
      params: ZIdParams,
      response: { 200: ZMessage.describe('Revoked.'), 404: ZErrorBody.describe('No key in force has this id.') },
    },
    async (request) => {
      await revokeApiKey(app.ctx, requireUser(request), request.params.id);
      return { message: 'API key revoked' };
    },
  );
}
