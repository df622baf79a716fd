/**
 * Route plumbing shared by every feature: the access level each route declares,
 * the typed router, and the list helpers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionUser } from './auth/sessions.ts';
import type { AppContext } from './context.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * public: no session is read. optional: the session is read if there is one.
 * user: any signed-in account. ambassador: a signed-in account (the handler
 * then needs its ambassador record). admin / superAdmin: by role.
 */
export type Access = 'public' | 'optional' | 'user' | 'ambassador' | 'admin' | 'superAdmin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionSid: string | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Throws 401 / 403 for a request that may not use a route of this access level. */
export function checkAccess(access: Access, user: SessionUser | null): void {
  if (access === 'public' || access === 'optional') return;
  if (!user) throw unauthorized();
  if (access === 'admin' && !user.isAdmin && !user.isSuperAdmin) throw forbidden('Admin access required');
  if (access === 'superAdmin' && !user.isSuperAdmin) throw forbidden('Super admin access required');
}

export function setTotal(reply: FastifyReply, total: number): void {
  reply.header('X-Total-Count', String(total));
}
