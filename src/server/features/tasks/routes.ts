import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZErrorBody, ZIdParams, ZListQuery } from '../../../shared/schemas/common.ts';
import { REASON_CODES, MAX_FACTS_LENGTH } from '../../../shared/reasons.ts';
import {
  ZAdminClaimView,
  ZAdminTaskView,
  ZClaimInput,
  ZClaimResult,
  ZTaskClaimsQuery,
  ZTaskInput,
  ZTaskPatch,
  ZTaskView,
  TASK_ATTEMPTS_PER_PERIOD,
} from '../../../shared/schemas/tasks.ts';
import { optionalText } from '../../../shared/schemas/common.ts';
import { docHeader, requireAmbassador, requireUser, sendPage } from '../../http.ts';
import { routes } from '../../routes.ts';

/** The admin lists' total (sendPage), documented as they send it. */
const TOTAL = { headers: { 'X-Total-Count': docHeader('XTotalCount') } };
import { appealClaim, claimRead, claimTask, createTask, listAdminTasks, listClaims, listTasks, loadClaimSession, reviewClaim, updateTask } from './service.ts';
import { appealRoute } from '../decisions/index.ts';

const ZReviewInput = z.object({
  decision: z.enum(['approved', 'rejected'], { error: 'decision must be approved or rejected' }),
  reasonCode: z.enum(REASON_CODES, { error: `reasonCode must be one of ${REASON_CODES.join(', ')}` }).nullish(),
  facts: optionalText(MAX_FACTS_LENGTH, 'Facts'),
});

const unavailable = ZErrorBody.describe(
  'The service that checks this kind did not answer in time or answered with a server error (`code`: PROVIDER_UNAVAILABLE): nothing was recorded; claim again.',
);

