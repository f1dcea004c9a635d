import { defineConfig } from 'vite';
import { existsSync } from 'node:fs';

// One ES module per entry; whatever only some pages need (pdf.js, markdown, STOMP) is split into
// chunks the entries import on demand. `base: './'` keeps every chunk and worker URL relative to
// the importing file, so dist/ works from any CDN path.
const elementEntries = Object.fromEntries(
  ['live-chat', 'ai-chat', 'sign-viewer', 'desk-form']
    .filter((name) => existsSync(`components/${name}/index.ts`))
    .map((name) => [name, `components/${name}/index.ts`]),
);

export default defineConfig({
  base: './',
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    lib: {
      entry: { sportello: 'src/index.ts', ...elementEntries },
      formats: ['es'],
    },
    rolldownOptions: {
      output: {
        minify: true,
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
