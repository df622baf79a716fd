/**
 * The one way the client talks to the server (spec §7): the session cookie on
 * every call, a JSON content type only when there is a body, and any non-OK
 * answer thrown as an ApiError whose message is "{status}: {body or status text}".
 * The server's own `message` is kept so toasts can show it. A change's answer names the live topics
 * it changed (X-Changed-Topics, docs/decisions/034): the reads that show them are refreshed
 * (api/changes.ts, through `onChangedTopics`) before the call resolves.
 */

import { isLiveTopic, type LiveTopic } from '../../shared/live.ts';
import { sessionGone } from './session-hint.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A refusal as the API words it (DECISIONS §7): its code, its values, and the English sentence. */
export interface Refusal {
  code: string | null;
  values?: Readonly<Record<string, string>>;
  message: string;
}

/** A field's refusal of a 400 answer. */
export interface FieldRefusal extends Refusal {
  path: string;
}

export class ApiError extends Error {
  readonly status: number;
  /** The `message` of the server's JSON error body, when there was one: English, for logs; pages show `text`. */
  readonly serverMessage: string | null;
  /** Field errors of a 400 answer. */
  readonly fieldErrors: ReadonlyArray<FieldRefusal>;
  /** The body's `code` (src/shared/error-codes.ts): what the client acts on (e.g. MFA_ENROLL) and says in its language. */
  readonly reason: string | null;
  /** The values the refusal says, by name. */
  readonly values: Readonly<Record<string, string>>;
  /** The server's X-Request-Id: the `reqId` of the answer's log lines. */
  readonly requestId: string | null;

  constructor(status: number, statusText: string, bodyText: string, requestId: string | null = null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    const body = readErrorBody(parseJson(bodyText));
    this.serverMessage = body.message;
    this.fieldErrors = body.errors;
    this.reason = body.code;
    this.values = body.values;
    this.requestId = requestId && /^[\w-]{1,64}$/.test(requestId) ? requestId : null;
  }

  /** The server's refusal in the page's language (by its code and values), when the answer had one. */
  get text(): string | null {
    return this.serverMessage === null ? null : translate({ code: this.reason, values: this.values, message: this.serverMessage });
  }
}

/** A field's refusal in the page's language. */
export function fieldText(refusal: Refusal): string {
  return translate(refusal);
}

/** The server could not be reached at all (offline, DNS, a dropped connection). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(NETWORK_TROUBLE, { cause });
    this.name = 'NetworkError';
  }
}

/**
 * The API's English messages in the page's language: i18n/api-messages.ts registers its translation
 * when it loads (with the first page that loads the `app` catalog, or the first toast); until then,
 * on the landing page, they stay as the server wrote them. A hook rather than an import, so that the
 * landing page's first JavaScript does not carry every message's translation.
 */
let translate: (refusal: Refusal) => string = (refusal) => refusal.message;
export function translateApiMessagesWith(translator: (refusal: Refusal) => string): void {
  translate = translator;
}

/** The client's own two failures, which no answer carries (their English is their catalog id, in the `public` catalog). */
export const SERVER_TROUBLE = /*i18n*/ 'Something went wrong on our side. Please try again.';
export const NETWORK_TROUBLE = /*i18n*/ 'Could not reach the server. Check your connection and try again.';

/**
 * What a person is told about a failure they cannot fix: a sentence, with the request id the
 * server logged, never a body (an HTML error page, a stack line). A 503's own sentence (the
 * database or the chain node briefly away) is the server's, and kept. Null for a 4xx.
 */
