/**
 * The two first-party cookies of referrals (DECISIONS §7, Referrals): `ref`, the referral code of the
 * last link the browser followed (30 days), and `did`, the browser's device id: a random value the
 * server keeps only as an HMAC (the abuse flag shared_device, and one click per visitor a day). Both
 * HttpOnly and SameSite=Lax, so they are sent with the application form's POST and with a link
 * followed from another site, and never readable by a script.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '../../../shared/schemas/referrals.ts';

export const DEVICE_ID_COOKIE = 'did';
/** Browsers keep a cookie at most 400 days (RFC 6265bis); the id is renewed with each application. */
const DEVICE_ID_MAX_AGE_S = 400 * 86_400;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The browser's device id, when its cookie holds one of ours. */
export function readDeviceId(value: string | undefined): string | undefined {
  return value !== undefined && DEVICE_ID_PATTERN.test(value) ? value : undefined;
}

/** The browser's device id, or a new one to send (sendDeviceId) once it is used. */
export function deviceIdOf(cookie: string | undefined): { id: string; isNew: boolean } {
  const known = readDeviceId(cookie);
  return known ? { id: known, isNew: false } : { id: randomBytes(16).toString('base64url'), isNew: true };
}

export function sendDeviceId(reply: FastifyReply, id: string, production: boolean): void {
  reply.setCookie(DEVICE_ID_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure: production, maxAge: DEVICE_ID_MAX_AGE_S });
}

/** The browser's device id, made and sent now if it has none. */
export function ensureDeviceId(reply: FastifyReply, cookie: string | undefined, production: boolean): string {
  const { id, isNew } = deviceIdOf(cookie);
  if (isNew) sendDeviceId(reply, id, production);
  return id;
}

/** Remembers the followed link's code for 30 days (the last link followed wins). */
export function setReferralCookie(reply: FastifyReply, code: string, production: boolean): void {
  reply.setCookie(REFERRAL_COOKIE, code, { path: '/', httpOnly: true, sameSite: 'lax', secure: production, maxAge: REFERRAL_COOKIE_DAYS * 86_400 });
}
