/**
 * Hardening: profile links follow the application form's platform rule wherever they are written
 * (own profile, admin edit), and an unknown page answers 404 with the app's not-found screen.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES } from '../../src/shared/pages.ts';
import { PLATFORM_INFO } from '../../src/shared/platforms.ts';
import { buildApp } from '../../src/server/app.ts';
import { adminActions, ambassadors } from '../../src/server/db/schema.ts';
import { ApiClient } from '../helpers/client.ts';
import { createAmbassador, validApplication, type CreatedAmbassador } from '../helpers/factories.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { WALLET_A } from '../helpers/wallets.ts';

const FORGED: Array<[field: string, value: string, message: string]> = [
  ['twitterHandle', 'https://evil.example/login', PLATFORM_INFO.twitter.urlMessage],
  ['telegramHandle', 'javascript:alert(1)', PLATFORM_INFO.telegram.urlMessage],
  ['instagramHandle', 'https://instagram.com.evil.example/jane', PLATFORM_INFO.instagram.urlMessage],
  ['facebookHandle', 'https://facebook.com@evil.example/page', PLATFORM_INFO.facebook.urlMessage],
  ['youtubeHandle', 'data:text/html,<script>alert(1)</script>', PLATFORM_INFO.youtube.urlMessage],
  ['twitterHandle', 'https://t.me/not-twitter', PLATFORM_INFO.twitter.urlMessage],
  // Spec §5: a valid profile URL, so an admin always has a link to open; a bare username names none for certain.
  ['twitterHandle', 'mariasantos', PLATFORM_INFO.twitter.urlMessage],
  ['twitterHandle', '@mariasantos', PLATFORM_INFO.twitter.urlMessage],
  ['instagramHandle', '@maria.santos', PLATFORM_INFO.instagram.urlMessage],
  ['facebookHandle', 'mariapage', PLATFORM_INFO.facebook.urlMessage],
];

describeEachDatabase('profile links on %s', ({ server, superAdmin: admin }) => {
  let ambassador: CreatedAmbassador;

  beforeAll(async () => {
    ambassador = await createAmbassador(server, { admin });
  });

  async function storedRow() {
    const rows = await server.db.select().from(ambassadors).where(eq(ambassadors.id, ambassador.ambassadorId));
    const row = rows[0];
    if (!row) throw new Error('the ambassador row is gone');
    return row;
  }

  async function actionCount(): Promise<number> {
    return (await server.db.select({ n: count() }).from(adminActions))[0]?.n ?? 0;
  }

  it.each(FORGED)('refuses %s = %s on the own profile with the application form’s message, writing nothing', async (field, value, message) => {
    const before = await storedRow();
    const wallet = WALLET_A;
    const response = await ambassador.client.patch('/api/ambassador', { [field]: value, usdtWalletAddress: wallet });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors).toContainEqual(expect.objectContaining({ path: field, message }));
    expect(await storedRow()).toEqual(before);
  });

  it.each(FORGED)('refuses %s = %s on the admin edit with the application form’s message, writing nothing', async (field, value, message) => {
    const before = await storedRow();
    const actions = await actionCount();
    const response = await admin.patch(`/api/admin/ambassadors/${ambassador.ambassadorId}`, { [field]: value, badgeLevel: 'gold' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors).toContainEqual(expect.objectContaining({ path: field, message }));
    expect(await storedRow()).toEqual(before);
    expect(await actionCount()).toBe(actions);
  });

  it('gives the application form the same answer for the same value', async () => {
    for (const [field, value, message] of FORGED) {
      const response = await new ApiClient(server).post('/api/applications', validApplication({ [field]: value }));
      expect(response.status, `${field} ${value}`).toBe(400);
      expect(response.body.errors).toContainEqual(expect.objectContaining({ path: field, message }));
    }
  });

  it('still saves profile URLs on the platform’s host (as https), and clears with null', async () => {
    const own = await ambassador.client.patch('/api/ambassador', {
      twitterHandle: 'x.com/kofi_m',
      instagramHandle: 'instagram.com/kofi.m',
      telegramHandle: 'https://t.me/kofichannel',
      facebookHandle: 'http://www.facebook.com/kofi.page',
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      twitterHandle: 'https://x.com/kofi_m',
      instagramHandle: 'https://instagram.com/kofi.m',
      telegramHandle: 'https://t.me/kofichannel',
      facebookHandle: 'https://www.facebook.com/kofi.page',
    });
    expect(await storedRow()).toMatchObject({ twitterHandle: 'https://x.com/kofi_m', instagramHandle: 'https://instagram.com/kofi.m' });

    const edited = await admin.patch(`/api/admin/ambassadors/${ambassador.ambassadorId}`, {
      twitterHandle: 'https://twitter.com/kofi',
      youtubeHandle: 'youtube.com/@kofichannel',
      facebookHandle: null,
    });
    expect(edited.status).toBe(200);
    // Fields left out of the body stay as they were.
    expect(await storedRow()).toMatchObject({
      twitterHandle: 'https://twitter.com/kofi',
      instagramHandle: 'https://instagram.com/kofi.m',
      telegramHandle: 'https://t.me/kofichannel',
      facebookHandle: null,
      youtubeHandle: 'https://youtube.com/@kofichannel',
    });
  });
});

describe('pages', () => {
  const HTML = '<!doctype html><html lang="en"><head><meta name="app-page" content="" /></head><body><div id="root"></div></body></html>';
  const LANDING = '<!doctype html><html lang="en"><head><meta name="app-page" content="" /></head><body><div id="root"><h1>Landing</h1></div></body></html>';
  const BIG_SCRIPT = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n'));
  const BIG_SCRIPT_BR = brotliCompressSync(BIG_SCRIPT);
  const BIG_SCRIPT_GZ = gzipSync(BIG_SCRIPT);
  const LANDING_ES = '<!doctype html><html lang="es"><head><meta name="app-page" content="" /></head><body><div id="root"><h1>Portada</h1></div></body></html>';
  let server: TestServer;
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'pages-'));
    writeFileSync(path.join(clientDir, 'index.html'), HTML);
    writeFileSync(path.join(clientDir, 'landing.en.html'), LANDING);
    writeFileSync(path.join(clientDir, 'landing.es.html'), LANDING_ES);
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A script as the build leaves it (vite.config.ts): itself, and its .br and .gz beside it.
    writeFileSync(path.join(clientDir, 'assets', 'page-def456.js'), BIG_SCRIPT);
    writeFileSync(path.join(clientDir, 'assets', 'page-def456.js.br'), BIG_SCRIPT_BR);
    writeFileSync(path.join(clientDir, 'assets', 'page-def456.js.gz'), BIG_SCRIPT_GZ);
    server = await startTestServer();
    app = await buildApp(server.ctx, { clientDir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => app.inject({ method, url });

  /** The page answers `status` with the app's own HTML, never cached. */
  async function expectTheApp(url: string, status: number): Promise<void> {
    const response = await get(url);
    expect(response.statusCode, url).toBe(status);
    expect(response.headers['content-type'], url).toMatch(/^text\/html/);
    expect(response.headers['cache-control'], url).toBe('no-cache');
    expect(response.body, url).toBe(HTML);
  }

  it('answers every page of the shared list 200 with the app, not cached', async () => {
    const paths = Object.values(PAGES)
      .filter((p) => p !== '/')
      .map((p) => p.replace(':token', 'a1B2c3D4e5'));
    expect(paths.length).toBeGreaterThan(5);
    for (const url of [...paths, '/apply/', '/APPLY', '/profile?tab=wallet']) {
      await expectTheApp(url, 200);
    }
  });

  it('answers an unknown page path 404 with the same app, which shows its not-found screen', async () => {
    for (const url of [
      '/this/page/does-not-exist',
      '/applyx',
      '/apply/extra',
      '/setup-password',
      '/setup-password/a/b',
      '/admin/users',
      '/restricted/',
      '/nope?x=1',
    ]) {
      await expectTheApp(url, 404);
    }
  });

  it('keeps "/", the super admin login, assets and the API as they were', async () => {
    const landing = await get('/');
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe(LANDING);
    expect(landing.headers['cache-control']).toBe('no-cache');

    const restricted = await get(server.config.superAdminLoginPath);
    expect(restricted.statusCode).toBe(200);
    expect(restricted.body).toContain('<meta name="app-page" content="super-admin-login" />');

    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missingAsset = await get('/assets/gone-123.js');
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual({ message: 'Route GET /assets/gone-123.js not found', code: 'ROUTE_NOT_FOUND' });
    expect((await get('/landing.html')).statusCode).toBe(404);
    expect((await get('/landing.es.html')).statusCode).toBe(404);

    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Route GET /api/nothing-here not found', code: 'ROUTE_NOT_FOUND' });
    const post = await get('/apply', 'POST');
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Route POST /apply not found', code: 'ROUTE_NOT_FOUND' });
  });

  it("sends an asset's .br or .gz from the build as it is, by what the browser takes, and the file itself to one that takes neither", async () => {
    const asset = (encoding: string, method: 'GET' | 'HEAD' = 'GET') =>
      app.inject({ method, url: '/assets/page-def456.js', headers: { 'accept-encoding': encoding } });
    const brotli = await asset('gzip, deflate, br, zstd');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    // The build's bytes, not compressed again (@fastify/compress leaves it alone).
    expect(brotli.rawPayload.equals(BIG_SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(brotli.rawPayload).equals(BIG_SCRIPT)).toBe(true);
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(BIG_SCRIPT_GZ)).toBe(true);

    for (const encoding of ['identity', '']) {
      const plain = await asset(encoding);
      expect(plain.statusCode, encoding).toBe(200);
      expect(plain.headers['content-encoding'], encoding).toBeUndefined();
      expect(plain.rawPayload.equals(BIG_SCRIPT), encoding).toBe(true);
    }
    const head = await asset('br', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);
  });

  it("sends each page in the visitor's language: the menu's cookie, else Accept-Language, else English (DECISIONS §6)", async () => {
    const page = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
    // "/" is the landing page prerendered in that language; a language without its file gets the English one's shell.
    expect((await page('/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' })).body).toBe(LANDING_ES);
    expect((await page('/', { 'accept-language': 'de-DE, fr;q=0.8' })).body).toBe(LANDING);
    expect((await page('/', {})).body).toBe(LANDING);
    expect((await page('/', { 'accept-language': 'es', cookie: 'locale=en' })).body).toBe(LANDING);
    expect((await page('/', { cookie: 'other=1; locale=es' })).body).toBe(LANDING_ES);
    // A cookie that names no language of the product is ignored.
    expect((await page('/', { 'accept-language': 'es', cookie: 'locale=xx' })).body).toBe(LANDING_ES);
    // Every other page: the app with <html lang> set, which the client reads to load its texts.
    const apply = await page('/apply', { 'accept-language': 'pt-PT' });
    expect(apply.body).toBe(HTML.replace('lang="en"', 'lang="pt-BR"'));
    expect(apply.headers.vary).toMatch(/Accept-Language/);
    expect(apply.headers.vary).toMatch(/Cookie/);
    expect((await page('/no/such/page', { cookie: 'locale=tr' })).body).toBe(HTML.replace('lang="en"', 'lang="tr"'));
    expect((await page(server.config.superAdminLoginPath, { cookie: 'locale=id' })).body).toContain('<html lang="id">');
  });
});
