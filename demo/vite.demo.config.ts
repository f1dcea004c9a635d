import { defineConfig } from 'vite';
import { siteBackend } from './site-backend.js';

// Serves the demo pages from the project root so they import the sources directly, plus the demo's
// pretend site backend (sign-in and visitor tokens for the gateway: site-backend.ts).
export default defineConfig({
  root: '.',
  publicDir: false,
  server: { host: '127.0.0.1', open: false },
  // The root holds examples/ too (React, Vue, Angular apps with their own dependencies): scanned for
  // pre-bundling they made `npm start` print "Failed to run dependency scan". Only the demo's pages.
  optimizeDeps: { entries: ['demo/**/*.html'] },
  clearScreen: false,
  plugins: [
    {
      name: 'sportello-demo-site-backend',
      configureServer(server) {
        const handle = siteBackend();
        server.middlewares.use((req, res, next) => void handle(req, res, next));
      },
    },
  ],
});
