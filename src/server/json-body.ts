/**
 * The JSON body parser. It is Fastify's own (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype` keys) plus one rule: a JSON number is judged by its source text, not by
 * the double JavaScript rounds it to. `50.0000000000000001` would otherwise arrive as 50 and be
 * recorded as "50.00"; kept as its text (written without exponent), the money schema refuses it for
 * its decimals, with the spec's message. A number whose text the double holds exactly (`50`, `50.5`, `1e2`, `0.10`)
 * stays a number.
 */
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from './errors.ts';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

interface Decimal {
  negative: boolean;
  /** Significant digits, no leading or trailing zeros ('' for zero). */
  digits: string;
  /** The value is digits × 10^exponent. */
  exponent: number;
}

function readDecimal(text: string): Decimal | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const fraction = match[3] ?? '';
  const digits = `${match[2] ?? ''}${fraction}`.replace(/^0+/, '');
  const trimmed = digits.replace(/0+$/, '');
  const exponent = Number(match[4] ?? '0') - fraction.length + (digits.length - trimmed.length);
  return { negative: match[1] === '-', digits: trimmed, exponent: trimmed ? exponent : 0 };
}

function decimalKey(text: string): string | undefined {
  const d = readDecimal(text);
  return d && `${d.negative && d.digits ? '-' : ''}${d.digits || '0'}e${d.exponent}`;
}

/** The decimal written without an exponent ("5.01e1" -> "50.1"), so the schemas read it as a person would. */
function plainDecimal(text: string): string {
  const d = readDecimal(text);
  // A text too long to write out plainly is left as sent: the schemas refuse it either way.
  if (!d || Math.abs(d.exponent) > 400) return text;
  const sign = d.negative && d.digits ? '-' : '';
  if (!d.digits) return '0';
  if (d.exponent >= 0) return `${sign}${d.digits}${'0'.repeat(d.exponent)}`;
  const padded = d.digits.padStart(-d.exponent + 1, '0');
  return `${sign}${padded.slice(0, d.exponent)}.${padded.slice(d.exponent)}`;
}

/** True when the number's own shortest text has the same value as what was sent. */
export function numberKeepsItsSource(value: number, source: string): boolean {
  const sent = decimalKey(source);
  return sent !== undefined && sent === decimalKey(String(value));
}

interface ReviverContext {
  source?: string;
}

function reviver(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value === 'number' && context?.source !== undefined && !numberKeepsItsSource(value, context.source)) return plainDecimal(context.source);
  return value;
}

export function parseJsonBody(text: string): unknown {
  return secureJson.parse(text, reviver as (this: unknown, key: string, value: unknown) => unknown, { protoAction: 'error', constructorAction: 'error' });
}

export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) return done(new AppError('BAD_REQUEST', 'Request body is empty; send a JSON object'), undefined);
    try {
      done(null, parseJsonBody(text));
    } catch {
      done(new AppError('BAD_REQUEST', 'Malformed JSON in request body'), undefined);
    }
  });
}

/**
 * Form bodies, for the one route that takes them (RFC 8058 one-click unsubscribe): register it in
 * that route's own plugin. RFC 8058 lets the POST be `application/x-www-form-urlencoded` or
 * `multipart/form-data` (RFC 7578), and mail providers use both: the fields of either become the
 * body (a multipart file's content is read as text; nothing here needs more).
 */
export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (request, body, done) => {
    const fields = parseMultipartForm(typeof body === 'string' ? body : body.toString('utf8'), request.headers['content-type'] ?? '');
    if (fields) done(null, fields);
    else done(new AppError('BAD_REQUEST', 'Malformed multipart/form-data body'), undefined);
  });
}

/** The fields of a multipart/form-data body (RFC 7578): each part's `name` and its content; undefined when malformed. */
export function parseMultipartForm(text: string, contentType: string): Record<string, string> | undefined {
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  const delimiter = `--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  if (delimiter === '--') return undefined;
  const start = text.indexOf(delimiter);
  const close = text.indexOf(`\r\n${delimiter}--`);
  if (start === -1 || close === -1) return undefined;
  const fields: Record<string, string> = {};
  for (const part of text.slice(start + delimiter.length, close).split(`\r\n${delimiter}`)) {
    // Each part: the rest of the delimiter's line, its headers, a blank line, its content.
    const headersEnd = part.indexOf('\r\n\r\n');
    if (!part.startsWith('\r\n') && !/^[ \t]*\r\n/.test(part)) return undefined;
    if (headersEnd === -1) return undefined;
    const headers = part.slice(0, headersEnd);
    const name = /^content-disposition:\s*form-data\s*;(?:.*;)?\s*name="([^"]*)"/im.exec(headers)?.[1];
    if (name === undefined) return undefined;
    fields[name] = part.slice(headersEnd + 4);
  }
  return fields;
}