export async function taskRoutes(app: FastifyInstance) {
  const route = routes(app);

  route('admin').post(
    '/api/admin/tasks',
    {
      operationId: 'createTask',
      summary: 'Create a task',
      description:
        'Kinds and params: telegram_member {chatId}, discord_member {guildId, roleId?}, x_post {mustContain}, bsc_transfer {token, to, minAmount}, manual {}. Periods: once, weekly (ISO week, UTC), monthly.',
      tags: ['admin'],
      body: ZTaskInput,
      response: {
        201: ZAdminTaskView.describe('The task, active.'),
        422: ZErrorBody.describe('The service this kind needs is not configured on this server (`code`: TASK_SERVICE_NOT_CONFIGURED).'),
      },
    },
    async (request, reply) => reply.code(201).send(await createTask(app.ctx, requireUser(request), request.body)),
  );

  route({ access: 'admin', scope: 'read:tasks', document: TOTAL }).get(
    '/api/admin/tasks',
    {
      operationId: 'listAdminTasks',
      summary: 'Tasks',
      description: 'Every task, newest first, with its claims counted by status.',
      tags: ['admin'],
      querystring: ZListQuery.pick({ limit: true, offset: true }),
      response: { 200: z.array(ZAdminTaskView).describe('One page of tasks.') },
    },
    async (request, reply) => sendPage(reply, await listAdminTasks(app.ctx, request.query)),
  );

  route('admin').patch(
    '/api/admin/tasks/:id',
    {
      operationId: 'updateTask',
      summary: 'Change a task',
      description: 'Its texts, `active`, rewards (they apply to later claims) and dates. Its kind and params stay.',
      tags: ['admin'],
      params: ZIdParams,
      body: ZTaskPatch,
      response: { 200: ZAdminTaskView.describe('The task as changed.'), 404: ZErrorBody.describe('No task has this id.') },
    },
    async (request) => updateTask(app.ctx, requireUser(request), request.params.id, request.body),
  );

  route('ambassador').get(
    '/api/tasks',
    {
      operationId: 'listTasks',
      summary: 'The tasks open to the caller',
      description: 'Active tasks not yet ended, each with the caller’s latest claim of the current period (null: none) and the claims left in it.',
      tags: ['tasks'],
      response: { 200: z.array(ZTaskView).describe('The tasks, newest first.') },
    },
    async (request) => listTasks(app.ctx, requireAmbassador(request)),
  );

  // The claim's first read (its counter, the task, the link) comes with the session's (loadClaimSession).
  route({ access: 'ambassador', ambassadorSession: loadClaimSession }).post(
    '/api/tasks/:id/claim',
    {
      operationId: 'claimTask',
      summary: 'Claim a task',
      description: `Checked at once: credited (the ledger shows 'Task: {title}'), refused with a reasonCode the ambassador can act on, or pending_review (manual tasks), each with its evidence. A refused claim may be tried again, ${TASK_ATTEMPTS_PER_PERIOD} claims a period at most. x_post needs postUrl; bsc_transfer needs txHash.`,
      tags: ['tasks'],
      params: ZIdParams,
      body: ZClaimInput,
      response: {
        201: ZClaimResult.describe('The verdict and its evidence, recorded.'),
        400: ZErrorBody.describe('postUrl or txHash missing or malformed for this kind of task.'),
        403: ZErrorBody.describe('The ambassador account is suspended (`code`: AMBASSADOR_SUSPENDED).'),
        404: ZErrorBody.describe('No open task has this id.'),
        409: ZErrorBody.describe(
          `A claim of this period was credited or is pending (\`code\`: ALREADY_CLAIMED), or ${TASK_ATTEMPTS_PER_PERIOD} claims were made in it (CLAIM_LIMIT).`,
        ),
        429: ZErrorBody.describe('Too many claims in a minute: try again after Retry-After seconds.'),
        503: unavailable,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await claimTask(app.ctx, requireUser(request), requireAmbassador(request), request.params.id, request.body, claimRead(request))),
  );

  route({ access: 'admin', scope: 'read:tasks', document: TOTAL }).get(
    '/api/admin/task-claims',
    {
      operationId: 'listTaskClaims',
      summary: 'Task claims',
      description: 'Claims newest first, with their verdicts, refusal codes and evidence; by task and status.',
      tags: ['admin'],
      querystring: ZListQuery.pick({ limit: true, offset: true }).extend(ZTaskClaimsQuery.shape),
      response: { 200: z.array(ZAdminClaimView).describe('One page of claims.') },
    },
    async (request, reply) => sendPage(reply, await listClaims(app.ctx, request.query)),
  );

  appealRoute(
    route,
    {
      path: '/api/task-claims/:id/appeal',
      operationId: 'appealTaskClaim',
      summary: 'Appeal the refusal of one of the caller’s manual task claims',
      description:
        'A manual claim refused at review, once, within 14 days of the refusal; an admin other than the one who refused decides (the Appeals queue). Overturned, the claim is credited with the task’s reward.',
      notFound: 'The caller has no claim with this id.',
      conflict: 'Already appealed, not a manual claim refused at review (`code`: CLAIM_NOT_APPEALABLE), or the 14 days have passed.',
    },
    (actor, ambassadorId, id, text) => appealClaim(app.ctx, actor, ambassadorId, id, text),
  );

  route('admin').post(
    '/api/admin/task-claims/:id/review',
    {
      operationId: 'reviewTaskClaim',
      summary: 'Decide a manual task claim',
      description: 'Approving credits the task’s reward once; rejecting records the reason code (the review desk’s list) and the facts.',
      tags: ['admin'],
      params: ZIdParams,
      body: ZReviewInput,
      response: {
        200: ZAdminClaimView.describe('The claim as decided.'),
        404: ZErrorBody.describe('No claim has this id.'),
        409: ZErrorBody.describe('The claim is not waiting for review (`code`: CLAIM_NOT_PENDING).'),
      },
    },
    async (request) => reviewClaim(app.ctx, requireUser(request), request.params.id, request.body),
  );
}
