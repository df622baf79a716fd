/**
 * Calls to the outside services that link accounts and check tasks (Telegram's Bot API, Discord,
 * oEmbed). One rule for all of them (DECISIONS §7): a service that does not answer in time, cannot
 * be reached or answers 5xx is *unavailable* (503 PROVIDER_UNAVAILABLE, nothing recorded, the
 * ambassador may try again); any other answer is read, and one that cannot be read is a refusal
 * with a code, never a credit. Answers are capped (64 kB) and the request's URL, headers and body
 * are never logged (they carry the bot token, the OAuth secret or a user's token).
 */
import { AppError } from '../../errors.ts';
import type { AppContext } from '../../context.ts';
import { LINK_REFUSALS } from '../../../shared/schemas/messages.ts';

/** The largest answer read from a service: every answer we need is far smaller. */
export const OUTSIDE_ANSWER_MAX_BYTES = 64 * 1024;

export interface OutsideAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  json: unknown;
}

/** 503 PROVIDER_UNAVAILABLE: the service did not answer; nothing was recorded. */
export function providerUnavailable(service: string): AppError {
  return new AppError('UNAVAILABLE', LINK_REFUSALS.unavailable, undefined, 'PROVIDER_UNAVAILABLE', { service }).retryAfter(5);
}

/**
 * One call: answers the status and the JSON body of any answer below 500; throws
 * PROVIDER_UNAVAILABLE on a timeout, a network failure, a 5xx or a 429. An answer over the cap or not JSON
 * has `json` undefined: the caller refuses it as malformed.
 * `service` names it in the log (never the URL: Telegram's holds the bot token).
 */
export async function callOutside(
  ctx: Pick<AppContext, 'log' | 'config'>,
  service: string,
  url: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string } = {},
): Promise<OutsideAnswer> {
  let response: Response;
  const signal = AbortSignal.timeout(ctx.config.providers.timeoutMs);
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal,
      redirect: 'error',
    });
  } catch (error) {
    ctx.log.warn({ service, reason: error instanceof Error ? error.name : 'failed' }, 'an outside service did not answer');
    throw providerUnavailable(service);
  }
  let text: string | undefined;
  try {
    text = await readCapped(response, signal);
  } catch (error) {
    ctx.log.warn({ service, status: response.status, reason: error instanceof Error ? error.name : 'failed' }, 'an outside service’s answer could not be read');
    throw providerUnavailable(service);
  }
  // A server error, or the service asking us to slow down: it did not answer the question.
  if (response.status >= 500 || response.status === 429) {
    ctx.log.warn({ service, status: response.status }, 'an outside service answered with a server error');
    throw providerUnavailable(service);
  }
  // Over the cap: not an answer we can read (a refusal, as any malformed answer is).
  if (text === undefined) return { status: response.status, json: undefined };
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

/** The body as text; undefined when it is over the cap. Throws when the connection fails or time runs out meanwhile. */
async function readCapped(response: Response, signal: AbortSignal): Promise<string | undefined> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > OUTSIDE_ANSWER_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined);
      return undefined;
    }
    signal.throwIfAborted();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A refusal because a service's answer could not be read as it documents it (422, PROVIDER_ANSWER_MALFORMED). */
export function malformedAnswer(service: string): AppError {
  return new AppError('UNPROCESSABLE', LINK_REFUSALS.malformed, undefined, 'PROVIDER_ANSWER_MALFORMED', { service });
}
