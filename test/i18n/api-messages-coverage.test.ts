/**
 * Every message the API can answer with has a code, and is said in every language (issue 40, item
 * 6; DECISIONS §7 Errors and texts on the wire). The client says a refusal from its code
 * (src/client/i18n/api-messages.ts): a sentence without a code in src/shared/error-codes.ts, or a
 * code the client does not know, reaches a Spanish page in English. This walks every message of
 * src/shared/schemas (each schema's own messages, at any depth, and the exported message sets), the
 * server's message sets and the refusals the server writes in place, and checks that each sentence
 * without values has its code, that the client says every code, and that every language's catalog
 * translates it. The few that only a hand-written request can meet are listed, with why.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_TEXTS, translatedRefusal, valueRefusalDescriptor } from '../../src/client/i18n/api-messages.ts';
import { codeOfText, ERROR_TEXTS, isValueCode, VALUE_TEMPLATES, VALUE_TEXTS, valueDescriptor, valueMessage, type ValueCode } from '../../src/shared/error-codes.ts';
import type { Messages } from '@lingui/core';
import { i18n } from '../../src/client/i18n/i18n.ts';
import { LOCALES } from '../../src/shared/locales.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Messages of requests the client never makes: query parameters and bodies it builds itself, and the transport's own refusals. */
const NOT_SHOWN = new Set([
  // Query strings and bodies of the client's own making (lists, exports, the log, notifications, settings).
  'flagged must be true or false',
  'limit must be a number',
  'limit must be a whole number',
  'limit must be at least 1',
  'limit must be at most 500',
  'limit must be at most 100',
  'limit must be at most 1000',
  'offset must be a number',
  'offset must be a whole number',
  'offset must not be negative',
  'offset is too large',
  'cursor is too long',
  'cursor is not valid for this list',
  'Use either offset or cursor, not both',
  'search must be at most 200 characters',
  'outcome must be upheld or overturned',
  'status must be pending, upheld or overturned',
  'Send {"ids": [...]} or {"all": true}',
  'ids are notification ids',
  'after is the seq of an entry already read: a whole number from 0',
  'limit is a whole number from 1 to 500',
  'Status must be approved or rejected',
  'Badge level must be normal, bronze, silver, gold or auto',
  'Status must be active or suspended',
  'Email notifications must be on or off',
  'Telegram notifications must be on or off',
  'format must be safe or plain',
  'ids must be up to 100 withdrawal ids separated by commas',
  'walletProof must be verified, exchange or none',
  'reportSubmissionEnabled must be true or false',
  'Send at least one setting to change',
  'Facts must be text',
  'Admin notes must be text',
  'locale must be one of en, es, pt-BR, tr, id',
  // Referrals: the rule form's choice is a select, the admins' list asks for held ones, and no page sends a referralCode
  // (the apply page's POST carries the ref cookie, which the server reads itself).
  'qualify must be one of: approved, first_report',
  'referral is {qualify, gcm, usdt, monthlyCap}',
  'status must be one of applied, not_approved, credited, held, refused, not_credited',
  'referralCode is not a referral code',
  'No ambassador has this referral code',
  'status must be one of pending, approved, rejected, all',
  // Linked accounts: the provider is in the path the page builds, and the hash is the Telegram widget's own.
  'provider must be telegram, discord, x or wallet',
  'hash must be 64 hexadecimal digits',
  // Tasks: choices and query strings of the client's own making.
  'kind must be telegram_member, discord_member, x_post, bsc_transfer or manual',
  'period must be once, weekly or monthly',
  'startsAt must be an ISO 8601 date-time',
  'endsAt must be an ISO 8601 date-time',
  'active must be true or false',
  'status must be credited, refused or pending_review',
  'Note must be text',
  // The transport: a request no page sends.
  'Idempotency-Key must be 1 to 200 visible ASCII characters',
  'A request with this Idempotency-Key is still being processed',
  'This Idempotency-Key was already used for a different request',
  'Text must not contain NUL characters',
  'The request has no Host header',
  'Malformed JSON in request body',
  'This server does not answer for that host name',
  'Cross-site request refused',
  'Super admin login is not configured on this server',
  'Request body is empty; send a JSON object',
  'A valid bearer token (METRICS_TOKEN) is required',
  // Integrations (DECISIONS §7): an API key's refusals reach an integration, never a page (no page sends a key);
  // the console's webhook toggle always sends `enabled` as a boolean.
  'The API key is unknown or revoked',
  'This API key does not have the scope this request needs',
  'enabled must be true or false',
  'Nothing to change: send events or enabled',
  // The Telegram bot's webhook (DECISIONS §7): Telegram's servers read these, never a page.
  'The Telegram bot is not set up on this server',
  'This request did not come from Telegram',
  // GET /api/public/anchor: read by the verifiers (npm run verify-draw --rpc), never by a page.
  'The public log is not anchored on chain on this server',
  'Could not reach the BSC node to read the chain id; try again shortly',
  // RFC 8058's one-click POST: a mail provider sends it, no page shows its answer.
  'Malformed multipart/form-data body',
  // The transport's limits: no page sends a body that large, another content type or such an address.
  'Request body is too large',
  'Unsupported content type; send JSON',
  'The address is not a valid URL',
  'The address is too long',
  // The live updates' refusals: an EventSource never reads an answer's body.
  'Too many live updates are open from your network. Close some tabs and try again.',
  'The live updates are busy right now. Please try again in a moment.',
]);

