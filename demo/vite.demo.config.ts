import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vite';
import { siteBackend } from './site-backend.js';
import { serveDocs } from './serve-docs.js';

/** Where `npm start` builds the demo (under tmp/, ignored by git) and serves it from. */
const DEMO_BUILD_DIR = 'tmp/demo-build';

/** The demo's pages: demo/index.html and the index.html of each folder beside it. */
const pages = [
  'demo/index.html',
  ...readdirSync('demo')
    .map((name) => `demo/${name}/index.html`)
    .filter((page) => existsSync(page)),
];

// The demo pages, served from the project root so that their paths (/demo/…) are the same built
// (`npm start`: what a visitor of a real site gets, Lit in production mode) and under the dev
// server (`npm run dev`: the sources imported directly, with hot reload). Both mount the demo's
// pretend site backend (sign-in and visitor tokens for the gateway: site-backend.ts) and, under
// /docs/, the documentation site once `npm run docs` built it (serve-docs.ts).
export default defineConfig({
  root: '.',
  publicDir: false,
  // Each page is its own HTML file: no single-page fallback to a root index.html that does not exist.
  appType: 'mpa',
  server: { host: '127.0.0.1', open: false },
  preview: { host: '127.0.0.1', open: false },
  // The root holds examples/ too (React, Vue, Angular apps with their own dependencies): scanned for
  // pre-bundling they made the dev server print "Failed to run dependency scan". Only the demo's pages.
  optimizeDeps: { entries: ['demo/**/*.html'] },
  build: {
    outDir: DEMO_BUILD_DIR,
    emptyOutDir: true,
    // The demo is looked at, not shipped: no size warnings, no gzip pass (a few seconds off every start).
    reportCompressedSize: false,
    chunkSizeWarningLimit: 10_000,
    rolldownOptions: {
      input: pages,
      // Its report of slow plugins on a loaded machine is noise in the terminal of every start.
      checks: { bundlerTimings: false },
    },
  },
  clearScreen: false,
  plugins: [
    {
      name: 'sportello-demo-site-backend',
      configureServer(server) {
        const handle = siteBackend();
        server.middlewares.use((req, res, next) => void handle(req, res, next));
        server.middlewares.use(serveDocs());
      },
      configurePreviewServer(server) {
        const handle = siteBackend();
        server.middlewares.use((req, res, next) => void handle(req, res, next));
        server.middlewares.use(serveDocs());
      },
    },
  ],
});
