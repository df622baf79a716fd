/**
 * The API document (GET /api/openapi.json, DECISIONS §1): generated from the route schemas by
 * @fastify/swagger and fastify-type-provider-zod, then made true in one place here, from what each
 * route declares (its access level and traits in `config`, its schemas):
 * - security from the access level (public: none; optional: the session if there is one; else the
 *   session cookie);
 * - every status the server's own plumbing can answer, where it can happen: 401 / 403 / 404 from
 *   the access hook, 403 from the Origin check, 413 / 415 / 400 from the body parser on writes, 414
 *   for a too long address, 503 with Retry-After when the database (or the password queue) is busy,
 *   304 on the public reads cached by ETag, and Retry-After on every 429;
 * - the headers: X-Request-Id on every answer, the paging headers on the lists read by cursor,
 *   ETag, Set-Cookie, Idempotency-Key and Idempotent-Replayed, X-Changed-Topics on every change;
 * - one ErrorBody schema (DECISIONS §2) and the shared view and input schemas as components,
 *   referenced instead of repeated inline, under the names each schema's file registers
 *   (shared/schemas/api-names.ts): a route's body and answers are converted here with zod's
 *   toJSONSchema, which refers to a schema where that very schema stands (never by its JSON text,
 *   docs/decisions/038); request bodies required only where they are.
 * What a route answers of its own (a 404, a 409) it declares in its response schema, with a
 * `.describe()` saying when; this file adds nothing a route can say better.
 */
import type { FastifyDynamicSwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyContextConfig, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_INPUTS, API_OUTPUTS, type ApiNames } from '../shared/schemas/api-names.ts';
import { DEVICE_COOKIE } from './auth/device-cookie.ts';
import { SESSION_COOKIE } from './auth/sessions.ts';
import { CACHING, MUTATING_METHODS, docHeader, type Access, type SharedHeader, type DocHeader, type DocRef, type DocResponse } from './http.ts';

const TAGS = [
  { name: 'session', description: 'Signing in and out, passwords, the current user.' },
  { name: 'public', description: 'What anyone may read: the programme’s figures, leaderboard and settings.' },
  { name: 'applications', description: 'Applying to become an ambassador.' },
  { name: 'ambassador', description: 'The signed-in ambassador’s own record, reports, wallet and withdrawals.' },
  { name: 'links', description: 'The ambassador’s linked accounts: Telegram, Discord, X, and the proven payout wallet.' },
  { name: 'tasks', description: 'Tasks checked by machine: the list, claims and their evidence.' },
  { name: 'admin', description: 'The admin desk: applications, reports, ambassadors, withdrawals and payouts.' },
  { name: 'super-admin', description: 'Admin accounts, settings, the activity log and the monthly close.' },
  { name: 'seasons', description: 'The public archive of closed months, with the provably fair draw.' },
  { name: 'mfa', description: 'Two-factor sign-in (TOTP and recovery codes).' },
  { name: 'notifications', description: 'Decisions about the signed-in person, in the app and by email.' },
];

