import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { catalogChunks, landingChunks, writePrerenderedLanding, type BuiltChunk } from './scripts/prerender-landing.ts';

const API_TARGET = 'http://localhost:5000';
const ROOT = path.dirname(fileURLToPath(import.meta.url));
// The prerender bundle is a build tool, not part of the product: removed once it has run.
const PRERENDER_DIR = path.join(ROOT, 'dist/prerender');
const PRERENDER_ENTRY = 'src/client/prerender.tsx';
const LANDING_MODULE = path.join(ROOT, 'src/client/features/landing/pages/landing-page.tsx');

function builtChunks(output: unknown): BuiltChunk[] {
  const outputs = (Array.isArray(output) ? output : [output]) as { output?: Array<BuiltChunk | { type: 'asset' }> }[];
  return outputs.flatMap((o) => o.output ?? []).filter((item): item is BuiltChunk => item.type === 'chunk');
}

/**
 * Lingui's Babel preset. Its native transform (`macroTransform`) would need a binary that npm skips
 * under the machine's Node 20 (its engines ask for 22.19), so Babel it is, and its advice is quiet.
 */
function linguiMacros() {
  process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= '1';
  return linguiTransformerBabelPreset();
}

export default defineConfig({
  // Lingui's macros (the texts, docs/decisions/024-languages.md) through Babel, only in files that
  // import them; the catalogs (.po) compiled when the pages import them.
  // The built scripts, styles and pictures also as .gz and .br beside them, compressed once at their
  // best (the plugin's own algorithms and levels: gzip 9, brotli 11), which the server sends as they are (src/server/pages.ts, preCompressed):
  // no asset is compressed again on each request (docs/decisions/039-precompressed-assets.md).
  plugins: [
    babel({ presets: [linguiMacros()] }),
    react(),
    lingui(),
    tailwindcss(),
    compression({
      include: /\.(js|css|svg|json)$/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  define: {
    // The prerendered footer's year; the browser swaps in today's after hydration.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // The icons of the landing page's first JavaScript (its header, hero and cards) in one chunk
    // rather than a chunk each: eleven tiny files cost about 1.2 kB of its 120 kB budget in
    // wrappers alone (test/budget). A page that uses one of them loads this chunk too, a few
    // hundred bytes. An icon missing from the list only costs its own tiny chunk again.
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            {
              name: 'landing-icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/](arrow-right|badge-check|coins|download|file-text|gift|layout-dashboard|send|shield-check|trophy|user-plus|users|wallet)\.mjs|createLucideIcon|Icon|defaultAttributes|shared)/,
            },
          ],
        },
      },
    },
  },
  environments: {
    // `vite build` builds the pages, then this bundle, which renders "/" to HTML (scripts/prerender-landing.ts).
    ssr: {
      build: { outDir: PRERENDER_DIR, emptyOutDir: true, copyPublicDir: false, ssr: PRERENDER_ENTRY },
    },
  },
  builder: {
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (!client || !ssr) throw new Error('vite.config.ts: the client and ssr environments are both needed');
      const output = await builder.build(client);
      await builder.build(ssr);
      await writePrerenderedLanding({
        clientDir: path.resolve(ROOT, client.config.build.outDir),
        serverEntry: path.join(PRERENDER_DIR, 'prerender.js'),
        preload: landingChunks(builtChunks(output), LANDING_MODULE),
        catalogs: catalogChunks(builtChunks(output), (locale) => path.join(ROOT, `src/locales/${locale}/public.po`)),
      });
    },
  },
  server: {
    port: 5173,
    // Keep the browser's Host, so the API's same-origin check sees the page's own origin.
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/healthz': { target: API_TARGET, changeOrigin: false },
      '/readyz': { target: API_TARGET, changeOrigin: false },
    },
  },
});
