/**
 * The documentation site (`npm run docs`, written to docs-site/) under `/docs/` of the demo's
 * server, so that its live examples run against `npm start`'s simulator (which answers the demo's
 * origin). Before the site is built, `/docs/` says how to build it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
};

export function serveDocs(dir = resolve('docs-site')) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0]!);
    if (path !== '/docs' && !path.startsWith('/docs/')) return next();
    const file = normalize(join(dir, path.slice('/docs'.length) || '/'));
    const found =
      file.startsWith(dir) && existsSync(file) && statSync(file).isDirectory() ? join(file, 'index.html') : file;
    if (!found.startsWith(dir) || !existsSync(found) || !statSync(found).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(
        existsSync(dir) ? 'Not found.' : 'The documentation site is not built yet: run `npm run docs`, then reload.',
      );
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(found)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(readFileSync(found));
  };
}