type Json = Record<string, unknown>;
type Ref = DocRef;
type Header = DocHeader;
type ResponseObject = DocResponse;
interface MediaType {
  schema?: Json;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: (Parameter | Ref)[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | Ref>;
  security?: Record<string, string[]>[];
  /** The API key scope that reaches this operation (DECISIONS §7). */
  'x-api-key-scope'?: string;
}
interface Document {
  openapi: string;
  info: Json & { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas?: Record<string, Json>;
    responses?: Record<string, ResponseObject>;
    headers?: Record<string, Header>;
    parameters?: Record<string, Parameter>;
    securitySchemes?: Record<string, Json>;
  };
}

/** What the document needs to know of a route, read from its options when @fastify/swagger walks it. */
interface RouteFacts {
  access: Access;
  mutating: boolean;
  crossSite: boolean;
  stream: boolean;
  idempotent: boolean;
  /** A public read with an ETag, and how it may be kept (http.ts FastifyContextConfig.etag). */
  etag: 'edge' | 'immutable' | undefined;
  sessionCookie: boolean;
  /** It has a body, query or path schema: a 400 names the fields. */
  validates: boolean;
  /** Its body may be left out. */
  bodyOptional: boolean;
  /** A list read by cursor: X-Total-Count and X-Next-Cursor. */
  paged: boolean;
  csv: boolean;
  /** What the route declares of itself beyond its schemas (config.document). */
  document: NonNullable<FastifyContextConfig['document']> | undefined;
  /** The API key scope that reaches it (config.scope), if any. */
  scope: string | undefined;
}

const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' };
const responseRef = (name: string): Ref => ({ $ref: `#/components/responses/${name}` });

const HEADERS: Record<SharedHeader, Header> = {
  XRequestId: {
    description: 'This request’s id, as in the server’s log: quote it when reporting a problem.',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  },
  RetryAfter: { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 1 } },
  RetryAfterMaybe: { description: 'Seconds to wait before trying again, when the wait is known.', schema: { type: 'integer', minimum: 1 } },
  XTotalCount: {
    description: 'How many items match, all pages together (an estimate above 10,000, see X-Total-Count-Estimated).',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  XTotalCountEstimated: { description: '`true` when X-Total-Count is PostgreSQL’s estimate.', schema: { type: 'string', enum: ['true'] } },
  XNextCursor: { description: 'When the page is full: the `cursor` of the next page.', schema: { type: 'string' } },
  ETag: {
    description: 'The answer’s version (weak): send it back as If-None-Match to get 304 while it has not changed.',
    required: true,
    schema: { type: 'string', example: 'W/"3q2-7w"' },
  },
  ETagWhenImmutable: {
    description: 'With `Cache-Control: public, max-age=31536000, immutable` only: the answer’s version (weak), for If-None-Match.',
    schema: { type: 'string', example: 'W/"3q2-7w"' },
  },
  CacheControlEdge: {
    description: 'Browsers keep the answer but revalidate it on every read (If-None-Match), so a change shows at once.',
    required: true,
    schema: { type: 'string', enum: [CACHING.edge['cache-control']] },
  },
  CdnCacheControl: {
    description:
      'For a CDN only (RFC 9213; browsers ignore it): keep the answer a second, serve it stale for 30 s while fetching the next, and for a day when this server fails. The answer is the same for everyone (no Vary: Cookie).',
    required: true,
    schema: { type: 'string', enum: [CACHING.edge['cdn-cache-control']] },
  },
  CacheControlImmutable: {
    description: `\`${CACHING.immutable['cache-control']}\` (with an ETag) when the answer can never change; otherwise \`no-store\`.`,
    required: true,
    schema: { type: 'string', enum: [CACHING.immutable['cache-control'], 'no-store'] },
  },
  SetCookie: {
    description: `The session cookie \`${SESSION_COOKIE}\` (HttpOnly, SameSite=Lax, Secure in production); after a completed sign-in (at the second step when two-factor is on), also \`${DEVICE_COOKIE}\` (Path=/api/login). Cleared on sign-out.`,
    required: true,
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  XChangedTopics: {
    description:
      'What the change changed, in the live topics’ words (DECISIONS §6; the same words GET /api/events sends), comma-separated: those the caller’s own stream hears (`me` when it was about their account; an admin topic only for an admin). Absent when it changed nothing the caller is shown. Refresh the reads that show them (docs/decisions/034).',
    schema: { type: 'string', example: 'me, reports' },
  },
  ContentDisposition: { description: 'The file name to save it as.', required: true, schema: { type: 'string' } },
};

const errorResponse = (description: string, headers: Record<string, Header | Ref> = {}): ResponseObject => ({
  description,
  headers: { 'X-Request-Id': docHeader('XRequestId'), ...headers },
  content: { 'application/json': { schema: ERROR_BODY_REF } },
});

/** The answers of the server's own plumbing, the same wherever they happen. */
function sharedResponses(settings: OpenapiSettings): Record<string, ResponseObject> {
  return {
    PayloadTooLarge: errorResponse(`The body is larger than the server takes (${Math.round(settings.bodyLimit / 1024)} KiB).`),
    UriTooLong: errorResponse('The address, or a path parameter in it, is too long.'),
    UnsupportedMediaType: errorResponse('The body is not JSON: send `Content-Type: application/json`.'),
    TooManyRequests: errorResponse('Too many attempts from this address or for this account: wait Retry-After seconds.', {
      'Retry-After': docHeader('RetryAfter'),
    }),
  };
}

const STATUS_TEXT: Record<string, string> = {
  400: 'The request is not valid.',
  401: 'Not signed in.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'The record is not in a state that allows this.',
  422: 'The request cannot be carried out as sent.',
  429: 'Too many attempts.',
  503: 'The service cannot answer right now.',
};

export interface OpenapiSettings {
  appUrl: string;
  bodyLimit: number;
  requestTimeoutMs: number;
}

/** The @fastify/swagger options: the document's frame, the per-route transform and the final pass. */
export function openapiOptions(settings: OpenapiSettings): FastifyDynamicSwaggerOptions {
  const routes = new Map<string, RouteFacts>();
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ambassador Programme API',
        version: '1.0.0',
        description: infoDescription(settings),
      },
      servers: [{ url: settings.appUrl, description: 'This server (APP_URL).' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by POST /api/login (or /api/super-admin-login, /api/login/mfa, /api/register).',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'amb_ + 43 base64url characters',
            description:
              'An API key made by the super admin (POST /api/admin/api-keys), sent as `Authorization: Bearer amb_…`. Read-only: it reaches only the admin GET operations that name a scope (`x-api-key-scope`, also in their description) it was given; 401 (`code` API_KEY_INVALID) when unknown or revoked, 403 (`code` SCOPE_MISSING) anywhere else. It needs no Origin header.',
          },
        },
      },
    },
    stripBasePath: false,
    transform(input) {
      const result = jsonSchemaTransform(input);
      if (result.schema.hide) return result;
      for (const [key, facts] of routeFacts(input.route, input.url)) routes.set(key, facts);
      return { ...result, schema: { ...result.schema, ...namedParts(input.schema ?? {}, result.schema as Json) } };
    },
    transformObject(document) {
      if (!('openapiObject' in document)) throw new Error('API document: expected OpenAPI, not Swagger 2');
      return finish(document.openapiObject as unknown as Document, routes, settings) as unknown as ReturnType<SwaggerTransformObject>;
    },
  };
}

