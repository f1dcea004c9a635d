#!/usr/bin/env node
// `npm run bench`: prints one JSON object of measured figures. Sizes come from dist/ (built first
// if missing); each element issue adds its own figures through a module in bench/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

if (!existsSync('dist/sportello.js') || process.argv.includes('--build')) {
  execSync('npx vite build', { stdio: ['ignore', 'ignore', 'inherit'] });
}

const gzipKB = (path) => +(gzipSync(readFileSync(path), { level: 9 }).length / 1024).toFixed(2);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(m?js)$/.test(name)) out.push(path);
  }
  return out;
}

const figures = { sizes: { unit: 'KB gzip -9', entries: {}, chunks: {} } };
for (const file of walk('dist')) {
  const key = relative('dist', file);
  if (key.includes('/')) figures.sizes.chunks[key] = gzipKB(file);
  else figures.sizes.entries[key] = gzipKB(file);
}

// Figure producers: bench/*.bench.mjs each export `default async function (): Promise<object>`.
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (existsSync('bench')) {
  for (const name of readdirSync('bench').filter((n) => n.endsWith('.bench.mjs')).sort()) {
    const id = name.replace(/\.bench\.mjs$/, '');
    if (only.length && !only.includes(id)) continue;
    try {
      const mod = await import(pathToFileURL(join('bench', name)).href);
      figures[id] = await mod.default();
    } catch (error) {
      figures[id] = { error: String(error?.stack ?? error) };
    }
  }
}

console.log(JSON.stringify(figures, null, 2));
