/**
 * How a feature declares its routes: who may call a route first, then its schema (body, params,
 * query and an answer per status, which validate the request and document it), then the handler
 * that calls the feature's service and presents its answer.
 *
 *   const route = routes(app);
 *   route('admin').post('/api/admin/tasks', { operationId, summary, tags, body, response }, handler);
 *   route({ access: 'admin', scope: 'read:tasks' }).get(...);
 *
 * is fastify's `app.post(path, { config: { access: 'admin' }, schema }, handler)` with the zod type
 * provider: the same route, the same config (http.ts says what each key means), the same schema.
 * A route that needs more of fastify's options (its own onRequest hook) keeps fastify's form.
 */
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { typed, type Access } from './http.ts';

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

type Declare = <const S extends FastifySchema>(path: string, schema: S, handler: Handler<S>) => void;

export interface Routes {
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
}

/** A route's config: its access level alone, or with the rest of what it declares of itself. */
export type RouteConfig = Access | (FastifyContextConfig & { access: Access });

/** What `routes(app)` gives: the routes of one access level (and config). */
export type Route = (config: RouteConfig) => Routes;

export function routes(app: FastifyInstance): Route {
  const r = typed(app);
  return (declared) => {
    const config = typeof declared === 'string' ? { access: declared } : declared;
    const declare =
      (method: 'get' | 'post' | 'put' | 'patch' | 'delete'): Declare =>
      (path, schema, handler) => {
        r[method](path, { config, schema }, handler);
      };
    return { get: declare('get'), post: declare('post'), put: declare('put'), patch: declare('patch'), delete: declare('delete') };
  };
}