function infoDescription(settings: OpenapiSettings): string {
  return [
    'Every call of spec §7, as this server answers it.',
    '',
    'Errors are JSON `{"message": "...", "errors"?: [{"path", "message"}], "code"?}` (ErrorBody) with honest status codes: 400 bad input (the spec’s messages, `errors` naming each field), 401 not signed in, 403 signed in but not allowed, 404 unknown id, 409 state conflict, 429 rate limited (with Retry-After), 503 briefly unavailable (with Retry-After).',
    '',
    `Beside the statuses of each operation, any request can get, in the same shape: 400 for a malformed request line or headers (or no Host), 408 when the request takes longer than ${Math.round(settings.requestTimeoutMs / 1000)} s to arrive, 414 for a too long address, 431 for too large headers, and in production 421 for a host name other than APP_URL's.`,
    '',
    'State-changing requests must carry an Origin header naming this app (APP_URL or ALLOWED_ORIGINS), else 403. API answers carry `Cache-Control: no-store`, except the public reads with an ETag: the changing ones (stats, leaderboard, this month) revalidate (`no-cache`) and tell a CDN it may keep them a second (`CDN-Cache-Control`), and what never changes (a closed month, a full page of the log) is `immutable`.',
  ].join('\n');
}

function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function routeFacts(route: RouteOptions, url: string): [string, RouteFacts][] {
  const schema = (route.schema ?? {}) as FastifySchema & { body?: unknown; querystring?: unknown; params?: unknown };
  const config = route.config ?? {};
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  const body = schema.body instanceof z.ZodType ? schema.body : undefined;
  const query = schema.querystring instanceof z.ZodObject ? schema.querystring : undefined;
  return methods.map((method) => [
    `${method} ${openapiPath(url)}`,
    {
      access: config.access ?? 'public',
      mutating: MUTATING_METHODS.has(method),
      crossSite: config.crossSite === true,
      stream: config.stream === true,
      idempotent: config.idempotent === true,
      etag: config.etag,
      sessionCookie: config.sessionCookie === true,
      validates: Boolean(schema.body || schema.querystring || schema.params),
      bodyOptional: body ? body.safeParse(undefined).success : true,
      paged: Boolean(query && 'cursor' in query.shape),
      csv: url.endsWith('.csv'),
      document: config.document,
      scope: config.scope,
    },
  ]);
}

function security(access: Access, scope: string | undefined): Record<string, string[]>[] {
  if (access === 'public') return [];
  // OpenAPI 3.0 lists scopes for OAuth only: the key's scope is told by x-api-key-scope.
  if (scope) return [{ session: [] }, { apiKey: [] }];
  // Read when there is one: the answer depends on it (GET /api/user) but it is not required.
  if (access === 'optional') return [{}, { session: [] }];
  return [{ session: [] }];
}

