/**
 * OWASP's device cookies (docs/decisions/014-device-cookies.md). A browser that has signed in to an
 * account keeps a signed, HttpOnly cookie naming that account and a random nonce. Failed sign-ins
 * from browsers without it are limited per account, as before; a browser with it is limited on its
 * own nonce instead, so a stranger who spends the account's allowance cannot lock the owner out.
 */
import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { newToken, secretsEqual } from './tokens.ts';

export const DEVICE_COOKIE = 'device';
/** A year: a device stays known as long as it keeps signing in. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export interface Device {
  /** The account's email, lower case. */
  email: string;
  nonce: string;
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', `device-cookie:${secret}`).update(payload).digest('base64url');
}

export function issueDeviceCookie(secret: string, email: string): string {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), n: newToken() })).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The device the cookie names, when its signature holds and it names `email`. */
export function readDeviceCookie(secret: string, value: string | undefined, email: string): Device | undefined {
  if (!value || value.length > 400) return undefined;
  const [payload, mac, ...rest] = value.split('.');
  if (!payload || !mac || rest.length || !secretsEqual(mac, signature(secret, payload))) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; n?: unknown };
    if (typeof parsed.e !== 'string' || typeof parsed.n !== 'string' || parsed.e !== email.trim().toLowerCase()) return undefined;
    return { email: parsed.e, nonce: parsed.n };
  } catch {
    return undefined;
  }
}

/** Sends a device cookie: only the sign-in routes (under /api/login) read it, so it is sent nowhere else. */
export function setDeviceCookie(reply: FastifyReply, value: string, production: boolean): void {
  reply.setCookie(DEVICE_COOKIE, value, { path: '/api/login', httpOnly: true, sameSite: 'strict', secure: production, maxAge: DEVICE_COOKIE_MAX_AGE_S });
}
