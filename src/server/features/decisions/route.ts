/**
 * The owner's appeal of a decision as a route, the same for every kind appealed (reports,
 * withdrawals, referrals, task claims): POST with the appeal's text, 201 with the appeal pending;
 * each kind says in its own words when it answers 404 and 409, and which service files it.
 */
import type { TAppealView } from '../../../shared/schemas/decisions.ts';
import { ZAppealInput, ZAppealView } from '../../../shared/schemas/decisions.ts';
import { ZErrorBody, ZIdParams } from '../../../shared/schemas/common.ts';
import type { SessionUser } from '../../auth/sessions.ts';
import { requireAmbassador, requireUser } from '../../http.ts';
import type { Route } from '../../routes.ts';

export interface AppealRoute {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /** When the answer is 404 (the caller has no such decision) and 409 (not appealable), in the kind's words. */
  notFound: string;
  conflict: string;
}

export function appealRoute(
  route: Route,
  { path, operationId, summary, description, notFound, conflict }: AppealRoute,
  file: (actor: SessionUser, ambassadorId: string, id: string, text: string) => Promise<TAppealView>,
): void {
  route('ambassador').post(
    path,
    {
      operationId,
      summary,
      description,
      tags: ['ambassador'],
      params: ZIdParams,
      body: ZAppealInput,
      response: {
        201: ZAppealView.describe('The appeal, pending.'),
        404: ZErrorBody.describe(notFound),
        409: ZErrorBody.describe(conflict),
      },
    },
    async (request, reply) => {
      const ambassador = requireAmbassador(request);
      return reply.code(201).send(await file(requireUser(request), ambassador.id, request.params.id, request.body.text));
    },
  );
}
