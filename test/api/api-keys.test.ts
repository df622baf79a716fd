/**
 * Scoped API keys (DECISIONS §7, Webhooks and API keys; issue 45): the super admin makes a key and
 * sees it once; the database keeps its SHA-256; `Authorization: Bearer amb_…` reads exactly the
 * admin lists its scopes name (403 SCOPE_MISSING elsewhere, writes and the super admin's routes
 * included), needs no Origin, marks the key used; a revoked or unknown key is 401; creation and
 * revocation are in the activity log; the key never reaches the log.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiKeys } from '../../src/server/db/schema.ts';
import { API_KEY_PATTERN, API_SCOPES, type ApiScope } from '../../src/shared/schemas/integrations.ts';
import { ApiClient, type ApiResponse } from '../helpers/client.ts';
import { createAdmin, uniqueEmail, validApplication } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';

/** The admin list each scope opens. */
const LISTS: Record<ApiScope, string> = {
  'read:applications': '/api/admin/applications',
  'read:reports': '/api/admin/reports',
  'read:withdrawals': '/api/admin/withdrawal-requests',
  'read:ambassadors': '/api/admin/ambassadors',
  'read:tasks': '/api/admin/tasks',
};

const logLines: string[] = [];

describeEachDatabase('API keys (%s)', { logStream: { write: (line: string) => void logLines.push(line) } }, ({ server, superAdmin }) => {
  /** A caller with no session and no Origin: only the key. */
  let keyCaller: ApiClient;
  const withKey = (key: string, method: string, url: string, body?: unknown): Promise<ApiResponse<any>> =>
    keyCaller.request(method, url, body, { authorization: `Bearer ${key}` });

  async function makeKey(name: string, scopes: string[]): Promise<{ id: string; key: string; prefix: string }> {
    const made = await superAdmin.post('/api/admin/api-keys', { name, scopes });
    expect(made.status, made.text).toBe(201);
    return made.body;
  }

  beforeAll(() => {
    keyCaller = new ApiClient(server, { origin: null });
  });

  it('is shown once, stored as its SHA-256, listed without it, and its making is in the activity log', async () => {
    const made = await superAdmin.post('/api/admin/api-keys', { name: 'CRM sync', scopes: ['read:applications', 'read:applications', 'read:reports'] });
    expect(made.status).toBe(201);
    expect(made.body.key).toMatch(API_KEY_PATTERN);
    expect(made.body).toMatchObject({ name: 'CRM sync', scopes: ['read:applications', 'read:reports'], lastUsedAt: null, prefix: made.body.key.slice(0, 12) });

    const row = (await server.db.select().from(apiKeys).where(eq(apiKeys.id, made.body.id)))[0];
    expect(row?.keyHash).toBe(createHash('sha256').update(made.body.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.body.key.slice(12));

    const listed = await superAdmin.get('/api/admin/api-keys');
    expect(listed.status).toBe(200);
    const item = listed.body.find((k: { id: string }) => k.id === made.body.id);
    expect(item).toEqual({
      id: made.body.id,
      name: 'CRM sync',
      prefix: made.body.prefix,
      scopes: ['read:applications', 'read:reports'],
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(listed.text).not.toContain(made.body.key);

    const log = await superAdmin.get('/api/super-admin/actions?action=create_api_key');
    const entry = log.body.find((a: { targetId: string }) => a.targetId === made.body.id);
    expect(entry).toMatchObject({ action: 'create_api_key', targetType: 'api_key', adminEmail: expect.any(String) });
    expect(entry.details).toContain('CRM sync');
    expect(log.text).not.toContain(made.body.key);
  });

  it('reads exactly the admin lists its scope names, without an Origin, and shows when it was last used', async () => {
    for (const scope of API_SCOPES) {
      const { key, id } = await makeKey(`only ${scope}`, [scope]);
      const before = server.clock.real().getTime();
      for (const [listScope, url] of Object.entries(LISTS)) {
        const answer = await withKey(key, 'GET', url);
        if (listScope === scope) {
          expect(answer.status, `${scope} on ${url}: ${answer.text}`).toBe(200);
          expect(answer.headers['x-total-count']).toEqual(expect.any(String));
        } else {
          expect(answer.status, `${scope} on ${url}`).toBe(403);
          expect(answer.body).toMatchObject({ code: 'SCOPE_MISSING', values: { scope: listScope } });
        }
      }
      const listed = (await superAdmin.get('/api/admin/api-keys')).body.find((k: { id: string }) => k.id === id);
      expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(before);
      // Written at most once a minute: a use a minute later moves it.
      server.clock.advance(61_000);
      const later = server.clock.real().getTime();
      await withKey(key, 'GET', LISTS[scope] ?? '/api/admin/applications');
      const again = (await superAdmin.get('/api/admin/api-keys')).body.find((k: { id: string }) => k.id === id);
      expect(Date.parse(again.lastUsedAt)).toBeGreaterThan(later);
    }
  });

  it('shows what the session shows on a list it may read', async () => {
    const email = uniqueEmail('keyed');
    expect((await new ApiClient(server).post('/api/applications', validApplication({ email }))).status).toBe(201);
    const { key } = await makeKey('applications reader', ['read:applications']);
    const url = `/api/admin/applications?search=${encodeURIComponent(email)}`;
    const byKey = await withKey(key, 'GET', url);
    const bySession = await superAdmin.get(url);
    expect(byKey.status).toBe(200);
    expect(byKey.body).toHaveLength(1);
    expect(byKey.body).toEqual(bySession.body);
  });

  it('never writes, never reaches the super admin’s routes nor an ambassador’s', async () => {
    const email = uniqueEmail('nowrite');
    const applied = await new ApiClient(server).post('/api/applications', validApplication({ email }));
    const { key } = await makeKey('every scope', [...API_SCOPES]);
    for (const [method, url, body] of [
      ['POST', `/api/admin/applications/${applied.body.id}/approve`, undefined],
      ['POST', `/api/admin/applications/${applied.body.id}/reject`, { reasonCode: 'other' }],
      ['PATCH', '/api/super-admin/settings', {}],
      ['POST', '/api/admin/api-keys', { name: 'escalate', scopes: ['read:reports'] }],
      ['GET', '/api/admin/api-keys', undefined],
      ['GET', '/api/super-admin/actions', undefined],
      ['GET', '/api/super-admin/admins', undefined],
      ['GET', '/api/admin/summary', undefined],
      ['GET', '/api/user', undefined],
      ['GET', '/api/reports', undefined],
    ] as const) {
      const answer = await withKey(key, method, url, body);
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(403);
      expect(answer.body.code).toBe('SCOPE_MISSING');
    }
    // With the Origin and the super admin's own cookie beside it, the key still decides: no write.
    const both = await superAdmin.request('POST', `/api/admin/applications/${applied.body.id}/approve`, undefined, { authorization: `Bearer ${key}` });
    expect(both.status).toBe(403);
    const still = await superAdmin.get(`/api/admin/applications?status=pending&search=${encodeURIComponent(email)}`);
    expect(still.body).toHaveLength(1);
    expect(await superAdmin.get('/api/admin/api-keys').then((r) => r.body.some((k: { name: string }) => k.name === 'escalate'))).toBe(false);
  });

  it('is 401 when unknown, malformed or revoked; a revocation takes effect at once and is in the activity log', async () => {
    for (const bad of [`amb_${'A'.repeat(43)}`, 'amb_short', 'not-a-key', '']) {
      const answer = await withKey(bad, 'GET', '/api/admin/applications');
      expect(answer.status, bad).toBe(401);
      expect(answer.body.code).toBe('API_KEY_INVALID');
    }
    const { key, id, prefix } = await makeKey('to revoke', ['read:applications']);
    // The same prefix with another secret is not the key.
    const forged = `${prefix}${'x'.repeat(47 - prefix.length)}`;
    expect((await withKey(forged, 'GET', '/api/admin/applications')).status).toBe(401);
    expect((await withKey(key, 'GET', '/api/admin/applications')).status).toBe(200);

    const revoked = await superAdmin.delete(`/api/admin/api-keys/${id}`);
    expect(revoked.status).toBe(200);
    const after = await withKey(key, 'GET', '/api/admin/applications');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('API_KEY_INVALID');
    expect((await superAdmin.get('/api/admin/api-keys')).body.some((k: { id: string }) => k.id === id)).toBe(false);
    expect((await superAdmin.delete(`/api/admin/api-keys/${id}`)).status).toBe(404);
    expect((await superAdmin.delete('/api/admin/api-keys/not-a-uuid')).status).toBe(404);

    const log = await superAdmin.get('/api/super-admin/actions?action=revoke_api_key');
    expect(log.body.find((a: { targetId: string }) => a.targetId === id)).toMatchObject({ action: 'revoke_api_key', targetType: 'api_key' });
  });

  it('refuses bad input with the field and stores nothing', async () => {
    const before = (await superAdmin.get('/api/admin/api-keys')).body.length;
    for (const [body, field] of [
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['write:everything'] }, 'scopes.0'],
      [{ name: '   ', scopes: ['read:reports'] }, 'name'],
      [{ scopes: ['read:reports'] }, 'name'],
    ] as const) {
      const answer = await superAdmin.post('/api/admin/api-keys', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await superAdmin.get('/api/admin/api-keys')).body.length).toBe(before);
  });

  it('is the super admin’s alone to make, list and revoke', async () => {
    const admin = await createAdmin(server, { superAdmin });
    expect((await admin.client.post('/api/admin/api-keys', { name: 'mine', scopes: ['read:reports'] })).status).toBe(403);
    expect((await admin.client.get('/api/admin/api-keys')).status).toBe(403);
  });

  it('never writes a key to the log', () => {
    const text = logLines.join('\n');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/amb_[A-Za-z0-9_-]{43}/);
  });
});
