import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZMessage } from '../../../shared/schemas/common.ts';
import {
  ZWebhookCreated,
  ZWebhookDeliveryView,
  ZWebhookInput,
  ZWebhookPatch,
  ZWebhookSecret,
  ZWebhookView,
  WEBHOOK_EVENT_TYPES,
} from '../../../shared/schemas/integrations.ts';
import { docHeader, requireUser, setTotal } from '../../http.ts';
import { routes } from '../../routes.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './service.ts';

const notFound = ZErrorBody.describe('No webhook endpoint has this id.');
const TAG = ['super-admin'];

export async function webhookRoutes(app: FastifyInstance) {
  const route = routes(app);
  route('superAdmin').post(
    '/api/admin/webhooks',
    {
      operationId: 'createWebhook',
      summary: 'Add a webhook endpoint',
      description: `Events of the chosen types are POSTed to the URL, signed to the Standard Webhooks spec (webhook-id, webhook-timestamp, webhook-signature). The secret is in this answer only. Types: ${WEBHOOK_EVENT_TYPES.join(', ')}. In production the URL must be https and may not resolve to a private, loopback or link-local address (checked at each send).`,
      tags: TAG,
      body: ZWebhookInput,
      response: { 201: ZWebhookCreated.describe('The endpoint, with its secret shown this once.') },
    },
    async (request, reply) => reply.code(201).send(await createWebhook(app.ctx, requireUser(request), request.body)),
  );

  route('superAdmin').get(
    '/api/admin/webhooks',
    {
      operationId: 'listWebhooks',
      summary: 'Webhook endpoints',
      description: 'Every endpoint, newest first, with whether it is on and why not (never its secret).',
      tags: TAG,
      response: { 200: z.array(ZWebhookView).describe('Every endpoint.') },
    },
    async () => listWebhooks(app.ctx),
  );

  route('superAdmin').get(
    '/api/admin/webhooks/:id',
    {
      operationId: 'getWebhook',
      summary: 'A webhook endpoint',
      description: 'One endpoint, as listed.',
      tags: TAG,
      params: ZIdParams,
      response: { 200: ZWebhookView.describe('The endpoint.'), 404: notFound },
    },
    async (request) => getWebhook(app.ctx, request.params.id),
  );

  route('superAdmin').patch(
    '/api/admin/webhooks/:id',
    {
      operationId: 'updateWebhook',
      summary: 'Change the events of a webhook endpoint, pause or resume it',
      description: '`enabled: false` pauses it (events meanwhile are not queued for it); `enabled: true` resumes it, clearing why it was turned off.',
      tags: TAG,
      params: ZIdParams,
      body: ZWebhookPatch,
      response: { 200: ZWebhookView.describe('The endpoint as changed.'), 404: notFound },
    },
    async (request) => updateWebhook(app.ctx, requireUser(request), request.params.id, request.body),
  );

  route('superAdmin').delete(
    '/api/admin/webhooks/:id',
    {
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook endpoint',
      description: 'With its deliveries and their log; nothing more is sent to it.',
      tags: TAG,
      params: ZIdParams,
      response: { 200: ZMessage.describe('Deleted.'), 404: notFound },
    },
    async (request) => {
      await deleteWebhook(app.ctx, requireUser(request), request.params.id);
      return { message: 'Webhook endpoint deleted' };
    },
  );

  route('superAdmin').post(
    '/api/admin/webhooks/:id/rotate-secret',
    {
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate a webhook endpoint’s secret',
      description:
        'A new secret, shown this once; until `rotatingUntil` (24 hours) every attempt is signed with both, so the receiver can switch without losing an event.',
      tags: TAG,
      params: ZIdParams,
      response: { 200: ZWebhookSecret.describe('The new secret.'), 404: notFound },
    },
    async (request) => rotateWebhookSecret(app.ctx, requireUser(request), request.params.id),
  );

  route('superAdmin').post(
    '/api/admin/webhooks/:id/test',
    {
      operationId: 'sendTestWebhook',
      summary: 'Send a test event to a webhook endpoint',
      description: 'A `webhook.test` event, to this endpoint only, delivered (and logged) like any other.',
      tags: TAG,
      params: ZIdParams,
      response: { 202: z.object({ eventId: z.string() }).describe('Queued: its delivery shows in the log.'), 404: notFound },
    },
    async (request, reply) => reply.code(202).send(await sendTestEvent(app.ctx, requireUser(request), request.params.id)),
  );

  route({ access: 'superAdmin', document: { headers: { 'X-Total-Count': docHeader('XTotalCount') } } }).get(
    '/api/admin/webhooks/:id/deliveries',
    {
      operationId: 'listWebhookDeliveries',
      summary: 'A webhook endpoint’s delivery log',
      description: 'Its deliveries, newest first, each with its attempts (time, status, the answer’s first bytes, the next retry).',
      tags: TAG,
      params: ZIdParams,
      querystring: z.object({
        limit: z.coerce.number().int().min(1).max(200).default(50),
        offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      }),
      response: { 200: z.array(ZWebhookDeliveryView).describe('One page of the log.'), 404: notFound },
    },
    async (request, reply) => {
      const { items, total } = await listDeliveries(app.ctx, request.params.id, request.query);
      setTotal(reply, total);
      return items;
    },
  );

  route('superAdmin').post(
    '/api/admin/webhook-deliveries/:id/replay',
    {
      operationId: 'replayWebhookDelivery',
      summary: 'Replay a webhook delivery',
      description: 'Sends its event to its endpoint once more (the same webhook-id), after what already waits for that endpoint.',
      tags: TAG,
      params: ZIdParams,
      response: { 201: ZWebhookDeliveryView.describe('The new delivery.'), 404: ZErrorBody.describe('No delivery has this id.') },
    },
    async (request, reply) => reply.code(201).send(await replayDelivery(app.ctx, requireUser(request), request.params.id)),
  );
}
