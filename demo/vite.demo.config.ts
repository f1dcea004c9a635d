import { defineConfig } from 'vite';
import { siteBackend } from './site-backend.js';

// Serves the demo pages from the project root so they import the sources directly, plus the demo's
// pretend site backend (sign-in and visitor tokens for the gateway: site-backend.ts).
export default defineConfig({
  root: '.',
  publicDir: false,
  server: { host: '127.0.0.1', open: false },
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
