/**
 * Referrals in tests (DECISIONS §7): following a link as a browser would, applying from a chosen
 * network address and browser, and an applicant made an ambassador (the factories' way, with those).
 */
import { expect } from 'vitest';
import type { LogEntry } from '../../src/shared/public-log.ts';
import type { WholeLog } from '../../src/shared/verify-log.ts';
import { ApiClient, type ApiResponse } from './client.ts';
import { uniqueEmail, validApplication, type CreatedAmbassador } from './factories.ts';
import type { TestServer } from './server.ts';
import { SETUP_LINK } from './smtp.ts';

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let seq = 0;
/** A network address of its own for each call: only what a test sets up is shared. */
export function freshIp(): string {
  seq += 1;
  return `10.${40 + (seq >> 16)}.${(seq >> 8) & 255}.${seq & 255}`;
}

export interface Followed {
  status: number;
  location: string | undefined;
  /** name -> the Set-Cookie header that set it. */
  setCookies: Map<string, string>;
  cookie(name: string): string | undefined;
}

/** GET a link as a browser (a user agent, the cookies given, from `ip`), without following the redirect. */
export async function follow(server: TestServer, url: string, options: { cookie?: string; ip?: string; userAgent?: string | null } = {}): Promise<Followed> {
  const response = await server.app.inject({
    method: 'GET',
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.userAgent === null ? {} : { 'user-agent': options.userAgent ?? BROWSER_UA }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const setCookies = new Map(lines.map((line) => [line.split('=')[0] ?? '', line]));
  return {
    status: response.statusCode,
    location: response.headers.location as string | undefined,
    setCookies,
    cookie: (name) => response.cookies.find((c) => c.name === name)?.value,
  };
}

/** POST /api/applications from `ip`, with the cookies given. */
export function apply(
  server: TestServer,
  overrides: Record<string, unknown>,
  options: { ip?: string; cookie?: string } = {},
): Promise<ApiResponse<{ id: string; status: string }>> {
  return new ApiClient(server, { ip: options.ip ?? freshIp() }).post(
    '/api/applications',
    validApplication(overrides),
    options.cookie ? { cookie: options.cookie } : {},
  );
}

export interface Joined extends CreatedAmbassador {
  applicationId: string;
}

/** Applies (from `ip`, with the cookies and fields given), is approved by `admin`, sets a password and signs in. */
export async function join(
  server: TestServer,
  admin: ApiClient,
  options: { ip?: string; cookie?: string; fields?: Record<string, unknown> } = {},
): Promise<Joined> {
  const email = typeof options.fields?.email === 'string' ? options.fields.email : uniqueEmail('ref');
  const fullName = typeof options.fields?.fullName === 'string' ? options.fields.fullName : `Referee ${email.split('@')[0]}`;
  // The person applies and signs in from one address (their sign-ins count for the referral holds).
  const ip = options.ip ?? freshIp();
  const applied = await apply(server, { ...options.fields, email, fullName }, { ...options, ip });
  expect(applied.status, applied.text).toBe(201);
  const seen = server.mail.messages.length;
  const approved = await admin.post(`/api/admin/applications/${applied.body.id}/approve`);
  expect(approved.status, approved.text).toBe(200);
  await server.flushEmail();
  const token = server.mail.setupToken(await server.mail.waitFor(email, { after: seen, containing: SETUP_LINK }));
  const setup = await new ApiClient(server).post(`/api/setup-password/${token}`, { password: 'Passw0rd!' });
  expect(setup.status, setup.text).toBe(200);
  const client = await new ApiClient(server, { ip }).login(email, 'Passw0rd!');
  return { client, email, password: 'Passw0rd!', fullName, ambassadorId: String(approved.body.ambassadorId), applicationId: applied.body.id };
}

/** The whole public log, as a verifier reads it. */
export async function wholeLog(server: TestServer): Promise<WholeLog> {
  const entries: LogEntry[] = [];
  for (;;) {
    const page = (await new ApiClient(server).get(`/api/public/log?after=${entries.at(-1)?.seq ?? 0}&limit=500`)).body as WholeLog;
    entries.push(...page.entries);
    if (page.entries.length < 500) return { entries, head: page.head };
  }
}