/** A stable camelCase id from the method and path, for a route that names none. */
function defaultOperationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9{}]+/)
    .filter(Boolean)
    .map((w) => (w.startsWith('{') ? `by ${w.slice(1, -1)}` : w))
    .join(' ')
    .split(' ');
  return [method.toLowerCase(), ...words].map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

function finish(doc: Document, routes: Map<string, RouteFacts>, settings: OpenapiSettings): Document {
  const usedResponses = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      const facts = routes.get(key);
      if (!facts) throw new Error(`API document: no route facts for ${key}`);
      operation.operationId ??= defaultOperationId(method, path);
      operation.summary ??= `${method.toUpperCase()} ${path}`;
      operation.security = security(facts.access, facts.scope);
      if (facts.scope) {
        operation['x-api-key-scope'] = facts.scope;
        operation.description = `${operation.description ? `${operation.description}\n\n` : ''}An API key with the scope \`${facts.scope}\` may read it too.`;
      }
      if (operation.requestBody) operation.requestBody.required = !facts.bodyOptional;
      const parameters = operation.parameters ?? [];
      if (facts.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
      if (facts.etag) parameters.push({ $ref: '#/components/parameters/IfNoneMatch' });
      if (parameters.length) operation.parameters = parameters;
      operation.responses = responses(operation.responses, facts, usedResponses);
    }
  }
  doc.tags = TAGS.filter((tag) => Object.values(doc.paths).some((item) => Object.values(item).some((op) => op.tags?.includes(tag.name))));
  // Every named schema, those nothing refers to dropped below.
  const named = namedSchemas();
  const schemas: Record<string, Json> = { ...named.output, ...named.input };
  doc.components.schemas = {
    ...doc.components.schemas,
    ...Object.fromEntries(
      Object.keys(schemas)
        .sort()
        .map((name) => [name, schemas[name] ?? {}]),
    ),
  };
  const shared = sharedResponses(settings);
  doc.components.responses = Object.fromEntries([...usedResponses].sort().map((name) => [name, shared[name] as ResponseObject]));
  doc.components.headers = HEADERS;
  doc.components.parameters = {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      description:
        'Makes a retried request safe: the same key (1 to 200 visible ASCII characters) with the same request within 24 hours has one effect and gets the first answer again (Idempotent-Replayed: true).',
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      description: 'The ETag of the copy you hold: 304 while it is still current.',
      schema: { type: 'string' },
    },
  };
  pruneComponents(doc);
  return doc;
}

