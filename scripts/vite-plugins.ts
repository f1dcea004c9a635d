// Build-time plugins of vite.config.ts (kept apart so the config reads as the three builds it makes).
import { readFileSync } from 'node:fs';
import { build, type Plugin } from 'vite';

const MAP_COMMENT = /\n?\/\/# sourceMappingURL=\S+\s*$/;

/**
 * pdf.js ships built: the source map of its worker (2.5 MB, mapping minified code to the same
 * minified code) and of its chunk (1.4 MB, mostly pdf.js' own published `pdf.mjs` inlined as
 * sourcesContent) help nobody debug our code and were over half of the npm package. The maps of
 * our own code (the stream worker included) stay.
 */
export function dropPdfSourceMaps(): Plugin {
  return {
    name: 'sportello-drop-pdf-maps',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        const worker = /(^|\/)pdf\.worker[^/]*\.js$/.test(fileName) && output.type === 'asset';
        const chunk =
          output.type === 'chunk' &&
          output.name === 'pdf' &&
          Object.keys(output.modules).every((id) => id.includes('/node_modules/pdfjs-dist/'));
        if (!worker && !chunk) continue;
        delete bundle[`${fileName}.map`];
        if (output.type === 'asset') {
          const source = typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
          output.source = source.replace(MAP_COMMENT, '\n');
        } else {
          output.code = output.code.replace(MAP_COMMENT, '\n');
          output.map = null;
        }
      }
    },
  };
}

const SUFFIX = '?worker&url';
const PREFIX = '\0sportello-inline-worker:';

/** The worker's whole code as one ES module: pdf.js' prebuilt file as is, ours bundled here. */
async function workerCode(file: string): Promise<string> {
  if (file.endsWith('.mjs') || (file.endsWith('.js') && file.includes('node_modules')))
    return readFileSync(file, 'utf8');
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      lib: { entry: file, formats: ['es'], fileName: 'worker' },
      rolldownOptions: { output: { minify: true, codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Array<{
    output?: Array<{ type: string; code?: string }>;
  }>;
  const chunk = outputs.flatMap((r) => r.output ?? []).find((o) => o.type === 'chunk');
  if (!chunk?.code) throw new Error(`could not bundle the worker ${file}`);
  return chunk.code;
}

/**
 * For the single-file build: every `…?worker&url` import (pdf.js' worker, our stream worker)
 * becomes a module that holds the worker's code as a string and exports a `blob:` URL made from it
 * on first use. The element code is unchanged: it starts a worker from the URL it is given, and a
 * `blob:` worker takes the page's CSP (`worker-src blob:`). The module is evaluated only when its
 * importer is (pdf.js' worker: when the first document opens), so a page without a viewer never
 * copies the 1 MB string.
 */
export function inlineWorkersAsBlobs(): Plugin {
  return {
    name: 'sportello-inline-workers',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      if (!resolved) throw new Error(`cannot resolve the worker ${source} from ${importer}`);
      return PREFIX + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      const code = (await workerCode(file)).replace(MAP_COMMENT, '\n');
      return `const code = ${JSON.stringify(code)};\nexport default URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));\n`;
    },
  };
}

const PRELOAD_MARKER = /__SPORTELLO_PRELOAD:([\w./-]+)__/g;

/**
 * A lazy element loads its heavy part with `import()`: the browser learns that chunk's own imports
 * only once it has it, then theirs (a waterfall of round trips). A loader that writes
 * `'__SPORTELLO_PRELOAD:components/live-chat/chat-window.ts__'` gets, in its place, the comma-separated
 * files (relative to the loader's own file) of that module's chunk and every chunk it imports
 * statically, to hint with `<link rel="modulepreload">` at the first sign of intent, all at once.
 * A build where the module is not a chunk of its own (the single file) leaves the marker: no hints.
 */
export function modulePreloadLists(): Plugin {
  return {
    name: 'sportello-modulepreload-lists',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const staticClosure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const dep of chunk.imports) staticClosure(dep, seen);
        return seen;
      };
      for (const chunk of chunks) {
        if (!chunk.code.includes('__SPORTELLO_PRELOAD:')) continue;
        const from = chunk.fileName.split('/').slice(0, -1);
        chunk.code = chunk.code.replace(PRELOAD_MARKER, (marker, modulePath: string) => {
          const target = chunks.find((c) => c.facadeModuleId?.endsWith(`/${modulePath}`));
          if (!target) return marker;
          const files = [...staticClosure(target.fileName)].filter((f) => !staticClosure(chunk.fileName).has(f));
          return files
            .map((file) => {
              const to = file.split('/');
              let common = 0;
              while (common < from.length && from[common] === to[common]) common++;
              const up = from.length - common;
              return `${up ? '../'.repeat(up) : './'}${to.slice(common).join('/')}`;
            })
            .join(',');
        });
      }
    },
  };
}