export function troubleMessage(error: unknown): string | null {
  if (error instanceof NetworkError) return translate({ code: 'NETWORK_TROUBLE', message: NETWORK_TROUBLE });
  if (!(error instanceof ApiError) || error.status < 500) return null;
  const sentence = (error.status === 503 ? error.text : null) ?? translate({ code: 'SERVER_TROUBLE', message: SERVER_TROUBLE });
  if (!error.requestId) return sentence;
  const values = { sentence, reference: error.requestId };
  return translate({ code: 'WITH_REFERENCE', values, message: `${sentence} (Reference: ${error.requestId})` });
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * The error body of DECISIONS §2, read by hand: the shared zod schema module
 * would pull the wallet checksum code into every page.
 */
function readErrorBody(value: unknown): { message: string | null; errors: FieldRefusal[]; code: string | null; values: Record<string, string> } {
  if (typeof value !== 'object' || value === null) return { message: null, errors: [], code: null, values: {} };
  const record = value as Record<string, unknown>;
  const message = typeof record.message === 'string' && record.message ? record.message : null;
  const errors: FieldRefusal[] = [];
  if (Array.isArray(record.errors)) {
    for (const item of record.errors as unknown[]) {
      if (typeof item === 'object' && item !== null) {
        const e = item as Record<string, unknown>;
        if (typeof e.path === 'string' && typeof e.message === 'string') errors.push({ path: e.path, message: e.message, code: codeOf(e), values: valuesOf(e) });
      }
    }
  }
  return { message, errors, code: codeOf(record), values: valuesOf(record) };
}

function codeOf(record: Record<string, unknown>): string | null {
  return typeof record.code === 'string' && record.code ? record.code : null;
}

function valuesOf(record: Record<string, unknown>): Record<string, string> {
  const values = record.values;
  if (typeof values !== 'object' || values === null) return {};
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * What a toast should say about a failed call: the server's message for a refusal (4xx), else the
 * fallback (the spec's text); a server or network failure adds the sentence of troubleMessage.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const trouble = troubleMessage(error);
  if (trouble) return fallback ? `${fallback}. ${trouble}` : trouble;
  if (error instanceof ApiError) return error.text ?? fallback ?? `The request was refused (${error.status}).`;
  if (error instanceof Error && error.message) return fallback ?? error.message;
  return fallback ?? SERVER_TROUBLE;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

const SIGN_IN_URLS = new Set(['/api/login', '/api/super-admin-login']);

/** The answer's header naming the live topics a change published, as the caller's own stream hears them. */
export const CHANGED_TOPICS_HEADER = 'X-Changed-Topics';

type ChangedTopicsListener = (topics: LiveTopic[]) => Promise<void>;
let changedTopicsListener: ChangedTopicsListener | undefined;

/** What refreshes the reads of the topics a change's answer names (the query client); answers the unsubscribe. */
export function onChangedTopics(listener: ChangedTopicsListener): () => void {
  changedTopicsListener = listener;
  return () => {
    if (changedTopicsListener === listener) changedTopicsListener = undefined;
  };
}

/** The topics an answer names (unknown words are ignored). */
export function changedTopicsOf(headers: Headers): LiveTopic[] {
  const header = headers.get(CHANGED_TOPICS_HEADER);
  if (!header) return [];
  return [...new Set(header.split(',').map((word) => word.trim()))].filter(isLiveTopic);
}

/** The refresh of what a change's answer names: none for a read. */
function refreshChanged(method: HttpMethod, response: Response): Promise<void> {
  if (method === 'GET') return Promise.resolve();
  const topics = changedTopicsOf(response.headers);
  return topics.length && changedTopicsListener ? changedTopicsListener(topics) : Promise.resolve();
}

async function send(method: HttpMethod, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { ...(hasBody ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' }), ...extraHeaders },
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  // A 401 means the session is gone, except on a sign-in form, where it means wrong credentials.
  if (response.status === 401 && !SIGN_IN_URLS.has(url)) sessionGone();
  if (!response.ok) {
    // A refusal after a committed part (an address saved, then the withdrawal paused by it) still names what changed.
    void refreshChanged(method, response);
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text, response.headers.get('X-Request-Id'));
  }
  return response;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * Sends a request and returns the parsed JSON answer (null for an empty one). A change resolves once
 * the reads its answer names are read again, so what the caller does next sees them current; with
 * `background` at once, the reads following (an answer shown first: the recovery codes, a claimed report).
 */
export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
  options: { background?: boolean } = {},
): Promise<T> {
  const response = await send(method, url, body, headers);
  const data = (await readJson(response)) as T;
  const refreshed = refreshChanged(method, response);
  if (!options.background) await refreshed;
  return data;
}

/** A GET whose answer headers matter too (X-Unread-Count, say): the parsed JSON and the headers. */
export async function apiGetWithHeaders<T>(url: string): Promise<{ data: T; headers: Headers }> {
  const response = await send('GET', url);
  return { data: (await readJson(response)) as T, headers: response.headers };
}

export interface Page<T> {
  items: T[];
  total: number;
  /** The total is the server's estimate (X-Total-Count-Estimated): a long list counted only so far. */
  estimated?: boolean;
}

/** A paged admin list: the array answer plus X-Total-Count. */
export async function apiPage<T>(url: string, params: { limit: number; offset: number } & Record<string, string | number | undefined>): Promise<Page<T>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const response = await send('GET', `${url}?${query.toString()}`);
  const items = ((await readJson(response)) ?? []) as T[];
  const header = response.headers.get('X-Total-Count');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : params.offset + items.length;
  return { items, total, estimated: response.headers.get('X-Total-Count-Estimated') === 'true' };
}

/** True when an admin API refused the caller until they set up two-factor authentication (ADMIN_MFA=required). */
export function needsMfaEnrollment(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.reason === 'MFA_ENROLL';
}