/** The messages a zod schema carries, at any depth (each check's, each type's, each refinement's). */
function schemaMessages(schema: unknown, into: Set<string>, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return;
  const say = (error: unknown) => {
    if (typeof error !== 'function') return;
    const said: unknown = (error as (issue: object) => unknown)({ code: 'custom', input: undefined });
    if (typeof said === 'string' && said) into.add(said);
  };
  say(def.error);
  for (const check of (def.checks as unknown[] | undefined) ?? []) say((check as { _zod?: { def?: { error?: unknown } } })._zod?.def?.error);
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && value && typeof value === 'object') for (const field of Object.values(value)) schemaMessages(field, into, seen);
    else if (Array.isArray(value)) for (const item of value) schemaMessages(item, into, seen);
    else if (value && typeof value === 'object' && '_zod' in value) schemaMessages(value, into, seen);
  }
}

/** A message set's texts; a message with values is written with sample values, as the server would. */
function setMessages(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (typeof value === 'function') {
    const sample = ['2026-12-08T14:05:00.000Z', '48', '0xabc', 'req-1'];
    const args = Array.from({ length: (value as (...a: unknown[]) => unknown).length }, (_, i) => sample[i % sample.length]);
    let said: unknown;
    try {
      said = (value as (...a: unknown[]) => unknown)(...args);
    } catch {
      // A list of values (ids): one, as a list.
      said = (value as (...a: unknown[]) => unknown)(...args.map((arg) => [arg]));
    }
    if (typeof said === 'string') into.add(said);
  } else if (value && typeof value === 'object' && !('_zod' in value)) for (const item of Object.values(value)) setMessages(item, into);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

async function allMessages(): Promise<Set<string>> {
  const found = new Set<string>();
  // Every module of the shared schemas: its schemas and its message sets.
  for (const file of filesUnder(path.join(ROOT, 'src/shared/schemas'))) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && '_zod' in value) schemaMessages(value, found);
      else if (/MESSAGES?(_SHARED)?$|REFUSALS$/.test(name)) setMessages(value, found);
    }
  }
  // The messages the server names once and those it writes in place.
  const { BEP20_ADDRESS_MESSAGE } = await import('../../src/shared/wallet.ts');
  const { PAYOUT_MESSAGES } = await import('../../src/server/features/wallet/payouts.ts');
  const { CHAIN_MESSAGES } = await import('../../src/server/features/wallet/chain.ts');
  const { STREAM_LIMIT_MESSAGES } = await import('../../src/server/stream-limits.ts');
  const { BUSY_MESSAGE } = await import('../../src/server/auth/passwords.ts');
  // CHAIN_MESSAGES.withdrawals is a part of a message (the withdrawals a transaction does not pay), not one.
  setMessages([BEP20_ADDRESS_MESSAGE, PAYOUT_MESSAGES, { ...CHAIN_MESSAGES, withdrawals: undefined }, STREAM_LIMIT_MESSAGES, BUSY_MESSAGE], found);
  const inPlace =
    /\b(?:badRequest|conflict|forbidden|notFound|unauthorized|rateLimited|unavailable)\(\s*'((?:[^'\\]|\\.)+)'|new AppError\(\s*'[A-Z_]+',\s*'((?:[^'\\]|\\.)+)'/g;
  for (const file of filesUnder(path.join(ROOT, 'src/server'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(inPlace)) found.add((match[1] ?? match[2] ?? '').replace(/\\'/g, "'"));
  }
  // The table of codes itself (src/shared/error-codes.ts): the transport's refusals are written there.
  for (const text of Object.values(ERROR_TEXTS)) found.add(text);
  // The errors' defaults (errors.ts).
  const errors = await import('../../src/server/errors.ts');
  for (const make of [errors.unauthorized, errors.forbidden, errors.notFound, errors.rateLimited]) found.add((make as () => Error)().message);
  return found;
}

/** A sentence with values, written by a shared function with sample values, is one of the shared templates filled (VALUE_TEXTS): its thrower names its code. */
const FILLED_TEMPLATES = VALUE_TEMPLATES.map((template) => new RegExp(`^${template.replace(/[.*+?^$()[\]\\|]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`));
const isFilledTemplate = (message: string) => FILLED_TEMPLATES.some((pattern) => pattern.test(message));

/** The values that are times and months, as the API sends them. */
const SENT_VALUES: Readonly<Record<string, string>> = {
  from: '2026-12-08T14:05:00.000Z',
  deadline: '2026-12-08T14:05:00.000Z',
  at: '2026-12-08T14:05:00.000Z',
  month: '2026-12',
  cutOver: '2026-11',
};

/** Every code with values, with values for each of its sentences (a template's `{names}`; the two whose values choose the sentence, each way). */
const VALUE_SAMPLES: { code: ValueCode; values: Record<string, string> }[] = [
  ...(Object.entries(VALUE_TEXTS) as [ValueCode, unknown][]).flatMap(([code, text]) =>
    typeof text === 'string' ? [{ code, values: Object.fromEntries([...text.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => [name, `v-${name}`])) }] : [],
  ),
  { code: 'LINK_TAKEN', values: {} },
  { code: 'LINK_TAKEN', values: { from: '2026-12-08T14:05:00.000Z' } },
  ...['telegram_member', 'discord_member', 'bsc_transfer'].map((kind) => ({ code: 'TASK_SERVICE_NOT_CONFIGURED' as const, values: { kind } })),
];

describe('every message the API can answer with, in every language', () => {
  it('has a code, which the client says', async () => {
    const messages = await allMessages();
    expect(messages.size).toBeGreaterThan(150);
    const uncoded = [...messages].filter((m) => !NOT_SHOWN.has(m) && !isFilledTemplate(m) && !codeOfText(m)).sort();
    expect(uncoded).toEqual([]);
    const shown = Object.entries(ERROR_TEXTS).filter(([, text]) => !NOT_SHOWN.has(text) && text !== ERROR_TEXTS.INTERNAL_ERROR);
    expect(shown.filter(([code]) => !API_TEXTS.has(code) && !isValueCode(code)).map(([code]) => code)).toEqual([]);
    expect(VALUE_SAMPLES.filter(({ code, values }) => !valueRefusalDescriptor(code, values)).map(({ code }) => code)).toEqual([]);
  });

  it('lists only messages the API still has among those it does not translate', async () => {
    const messages = await allMessages();
    expect([...NOT_SHOWN].filter((m) => !messages.has(m))).toEqual([]);
  });

  it('is said by the client from the template the server wrote it from, with every value it names (VALUE_TEXTS)', async () => {
    // Times and months as the API sends them (the client says them in the page's language), other values as themselves.
    const asSent = (values: Record<string, string>) =>
      Object.fromEntries(Object.keys(values).map((name) => [name, SENT_VALUES[name] ?? values[name] ?? '']));
    const source = 'en';
    const { messages: catalog } = (await import(`../../src/locales/${source}/app.po`)) as { messages: Messages };
    const english = new Set<string>();
    try {
      i18n.loadAndActivate({ locale: 'en', messages: catalog });
      for (const { code, values: sample } of VALUE_SAMPLES) {
        const values = asSent(sample);
        const server = valueMessage(code, values);
        const descriptor = valueRefusalDescriptor(code, values);
        // The server's English is the template the client translates by, filled as Lingui fills it.
        expect(i18n._({ id: descriptor?.id ?? '', values: valueDescriptor(code, values)?.values })).toBe(server);
        const said = translatedRefusal({ code, values, message: 'not said from its code' });
        expect(said).not.toBe('not said from its code');
        expect(said).not.toMatch(/[{}]/);
        // A time or a month is said in the page's language; every other value as the server sent it.
        if (Object.keys(values).some((name) => name in SENT_VALUES)) expect(said).not.toMatch(/T14:05|2026-1\d\b/);
        else expect(said).toBe(server);
        english.add(server);
      }
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
    expect(english.size).toBe(VALUE_TEMPLATES.length);
  });

  it('has a translation in every language', async () => {
    const refusals = [
      ...[...API_TEXTS.keys()].map((code) => ({ code, message: ERROR_TEXTS[code as keyof typeof ERROR_TEXTS] ?? code })),
      ...VALUE_SAMPLES.map(({ code, values }) => ({ code, values, message: valueMessage(code, values) })),
      { code: 'WITH_REFERENCE', values: { sentence: 'v-sentence', reference: 'v-reference' }, message: '' },
    ];
    const key = (r: { code: string; message: string }) => `${r.code}: ${r.message}`;
    const english = new Map(refusals.map((r) => [key(r), translatedRefusal(r)]));
    const missing: string[] = [];
    try {
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        // The catalogs a page has once it shows the app: `public` (the client's own two failures, lib/api.ts) and `app`.
        for (const name of ['public', 'app']) {
          const { messages: catalog } = (await import(`../../src/locales/${locale}/${name}.po`)) as { messages: Messages };
          // Added to what the language has (load), not in its place: the worker's next files may read its other catalogs.
          i18n.load(locale, catalog);
        }
        i18n.activate(locale);
        for (const refusal of refusals) if (translatedRefusal(refusal) === english.get(key(refusal))) missing.push(`${locale}: ${key(refusal)}`);
      }
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
    expect(missing).toEqual([]);
  });
});
