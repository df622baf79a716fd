/// <reference types="vite/client" />

/** The year of the build (vite.config.ts `define`): the prerendered landing page's copyright year. */
declare const __BUILD_YEAR__: number;
