import { defineConfig, type Plugin } from 'vite';
import { existsSync } from 'node:fs';

// One ES module per entry; whatever only some pages need (pdf.js, markdown, STOMP) is split into
// chunks the entries import on demand. `base: './'` keeps every chunk and worker URL relative to
// the importing file, so dist/ works from any CDN path.
const elementEntries = Object.fromEntries(
  ['live-chat', 'ai-chat', 'sign-viewer', 'desk-form']
    .filter((name) => existsSync(`components/${name}/index.ts`))
    .map((name) => [name, `components/${name}/index.ts`]),
);

/**
 * pdf.js' worker is copied as pdf.js ships it, already minified: its source map (2.5 MB, mapping
 * minified code to the same minified code) helps nobody and was a third of the npm package.
 * The map of our own stream worker stays.
 */
function dropPdfWorkerSourceMap(): Plugin {
  return {
    name: 'sportello-drop-pdf-worker-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/(^|\/)pdf\.worker[^/]*\.js$/.test(fileName) || output.type !== 'asset') continue;
        const map = `${fileName}.map`;
        if (!bundle[map]) continue;
        delete bundle[map];
        const source = typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
        output.source = source.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
      }
    },
  };
}

export default defineConfig({
  plugins: [dropPdfWorkerSourceMap()],
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
