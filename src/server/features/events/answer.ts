/**
 * The answer of a change says what it changed (docs/decisions/034): `X-Changed-Topics`, the live
 * topics (DECISIONS §6) its committed changes published, as the requester's own stream would hear
 * them (an ambassador never an admin topic, `me` only when the change was about them). The browser
 * refreshes from it (src/client/lib/api.ts) instead of listing the topics of each call itself.
 *
 * Every handler of a route that may change something runs in a scope (AsyncLocalStorage) that the
 * mutation boundary tells of each change it published (`changeAnswered`), so no route or service
 * passes the request along for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { mustEnrollFirst } from '../../http.ts';
import type { Change } from '../../db/figures.ts';
import { visibleTopics } from './hub.ts';

export const CHANGED_TOPICS_HEADER = 'X-Changed-Topics';

const scope = new AsyncLocalStorage<Change[]>();
const answered = new WeakMap<FastifyRequest, Change[]>();

/** The mutation boundary published `change`: the request it was made for answers it. */
export function changeAnswered(change: Change): void {
  scope.getStore()?.push(change);
}

/** The topics of `changes` the request's caller may hear, in the order first published. */
export function topicsFor(changes: readonly Change[], request: FastifyRequest, adminMfa: 'required' | 'optional'): string[] {
  const user = request.user;
  const role = Boolean(user && (user.isAdmin || user.isSuperAdmin));
  const listener = { userId: user?.id ?? '', admin: role && !(user && mustEnrollFirst(adminMfa, user)) };
  const topics = new Set<string>();
  for (const change of changes) {
    const visible = visibleTopics(change, listener);
    // A visitor has no account of their own.
    for (const topic of visible) if (topic !== 'me' || user) topics.add(topic);
  }
  return [...topics];
}

/** Registered before the routes: each non-GET handler runs in a scope, and its answer names what it published. */
export function registerChangeAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      const changes: Change[] = [];
      answered.set(request, changes);
      return scope.run(changes, () => handler.call(this, request, reply));
    } as RouteHandlerMethod;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const changes = answered.get(request);
    if (changes?.length) {
      const topics = topicsFor(changes, request, app.ctx.config.adminMfa);
      if (topics.length) reply.header(CHANGED_TOPICS_HEADER, topics.join(', '));
    }
    done(null, payload);
  });
}
