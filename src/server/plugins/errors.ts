/**
 * Every error leaves in the shape of DECISIONS §2, `{message, errors?}`, with an honest status:
 * coded application errors, schema validation (the spec's messages, beside their field), Fastify's
 * own 4xx (bad JSON, wrong content type, too large), its framework errors (a bad URL, a too long
 * path), a database that went away (503, nothing written), and anything else as a 500 that says
 * nothing of its cause.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, badRequest, isConnectionFailure, pgErrorCode } from '../errors.ts';

export function errorHandler(this: FastifyInstance, error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
    return reply.code(error.status).send({
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.reason ? { code: error.reason } : {}),
      ...(error.values ? { values: error.values } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => {
      const params = issue.params as { issue?: { path?: unknown[] }; params?: { code?: unknown } };
      // A rule that names its refusal (src/shared/schemas: e.g. TEXT_CONTROL_CHARACTERS) codes its item.
      const code = typeof params.params?.code === 'string' ? params.params.code : undefined;
      return {
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || params.issue?.path?.join('.') || '',
        message: issue.message ?? 'Invalid value',
        ...(code ? { code } : {}),
      };
    });
    const first = errors[0];
    return reply.code(400).send({ message: first?.message ?? 'Invalid request', errors, ...(first?.code ? { code: first.code } : {}) });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return reply.code(500).send({ message: 'Internal server error' });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = 'code' in error ? error.code : undefined;
    const message =
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON in request body'
        : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type; send JSON'
            : code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is empty; send a JSON object'
              : error.message;
    return reply.code(status).send({ message });
  }
  const sqlState = pgErrorCode(error);
  if (isConnectionFailure(error) || sqlState === '40001' || sqlState === '40P01') {
    // The database went away or gave up on this transaction: nothing was written; the caller may retry.
    request.log.warn({ err: error, sqlState }, 'database unavailable for this request');
    return reply.code(503).header('Retry-After', '1').send({ message: 'The service is briefly unavailable. Please try again.' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: 'Internal server error' });
}

/** Fastify's errors raised before routing (its `frameworkErrors` option). */
export const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not a valid URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long' },
};

/**
 * HTTP/1.1 requests must name a Host (RFC 9112 §3.2). Node refuses one that does not with an empty
 * 400 of its own; the server lets it through (http-server.ts) so it is refused here, in the
 * project's error shape (the security headers' hook runs it: plugins/security-headers.ts).
 */
export function missingHost(request: FastifyRequest): AppError | undefined {
  return request.headers.host || request.raw.httpVersion !== '1.1' ? undefined : badRequest('The request has no Host header');
}

export function refuseNulCharacters(app: FastifyInstance): void {
  // PostgreSQL text cannot hold NUL: refuse it in any input up front, as bad input (400), never a 500.
  // Synchronous, and allocation-free for a request without input. A route that takes no input at all
  // (a read without path parameters, query schema or body: the public reads, the probes) gets no hook.
  const check: preValidationHookHandler = (request, _reply, done) => {
    done(
      containsNul(request.body) || containsNul(request.query) || containsNul(request.params) ? badRequest('Text must not contain NUL characters') : undefined,
    );
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const read = methods.every((m) => m === 'GET' || m === 'HEAD');
    const takesInput = !read || /[:*]/.test(route.url) || Boolean(route.schema?.querystring ?? route.schema?.params ?? route.schema?.body);
    if (!takesInput) return;
    const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
    route.preValidation = [check, ...existing];
  });
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (containsNul(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000') || containsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}