/** Drops the components nothing refers to (an unused component is noise to a generator). */
function pruneComponents(doc: Document): void {
  const text = JSON.stringify({ ...doc, components: { ...doc.components, headers: undefined, parameters: undefined } });
  const referenced = new Set([...text.matchAll(/"#\/components\/(\w+)\/([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`));
  for (const kind of ['headers', 'parameters', 'responses', 'schemas'] as const) {
    const group = doc.components[kind];
    if (!group) continue;
    for (const name of Object.keys(group)) if (!referenced.has(`${kind}/${name}`)) delete group[name];
    if (!Object.keys(group).length) delete doc.components[kind];
  }
}

function responses(declared: Record<string, ResponseObject | Ref>, facts: RouteFacts, usedResponses: Set<string>): Record<string, ResponseObject | Ref> {
  const out: Record<string, ResponseObject | Ref> = {};
  const requestId = { 'X-Request-Id': docHeader('XRequestId') };
  const successHeaders: Record<string, Header | Ref> = { ...requestId, ...facts.document?.headers };
  if (facts.paged) {
    successHeaders['X-Total-Count'] = docHeader('XTotalCount');
    successHeaders['X-Total-Count-Estimated'] = docHeader('XTotalCountEstimated');
    successHeaders['X-Next-Cursor'] = docHeader('XNextCursor');
  }
  /** The caching headers of a public read with an ETag, on its answer and its 304. */
  const caching: Record<string, Ref> =
    facts.etag === 'edge'
      ? { ETag: docHeader('ETag'), 'Cache-Control': docHeader('CacheControlEdge'), 'CDN-Cache-Control': docHeader('CdnCacheControl') }
      : facts.etag === 'immutable'
        ? { ETag: docHeader('ETagWhenImmutable'), 'Cache-Control': docHeader('CacheControlImmutable') }
        : {};
  Object.assign(successHeaders, caching);
  if (facts.sessionCookie) successHeaders['Set-Cookie'] = docHeader('SetCookie');
  if (facts.idempotent) successHeaders['Idempotent-Replayed'] = docHeader('IdempotentReplayed');
  if (facts.mutating) successHeaders['X-Changed-Topics'] = docHeader('XChangedTopics');
  if (facts.csv) successHeaders['Content-Disposition'] = docHeader('ContentDisposition');

  /** Why each error status can happen, in the order found. */
  const reasons = new Map<string, string[]>();
  const because = (status: number | string, reason?: string) =>
    reasons.set(String(status), [...(reasons.get(String(status)) ?? []), ...(reason ? [reason] : [])]);

  for (const [status, response] of Object.entries(declared)) {
    if ('$ref' in response) {
      out[status] = response;
      continue;
    }
    const own = response.description && response.description !== 'Default Response' ? response.description : undefined;
    const schema = response.content?.['application/json']?.schema;
    if (Number(status) >= 400) {
      // The route's own error: in ErrorBody's shape (referenced), else as the route wrote it.
      if (schema && schema.$ref !== ERROR_BODY_REF.$ref) out[status] = { ...response, description: own ?? STATUS_TEXT[status] ?? 'Error.' };
      else because(status, own);
      continue;
    }
    // No response schema (only 'Default Response'): what the route sends is told by its traits below.
    if (!response.content) continue;
    out[status] = { description: own ?? (status === '201' ? 'Created.' : 'Done.'), headers: successHeaders, content: response.content };
  }
  for (const [status, response] of Object.entries(facts.document?.responses ?? {}))
    out[status] = { ...response, headers: { ...requestId, ...response.headers } };
  if (!Object.keys(out).some((status) => status.startsWith('2') || status.startsWith('3'))) {
    if (facts.stream)
      out['200'] = { description: 'A stream of Server-Sent Events.', headers: requestId, content: { 'text/event-stream': { schema: { type: 'string' } } } };
    else if (facts.csv)
      out['200'] = { description: 'A CSV file (RFC 4180).', headers: successHeaders, content: { 'text/csv': { schema: { type: 'string' } } } };
    else out['200'] = { description: 'Done.', headers: successHeaders };
  }
  if (facts.etag)
    out['304'] = {
      description: 'Not modified: the copy named by If-None-Match is current.',
      headers: { ...requestId, ...caching, ETag: docHeader('ETag') },
    };

  // What the server's plumbing answers, by the route's traits.
  because(
    400,
    facts.validates
      ? 'The input is not valid: `message` says why and `errors` names each field.'
      : 'The request is not valid (e.g. text with a NUL character).',
  );
  if (facts.mutating) because(400, 'The body is not well-formed JSON, or is empty.');
  if (facts.idempotent) because(400, 'The Idempotency-Key is not 1 to 200 visible ASCII characters.');
  if (facts.access !== 'public' && facts.access !== 'optional') because(401, 'Not signed in, or the session has ended.');
  if (facts.access !== 'public') because(401, 'An API key that is unknown or revoked (`code`: API_KEY_INVALID).');
  if (facts.access !== 'public')
    because(
      403,
      facts.scope
        ? `An API key without the scope \`${facts.scope}\` (\`code\`: SCOPE_MISSING).`
        : 'An API key (`code`: SCOPE_MISSING): keys only read the admin lists their scopes name.',
    );
  if (facts.access === 'admin')
    because(403, 'Signed in without the admin role; or, where admins must use two-factor sign-in, not yet enrolled (`code`: MFA_ENROLL).');
  if (facts.access === 'superAdmin') because(403, 'Not a super admin; or, where admins must use two-factor sign-in, not yet enrolled (`code`: MFA_ENROLL).');
  if (facts.access === 'ambassador') because(facts.mutating ? 403 : 404, 'The account has no ambassador record.');
  if (facts.mutating && !facts.crossSite) because(403, 'Cross-site request refused: the Origin header must name this app.');
  if (facts.idempotent) {
    because(409, 'A request with this Idempotency-Key is still being processed.');
    because(422, 'This Idempotency-Key was already used for a different request.');
  }
  if (facts.document?.database !== false) {
    because(503, 'The database is briefly unavailable: nothing was done; try again after Retry-After seconds.');
  }

  const shared: [string, string][] = [['414', 'UriTooLong']];
  if (facts.mutating) shared.push(['413', 'PayloadTooLarge'], ['415', 'UnsupportedMediaType']);
  // A rate limit the route does not explain is the shared 429.
  if (reasons.get('429')?.length === 0) {
    reasons.delete('429');
    shared.push(['429', 'TooManyRequests']);
  }
  for (const [status, list] of reasons) {
    const retry: Record<string, Ref> =
      status === '503' ? { 'Retry-After': docHeader('RetryAfterMaybe') } : status === '429' ? { 'Retry-After': docHeader('RetryAfter') } : {};
    out[status] = errorResponse(list.length ? list.join(' ') : (STATUS_TEXT[status] ?? 'Error.'), retry);
  }
  for (const [status, name] of shared) {
    out[status] = responseRef(name);
    usedResponses.add(name);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The schemas whose names the document uses: answers (output) and request bodies (input). */
const NAMES = { output: API_OUTPUTS, input: API_INPUTS } as const;
type Io = keyof typeof NAMES;

/**
 * What zod's toJSONSchema reads of a schema while the document converts it: the schema's own
 * metadata (its `.describe()` and `.meta()`, kept in zod's global registry) and, when the schema
 * is one of `names` (that very object), its name as `id`: toJSONSchema then writes it once under
 * `definitions` and a `$ref` wherever it stands, a `.describe()` copy of it included (zod keeps
 * the copy's parent). The id of the global metadata is left out: only the registries name.
 */
class DocumentMetadata extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  constructor(private readonly names: ApiNames | undefined) {
    super();
  }

  override get<S extends z.core.$ZodType>(schema: S): z.core.GlobalMeta | undefined {
    const meta: z.core.GlobalMeta = { ...z.globalRegistry.get(schema) };
    delete meta.id;
    const id = this.names?.get(schema)?.id;
    if (id) return { ...meta, id };
    return Object.keys(meta).length ? meta : undefined;
  }
}

const METADATA = { output: new DocumentMetadata(API_OUTPUTS), input: new DocumentMetadata(API_INPUTS), unnamed: new DocumentMetadata(undefined) };

/**
 * A route's body (input) or answer (output) in OpenAPI 3.0's JSON Schema, every named schema in it
 * a `$ref` to its component: converted as fastify-type-provider-zod converts the rest of the route
 * (its options and adjustments), but with the names of `io`'s registry. An answer that is a named
 * schema keeps a description beside its `$ref`: @fastify/swagger makes it the answer's description
 * and drops it from the schema.
 */
export function documentSchema(schema: z.core.$ZodType, io: Io): Json {
  const { definitions = {}, ...root } = convert(schema, io, METADATA[io]);
  const refs = (node: unknown, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => refs(item, false));
    if (!node || typeof node !== 'object') return node;
    const json = node as Json;
    const named = referenced(json, io);
    if (named) {
      const description = top ? (json.description ?? (definitions as Record<string, Json>)[named]?.description) : undefined;
      return { $ref: `#/components/schemas/${named}`, ...(description === undefined ? {} : { description }) };
    }
    return Object.fromEntries(
      Object.entries(json).map(([key, value]) => [
        key,
        key === 'properties' && value && typeof value === 'object' ? mapValues(value as Json, (v) => refs(v, false)) : refs(value, false),
      ]),
    );
  };
  return refs(root, true) as Json;
}

/** A route's body and answers converted with their names (documentSchema), beside the rest as fastify-type-provider-zod converted it. */
function namedParts(schema: FastifySchema & { body?: unknown; response?: unknown }, converted: Json): Json {
  const parts: Json = {};
  if (schema.body instanceof z.ZodType) parts.body = documentSchema(schema.body, 'input');
  if (schema.response && typeof schema.response === 'object') {
    const answers = converted.response as Record<string, Json>;
    parts.response = Object.fromEntries(
      Object.entries(schema.response as Json).map(([status, answer]) => [status, namedAnswer(answer, answers[status] ?? {})]),
    );
  }
  return parts;
}

/** An answer's schema, or each of its content types' (`{description, content: {type: {schema}}}`), with names. */
function namedAnswer(answer: unknown, converted: Json): Json {
  if (answer instanceof z.ZodType) return documentSchema(answer, 'output');
  const content = (answer as { content?: Record<string, { schema?: unknown }> }).content;
  if (!content) return converted;
  const convertedContent = converted.content as Record<string, Json>;
  return {
    ...converted,
    content: Object.fromEntries(
      Object.entries(content).map(([type, media]) => [
        type,
        media.schema instanceof z.ZodType ? { schema: documentSchema(media.schema, 'output') } : convertedContent[type],
      ]),
    ),
  };
}

/**
 * The name a converted node stands for: zod's `{$ref: '#/definitions/Name'}`, or its form of a
 * copy of a named schema (`.describe()`, `.optional()`, a refinement: OpenAPI 3.0 allows nothing
 * beside a `$ref`) that adds at most a description, `{allOf: [{$ref}], description?}`.
 */
function referenced(json: Json, io: Io): string | undefined {
  const copy = Array.isArray(json.allOf) && json.allOf.length === 1 && Object.keys(json).every((key) => key === 'allOf' || key === 'description');
  const ref = (copy ? (json.allOf as Json[])[0] : json)?.$ref;
  if (typeof ref !== 'string') return undefined;
  const name = ref.startsWith('#/definitions/') ? ref.slice('#/definitions/'.length) : undefined;
  if (!name || !NAMES[io].named.has(name)) throw new Error(`API document: a ${io} schema refers to ${ref}, which is no named ${io} schema`);
  return name;
}

/** OpenAPI 3.0 keywords zod can still write but the 3.0 schema object has not (fastify-type-provider-zod drops the same). */
const NOT_OPENAPI_3_0 = new Set([
  'id',
  '$id',
  '$schema',
  'unevaluatedProperties',
  'dependentSchemas',
  'patternProperties',
  'propertyNames',
  'contentEncoding',
  'contentMediaType',
]);
const SUBSCHEMA = new Set(['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf']);

/** zod's toJSONSchema with fastify-type-provider-zod's options and adjustments, so every part of the document reads alike. */
function convert(schema: z.core.$ZodType, io: Io, metadata: DocumentMetadata): Json {
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    metadata,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: ({ zodSchema, jsonSchema }) => adjust(zodSchema, jsonSchema as Json, io),
  });
  const clean = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(clean);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node as Json)
        .filter(([key]) => !NOT_OPENAPI_3_0.has(key))
        .map(([key, value]) => [
          key,
          key === 'properties' && value && typeof value === 'object' ? mapValues(value as Json, clean) : SUBSCHEMA.has(key) ? clean(value) : value,
        ]),
    );
  };
  return clean(json) as Json;
}

