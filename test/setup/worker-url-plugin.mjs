// web-test-runner plugin: Vite's `?worker&url` import suffix for the dev server. Vite emits the
// worker beside the bundle and the import gives its URL; esbuild (our test transform) does not know
// the suffix. Here `x?worker&url` is served as `export default '<served path of x>'`, so tests load
// the same worker module from source, and a `.js` import of a `.ts` file names the `.ts` file (the
// dev server compiles it, and its own imports, as for any module).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function workerUrlPlugin({ rootDir = process.cwd() } = {}) {
  return {
    name: 'sportello-worker-url',
    serve(context) {
      const params = context.URL.searchParams;
      if (!params.has('worker') || !params.has('url')) return undefined;
      let path = context.path;
      const onDisk = (p) => existsSync(join(rootDir, decodeURIComponent(p)));
      if (!onDisk(path) && path.endsWith('.js') && onDisk(path.replace(/\.js$/, '.ts')))
        path = path.replace(/\.js$/, '.ts');
      return { body: `export default ${JSON.stringify(path)};\n`, type: 'js' };
    },
  };
}
