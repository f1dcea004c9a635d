import { defineConfig } from 'vite';

// Serves the demo pages from the project root so they import the sources directly.
export default defineConfig({
  root: '.',
  publicDir: false,
  server: { host: '127.0.0.1', open: false },
  clearScreen: false,
});