/**
 * fastify-type-provider-zod's adjustments (zod-to-json.ts): OpenAPI 3.0 has no `null` type, so a
 * union with z.null() is its other branches made `nullable`; an answer's date is an ISO string;
 * an answer's undefined is null.
 */
function adjust(schema: z.core.$ZodType, json: Json, io: Io): void {
  if (schema instanceof z.core.$ZodUnion && Array.isArray(json.anyOf)) {
    const branches = (json.anyOf as Json[]).filter((branch) => Object.keys(branch).length > 0);
    json.anyOf = branches;
    const isNull = (branch: Json) => branch.nullable === true && Array.isArray(branch.enum) && branch.enum.length === 1 && branch.enum[0] === null;
    const others = branches.filter((branch) => !isNull(branch));
    if (others.length < branches.length && others.length > 0) {
      if (others.length === 1) {
        delete json.anyOf;
        Object.assign(json, others[0], { nullable: true });
      } else {
        json.anyOf = others;
        json.nullable = true;
      }
    }
  }
  if (io === 'output' && schema instanceof z.core.$ZodDate) Object.assign(json, { type: 'string', format: 'date-time' });
  if (io === 'output' && schema instanceof z.core.$ZodUndefined) json.type = 'null';
}

function mapValues(object: Json, fn: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fn(value)]));
}

let cachedNames: { output: Record<string, Json>; input: Record<string, Json> } | undefined;

/** The named schemas' components, each written whole (as a route's schema would be without names). */
function namedSchemas(): { output: Record<string, Json>; input: Record<string, Json> } {
  if (cachedNames) return cachedNames;
  const components = (io: Io) => Object.fromEntries([...NAMES[io].named].map(([name, schema]) => [name, convert(schema, io, METADATA.unnamed)]));
  const names = { output: components('output'), input: components('input') };
  const both = Object.keys(names.output).filter((name) => name in names.input);
  if (both.length) throw new Error(`API document: ${both.join(', ')} named both as an answer and as a body`);
  cachedNames = names;
  return names;
}
