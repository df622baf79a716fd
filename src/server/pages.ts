/**
 * The built React pages: hashed assets cached for a year, index.html never. A page path the
 * client's router knows (src/shared/pages.ts) answers 200, any other 404 with the same app,
 * which draws its not-found page.
 *
 * Each page comes in the visitor's language (DECISIONS §6 Languages): the language menu's cookie,
 * else Accept-Language, else English, in `<html lang>`, which the client reads to load its texts;
 * "/" is the landing page prerendered in that language. A signed-in person's saved language is
 * in the cookie too (the client sets it), so a page needs no session lookup.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, LOCALES, pickLocale, type Locale } from '../shared/locales.ts';
import { matchPage } from '../shared/pages.ts';
import type { AppContext } from './context.ts';

export function registerPages(app: FastifyInstance, ctx: AppContext, clientDir: string): void {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'ROUTE_NOT_FOUND' }),
    );
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain').send('The API is running. Build the pages with `npm run build` (npm start does it for you).'),
    );
    return;
  }
  const inLanguage = (html: string, locale: Locale) => html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  const perLanguage = (html: (locale: Locale) => string) => Object.fromEntries(LOCALES.map((l) => [l, html(l)])) as Record<Locale, string>;
  const shell = readFileSync(indexFile, 'utf8');
  const indexHtml = perLanguage((l) => inLanguage(shell, l));
  const restrictedHtml = perLanguage((l) =>
    inLanguage(shell.replace('<meta name="app-page" content="" />', '<meta name="app-page" content="super-admin-login" />'), l),
  );
  // "/" gets the landing page prerendered by the build in each language (scripts/prerender-landing.ts);
  // every other page path the empty app below, so none flashes the landing page. A build without
  // it: the empty app.
  const landingHtml = perLanguage((l) => {
    const file = path.join(clientDir, `landing.${l}.html`);
    return existsSync(file) ? readFileSync(file, 'utf8') : indexHtml[l];
  });
  // Pages are not API routes: their cookies are not parsed for them (app.ts), so the one wanted is read here.
  const languageOf = (request: FastifyRequest): Locale =>
    pickLocale(null, request.headers.cookie ? app.parseCookie(request.headers.cookie)[LOCALE_COOKIE] : null, request.headers['accept-language']);
  const page = (reply: FastifyReply, html: Record<Locale, string>, request: FastifyRequest) =>
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie').type('text/html').send(html[languageOf(request)]);
  void app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    allowedPath: (pathname) => !/^\/landing\.[^/]*html$/.test(pathname),
    // The build's .br and .gz beside each script, style and picture (vite.config.ts): sent as they are
    // to a browser that takes them, with Vary: Accept-Encoding; @fastify/compress leaves an answer that
    // already has its Content-Encoding alone.
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  // A route of its own, so that @fastify/compress (which works per route) compresses it. A page, not
  // an API route: no access level, so it stays out of the API's route table.
  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    page(reply, ctx.config.superAdminLoginPath === '/' ? restrictedHtml : landingHtml, request),
  );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || pathname.startsWith('/api/') || pathname === '/api' || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found`, code: 'ROUTE_NOT_FOUND' });
    }
    if (pathname === ctx.config.superAdminLoginPath) return page(reply, restrictedHtml, request);
    // The app shows its own not-found page for a path its router does not know; the status says so too.
    return page(reply.code(matchPage(pathname) ? 200 : 404), indexHtml, request);
  });
}
