/**
 * Every error leaves in the shape of DECISIONS §2, `{message, errors?}`, with an honest status:
 * coded application errors, schema validation (the spec's messages, beside their field), Fastify's
 * own 4xx (bad JSON, wrong content type, too large), its framework errors (a bad URL, a too long
 * path), a database that went away (503, nothing written), and anything else as a 500 that says
 * nothing of its cause.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, badRequest, isConnectionFailure, pgErrorCode, type FieldError } from '../errors.ts';
import { codeOfText, ERROR_TEXTS, errorCode, STATUS_CODES } from '../../shared/error-codes.ts';

export function errorHandler(this: FastifyInstance, error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
    return reply.code(error.status).send({
      message: error.message,
      ...(error.errors ? { errors: error.errors.map((item) => coded(item, error)) } : {}),
      code: errorCode(error.status, error.message, error.reason),
      ...(error.values ? { values: error.values } : {}),
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((issue) => {
      const params = issue.params as { issue?: { path?: unknown[] }; params?: { code?: unknown; values?: unknown } };
      // A rule that names its refusal (src/shared/schemas: e.g. TEXT_CONTROL_CHARACTERS, AWARD_FORMAT) codes its item, else its sentence does.
      const named = typeof params.params?.code === 'string' ? params.params.code : undefined;
      const values = stringRecord(params.params?.values);
      const message = issue.message ?? 'Invalid value';
      return {
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || params.issue?.path?.join('.') || '',
        message,
        code: errorCode(400, message, named),
        ...(values ? { values } : {}),
      };
    });
    const first = errors[0];
    return reply.code(400).send({
      message: first?.message ?? 'Invalid request',
      errors,
      code: first?.code ?? STATUS_CODES[400],
      ...(first?.values ? { values: first.values } : {}),
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return reply.code(500).send({ message: ERROR_TEXTS.INTERNAL_ERROR, code: 'INTERNAL_ERROR' });
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const fastifyCode = 'code' in error ? error.code : undefined;
    const known = fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? ERROR_TEXTS.MALFORMED_JSON : TRANSPORT_BY_FASTIFY[String(fastifyCode)];
    if (known) return reply.code(status).send({ message: known, code: errorCode(status, known) });
    return reply.code(status).send({ message: error.message, code: errorCode(status, error.message) });
  }
  const sqlState = pgErrorCode(error);
  if (isConnectionFailure(error) || sqlState === '40001' || sqlState === '40P01') {
    // The database went away or gave up on this transaction: nothing was written; the caller may retry.
    request.log.warn({ err: error, sqlState }, 'database unavailable for this request');
    return reply.code(503).header('Retry-After', '1').send({ message: ERROR_TEXTS.DATABASE_UNAVAILABLE, code: 'DATABASE_UNAVAILABLE' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: ERROR_TEXTS.INTERNAL_ERROR, code: 'INTERNAL_ERROR' });
}

/** A field's refusal with its code: the one its thrower named, else the error's when it says the error's sentence, else its sentence's. */
function coded(item: FieldError, error: AppError): FieldError & { code: string } {
  if (item.code) return { ...item, code: item.code };
  if (item.message === error.message && error.reason) return { ...item, code: error.reason, ...(error.values ? { values: error.values } : {}) };
  return { ...item, code: codeOfText(item.message) ?? STATUS_CODES[400] };
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The transport's refusals (Fastify's content parsing). */
const TRANSPORT_BY_FASTIFY: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ERROR_TEXTS.BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERROR_TEXTS.CONTENT_TYPE_UNSUPPORTED,
  FST_ERR_CTP_EMPTY_JSON_BODY: ERROR_TEXTS.EMPTY_BODY,
};

/** Fastify's errors raised before routing (its `frameworkErrors` option). */
export const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: ERROR_TEXTS.ADDRESS_INVALID },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: ERROR_TEXTS.ADDRESS_TOO_LONG },
};

/**
 * HTTP/1.1 requests must name a Host (RFC 9112 §3.2). Node refuses one that does not with an empty
 * 400 of its own; the server lets it through (http-server.ts) so it is refused here, in the
 * project's error shape (the security headers' hook runs it: plugins/security-headers.ts).
 */
export function missingHost(request: FastifyRequest): AppError | undefined {
  return request.headers.host || request.raw.httpVersion !== '1.1' ? undefined : badRequest(ERROR_TEXTS.HOST_MISSING);
}

export function refuseNulCharacters(app: FastifyInstance): void {
  // PostgreSQL text cannot hold NUL: refuse it in any input up front, as bad input (400), never a 500.
  // Synchronous, and allocation-free for a request without input. A route that takes no input at all
  // (a read without path parameters, query schema or body: the public reads, the probes) gets no hook.
  const check: preValidationHookHandler = (request, _reply, done) => {
    done(
      containsNul(request.body) || containsNul(request.query) || containsNul(request.params) ? badRequest(ERROR_TEXTS.NUL_CHARACTERS) : undefined,
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
