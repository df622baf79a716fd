/**
 * The built React pages: hashed assets cached for a year, index.html never. A page path the
 * client's router knows (src/shared/pages.ts) answers 200, any other 404 with the same app,
 * which draws its not-found page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { matchPage } from '../shared/pages.ts';
import type { AppContext } from './context.ts';

export function registerPages(app: FastifyInstance, ctx: AppContext, clientDir: string): void {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` }));
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain').send('The API is running. Build the pages with `npm run build` (npm start does it for you).'),
    );
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const restrictedHtml = indexHtml.replace('<meta name="app-page" content="" />', '<meta name="app-page" content="super-admin-login" />');
  // "/" gets the landing page prerendered by the build (scripts/prerender-landing.ts); every other
  // page path the empty app below, so none flashes the landing page. A build without it: the empty app.
  const landingFile = path.join(clientDir, 'landing.html');
  const landingHtml = existsSync(landingFile) ? readFileSync(landingFile, 'utf8') : indexHtml;
  void app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    allowedPath: (pathname) => pathname !== '/landing.html',
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  // A route of its own, so that @fastify/compress (which works per route) compresses it. A page, not
  // an API route: no access level, so it stays out of the API's route table.
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(ctx.config.superAdminLoginPath === '/' ? restrictedHtml : landingHtml),
  );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || pathname.startsWith('/api/') || pathname === '/api' || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found` });
    }
    reply.header('Cache-Control', 'no-cache').type('text/html');
    if (pathname === ctx.config.superAdminLoginPath) return reply.send(restrictedHtml);
    // The app shows its own not-found page for a path its router does not know; the status says so too.
    return reply.code(matchPage(pathname) ? 200 : 404).send(indexHtml);
  });
}
