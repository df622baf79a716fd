/**
 * One coded error type for the whole server, turned into a status and the
 * error body of DECISIONS §2 in one place (the error handler, plugins/errors.ts).
 */
import { ERROR_TEXTS, STATUS_CODES, valueMessage, type ValueCode } from '../shared/error-codes.ts';

/** The statuses an AppError can have; each is named as STATUS_CODES names it (BAD_REQUEST for 400, …). */
const APP_ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 421, 422, 429, 503] as const;
export type ErrorCode = (typeof STATUS_CODES)[(typeof APP_ERROR_STATUSES)[number]];
export const ERROR_STATUS = Object.fromEntries(APP_ERROR_STATUSES.map((status) => [STATUS_CODES[status], status])) as Readonly<Record<ErrorCode, number>>;

export interface FieldError {
  path: string;
  message: string;
  /** The refusal's code (src/shared/error-codes.ts); without one, the error handler gives its sentence's. */
  code?: string;
  values?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** A machine-readable reason a client acts on (e.g. MFA_ENROLL), sent as the body's `code`. */
  readonly reason: string | undefined;
  /** The values the message says (DECISIONS §7), sent as the body's `values`, so a client words it in its language from `code`. */
  readonly values: Record<string, string> | undefined;
  /** Seconds before trying again is worth it (429, 503): sent as Retry-After. */
  retryAfterSeconds: number | undefined;
  constructor(code: ErrorCode, message: string, errors?: FieldError[], reason?: string, values?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
    this.reason = reason;
    this.values = values;
    this.retryAfterSeconds = undefined;
  }

  /** The same error, telling the caller when to try again (Retry-After). */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A refusal whose sentence says values (VALUE_TEXTS): its English is the code's template filled with them, sent beside them. */
export function valueError(code: ErrorCode, reason: ValueCode, values: Record<string, string>, errors?: FieldError[]): AppError {
  return new AppError(code, valueMessage(reason, values), errors, reason, values);
}

/** A 400, said of `field` when one is named; `reason` is its code (the body's `code`) when the refusal has its own. */
export const badRequest = (message: string, field?: string, reason?: string) =>
  new AppError('BAD_REQUEST', message, field ? [{ path: field, message }] : undefined, reason);
export const unauthorized = (message = 'You must be logged in') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string = ERROR_TEXTS.NOT_ALLOWED) => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const rateLimited = (message: string = ERROR_TEXTS.AUTH_TOO_MANY_ATTEMPTS) => new AppError('RATE_LIMITED', message);
export const unavailable = (message: string) => new AppError('UNAVAILABLE', message);

/** The SQLSTATE of a database error, looking through wrappers (drizzle wraps driver errors). */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** Whether the error is a unique violation of this constraint (drizzle wraps the driver's error as its cause). */
export function violatesUnique(error: unknown, constraint: string): boolean {
  if (pgErrorCode(error) !== UNIQUE_VIOLATION) return false;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { constraint: named, message } = current as { constraint?: unknown; message?: unknown };
    // The driver names it; an error that does not still says it in its message.
    if (named === constraint || (typeof message === 'string' && message.includes(`"${constraint}"`))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when a query failed because the connection did (no SQLSTATE from the
 * server, as when a backend is killed and the driver sees the socket close).
 */
export function isConnectionFailure(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code) return code.startsWith('08') || code.startsWith('57P');
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    // drizzle wraps driver errors in a DrizzleQueryError carrying the query.
    if ('query' in current && 'cause' in current) {
      const cause = (current as { cause?: unknown }).cause;
      return cause instanceof Error && pgErrorCode(cause) === undefined;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
