import { defineConfig, type UserConfig } from 'vite';
import { readFileSync } from 'node:fs';
import {
  dropLibrarySourceMaps,
  inlineWorkersAsBlobs,
  modulePreloadLists,
  pdfjsAssets,
} from './scripts/vite-plugins.js';

/**
 * One source, three builds (`npm run build` runs all three):
 *
 * - `vite build` → `dist/`, for bundlers (the npm package). ES modules whose runtime libraries
 *   (Lit, STOMP, DOMPurify, marked, eventsource-parser: the package's `dependencies`) stay bare
 *   imports, so a portal that already has Lit loads one copy. pdf.js is bundled into a chunk of our
 *   own (it is a devDependency: as a dependency it would drag its optional Node canvas binary into
 *   every install), and its worker is an asset resolved by `new URL(…, import.meta.url)`, which
 *   Vite, webpack 5 and esbuild all copy. Not minified and without source maps: the portal's
 *   bundler minifies its app as a whole, and readable chunks (each part headed by its source path)
 *   debug without maps, whose sourcesContent took a third of the package (issue #24 keeps it ≤ 5 MB).
 *   pdf.js comes from its own minified build, as nothing of ours is in it to read.
 * - `vite build --mode cdn` → `cdn/`, for script tags: everything bundled, each element's code and
 *   its heavy parts (pdf.js and its worker, markdown, STOMP) in chunks loaded on demand.
 * - `vite build --mode bundle` → `cdn/sportello.bundle.js`: the same kit as ONE file, workers
 *   included (started from `blob:` URLs made from code inside it), for hosts that serve one file.
 *
 * `base: './'` keeps every chunk and worker URL relative to the importing file, so both folders
 * work from any path. pdf.js' data files (character maps, standard fonts, decoders) are copied as
 * `pdfjs/` beside the entries of `dist/` and `cdn/` (scripts/vite-plugins.ts, `pdfjsAssets`); the
 * single file finds the one in `cdn/`.
 */
/**
 * Every file the package and the script tags start from is in `entries/`: one per element (plus the AI
 * panel's closed launcher, `ai-launcher`, a small loader that fetches `ai-chat.js` on intent), the
 * lazy whole kit (`index.ts`) and the React wrappers.
 */
const elementEntries = Object.fromEntries(
  ['live-chat', 'ai-chat', 'ai-launcher', 'sign-viewer', 'sign-composer', 'desk-form', 'desk-requests', 'config'].map(
    (name) => [name, `entries/${name}.ts`],
  ),
);

/** The React wrappers (`sportello/react`) are for bundlers only: a script-tag page has no React. */
const reactEntry = { react: 'entries/react.ts' };

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
};
/** Lit's own packages come with `lit`; a module reaching them directly must not bundle a second copy. */
const runtime = [...Object.keys(pkg.dependencies ?? {}), 'lit-html', 'lit-element', '@lit/reactive-element'];
const isRuntimeDependency = (id: string) => runtime.some((name) => id === name || id.startsWith(`${name}/`));

const output = {
  minify: true,
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  assetFileNames: 'assets/[name]-[hash][extname]',
};

function npmBuild(): UserConfig['build'] {
  return {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    lib: { entry: { sportello: 'entries/index.ts', ...elementEntries, ...reactEntry }, formats: ['es'] },
    rolldownOptions: {
      external: (id: string) => isRuntimeDependency(id) || id === 'react' || id.startsWith('react/'),
      output: { ...output, minify: false },
    },
  };
}

/**
 * The closed launchers' files, whose functions nearly all run as the page loads (define, construct,
 * connect, render, the idle check): V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, first
 * line of the file) compiles them all while the file streams in, on a background thread, instead of
 * one by one on the main thread as each is first called. Measured at 4x CPU throttle (bench/peers
 * launcher): about 4 ms less main thread for the live chat's closed launcher. Only these files: in
 * the chunks behind them, most functions wait for the visitor, and compiling them early is waste.
 */
const CALLED_ON_LOAD = new Set(['live-chat', 'ai-launcher']);
/** Other files get no banner at all: given an empty string, rolldown still starts the file with a line break. */
const NO_BANNER = undefined as unknown as string;
const compileHint = (chunk: { name: string; isEntry: boolean }): string =>
  chunk.isEntry && CALLED_ON_LOAD.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : NO_BANNER;

function cdnBuild(): UserConfig['build'] {
  return {
    outDir: 'cdn',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    lib: { entry: { sportello: 'entries/index.ts', ...elementEntries }, formats: ['es'] },
    // After minification, which would drop the comment.
    rolldownOptions: { output: { ...output, postBanner: compileHint } },
  };
}

function singleFileBuild(): UserConfig['build'] {
  return {
    outDir: 'cdn',
    // Written beside the lazy folder built just before (`npm run build` runs cdn first).
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    lib: { entry: { 'sportello.bundle': 'entries/index.ts' }, formats: ['es'] },
    rolldownOptions: { output: { ...output, codeSplitting: false } },
  };
}

/**
 * Which plugins each build runs. The preload lists (`modulePreloadLists`) name our own chunk files,
 * so only the CDN folder gets them: the npm package's chunks are rebuilt by the app's bundler under
 * other names (and its bare imports, `lit`, are no files at all), which hints its own chunks itself.
 * There the markers stay, and the launchers hint nothing.
 */
function plugins(mode: string) {
  if (mode === 'bundle') return [inlineWorkersAsBlobs(), pdfjsAssets({ emit: false })];
  if (mode === 'cdn') return [dropLibrarySourceMaps(), modulePreloadLists(), pdfjsAssets()];
  return [dropLibrarySourceMaps(), pdfjsAssets()];
}

export default defineConfig(({ mode }) => ({
  plugins: plugins(mode),
  base: './',
  resolve:
    mode === 'production' ? { alias: [{ find: /^pdfjs-dist$/, replacement: 'pdfjs-dist/build/pdf.min.mjs' }] } : {},
  publicDir: false,
  build: mode === 'cdn' ? cdnBuild() : mode === 'bundle' ? singleFileBuild() : npmBuild(),
}));
