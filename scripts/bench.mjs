#!/usr/bin/env node
// `npm run bench`: prints one JSON object of measured figures. Sizes come from dist/ (the npm
// build), cdn/ (the script-tag build) and cdn/sportello.bundle.js (the single file), each built
// first if missing; each element issue adds its own figures through a module in bench/.
// `npm run bench sizes` prints the sizes alone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const rebuild = process.argv.includes('--build');
const builds = [
  ['dist/sportello.js', 'npx vite build'],
  ['cdn/sportello.js', 'npx vite build --mode cdn'],
  ['cdn/sportello.bundle.js', 'npx vite build --mode bundle'],
];
for (const [file, command] of builds) {
  if (rebuild || !existsSync(file)) execSync(command, { stdio: ['ignore', 'ignore', 'inherit'] });
}

const kb = (n) => +(n / 1024).toFixed(2);
const gzipKB = (path) => kb(gzipSync(readFileSync(path), { level: 9 }).length);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(m?js)$/.test(name)) out.push(path);
  }
  return out;
}

/** Entries (top-level files) and chunks/assets of one build folder, gzip -9 each, plus the folder's totals. */
function folder(dir, skip = () => false) {
  // Totals and entries first, chunks last: CI prints the head of this.
  const out = { files: 0, rawKB: 0, gzipKB: 0, entries: {}, chunks: {} };
  for (const file of walk(dir)) {
    const key = relative(dir, file);
    if (skip(key)) continue;
    const gz = gzipKB(file);
    (key.includes('/') ? out.chunks : out.entries)[key] = gz;
    out.files += 1;
    out.rawKB += kb(statSync(file).size);
    out.gzipKB += gz;
  }
  out.rawKB = +out.rawKB.toFixed(2);
  out.gzipKB = +out.gzipKB.toFixed(2);
  return out;
}

const single = 'cdn/sportello.bundle.js';
const figures = {
  sizes: {
    unit: 'KB gzip -9 (rawKB: bytes on disk)',
    note: 'dist/: the npm build (Lit, STOMP, DOMPurify, marked, eventsource-parser left as imports); cdn/: the script-tag folder (everything bundled, lazy chunks); singleFile: cdn/sportello.bundle.js alone, workers inside',
    singleFile: { file: single, rawKB: kb(statSync(single).size), gzipKB: gzipKB(single) },
    dist: folder('dist'),
    cdn: folder('cdn', (key) => key === 'sportello.bundle.js'),
  },
};

// Figure producers: bench/*.bench.mjs each export `default async function (): Promise<object>`.
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
// Slow modules that run only when asked by name (`npm run bench -- peers`).
const OPT_IN = new Set(['peers']);
if (existsSync('bench')) {
  for (const name of readdirSync('bench')
    .filter((n) => n.endsWith('.bench.mjs'))
    .sort()) {
    const id = name.replace(/\.bench\.mjs$/, '');
    if (only.length ? !only.includes(id) : OPT_IN.has(id)) continue;
    try {
      const mod = await import(pathToFileURL(join('bench', name)).href);
      figures[id] = await mod.default();
    } catch (error) {
      figures[id] = { error: String(error?.stack ?? error) };
    }
  }
}

console.log(JSON.stringify(figures, null, 2));
