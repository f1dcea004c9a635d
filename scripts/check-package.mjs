#!/usr/bin/env node
// `npm run check:package` (after `npm run build`): checks the npm package as a consumer receives it,
// from the list `npm pack` would publish, without publishing or installing anything.
// - every `exports` target and `types` file is in the package, and every entry the build writes
//   (`dist/<name>.js`: the elements, the AI launcher's loader, React) is exported;
// - every .d.ts import resolves inside the package or to a declared dependency (no `?worker&url`,
//   no test or demo module, no devDependency);
// - every `new URL('…', import.meta.url)` in the shipped JS (workers, chunks) points at a shipped file;
// - no tests, test helpers, demo or simulator code ships;
// - custom-elements.json names each public element with its summary.
// Prints the tarball's size and file count; exits 1 on any problem.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { PUBLIC_TAGS } from './public-tags.mjs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const [packed] = JSON.parse(
  execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
);
const files = new Set(packed.files.map((f) => f.path));
const problems = [];
const strip = (p) => p.replace(/^\.\//, '');

// 1. exports and types
const targets = [pkg.main, pkg.module, pkg.types, pkg.customElements];
for (const [key, value] of Object.entries(pkg.exports ?? {})) {
  if (typeof value === 'string') targets.push(value);
  else for (const t of Object.values(value)) targets.push(t);
  if (typeof value === 'object' && !value.types) problems.push(`exports["${key}"] has no "types"`);
}
for (const paths of Object.values(pkg.typesVersions?.['*'] ?? {})) targets.push(...paths);
for (const t of targets.filter(Boolean))
  if (!files.has(strip(t))) problems.push(`${t} (named in package.json) is not in the package`);
// An entry the build writes but no export names cannot be imported (exports close the package).
const exported = new Set(targets.filter(Boolean).map(strip));
for (const file of files)
  if (/^dist\/[^/]+\.js$/.test(file) && !exported.has(file))
    problems.push(`${file} is built but not exported (add "./${posix.basename(file)}" to package.json exports)`);

// 2. what the declarations import, from each exported entry's types through every file they reach
const deps = new Set(Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }));
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const importRe =
  /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]|\/\/\/\s*<reference\s+(?:types|path)=["']([^"']+)["']/g;
const typeEntries = Object.values(pkg.exports ?? {}).flatMap((v) =>
  typeof v === 'object' && v.types ? [strip(v.types)] : [],
);
const reached = new Set();
const queue = [...typeEntries];
while (queue.length) {
  const file = queue.pop();
  if (reached.has(file) || !files.has(file)) continue;
  reached.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    if (spec.includes('?')) problems.push(`${file} imports ${spec} (a bundler-only module)`);
    else if (spec.startsWith('.')) {
      const base = posix.join(posix.dirname(file), spec).replace(/\.js$/, '');
      const target = [`${base}.d.ts`, `${base}/index.d.ts`].find((f) => files.has(f));
      if (target) queue.push(target);
      else problems.push(`${file} imports ${spec}, which is not in the package`);
    } else if (packageOf(spec) === pkg.name) {
      // A self-reference (`/// <reference types="sportello/vue" />` in a comment's example) resolves through exports.
      if (!pkg.exports?.[`.${spec.slice(pkg.name.length)}`])
        problems.push(`${file} names ${spec}, which is not exported`);
    } else if (!deps.has(packageOf(spec)))
      problems.push(
        `${file} imports ${spec}, which is not a dependency (a strict node_modules, e.g. pnpm, cannot resolve it)`,
      );
  }
}
const unreached = [...files].filter((f) => f.endsWith('.d.ts') && !reached.has(f));

// 3. URLs the shipped JS resolves against its own location (workers, assets)
const urlRe = /new URL\(\s*[`'"]([^`'"$]+)[`'"]\s*,\s*import\.meta\.url\s*\)/g;
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  for (const m of readFileSync(file, 'utf8').matchAll(urlRe)) {
    // A query or fragment (`?no-inline`, which tells a bundler to keep the file apart) is not part of the path.
    const target = posix.normalize(posix.join(posix.dirname(file), m[1].replace(/[?#].*$/, '')));
    if (!files.has(target))
      problems.push(`${file} loads ${m[1]} relative to itself, but ${target} is not in the package`);
  }
}

// 4. what must not ship
const forbidden = /(^|\/)(test|demo|bench)\/|\.test\.|test-helpers|test-utils|xss-vectors|(^|\/)\.|\.tgz$/;
for (const file of files) if (forbidden.test(file)) problems.push(`${file} should not ship`);

// 5. the manifest
const manifest = JSON.parse(readFileSync(strip(pkg.customElements), 'utf8'));
const elements = new Map();
for (const mod of manifest.modules ?? [])
  for (const d of mod.declarations ?? []) if (d.customElement && d.tagName) elements.set(d.tagName, d);
for (const tag of PUBLIC_TAGS) {
  const d = elements.get(tag);
  if (!d) problems.push(`custom-elements.json has no <${tag}>`);
  else if (!d.summary) problems.push(`custom-elements.json: <${tag}> has no summary`);
}
for (const mod of manifest.modules ?? [])
  if (forbidden.test(mod.path)) problems.push(`custom-elements.json documents ${mod.path}`);

// 6. the framework data generated from the manifest (scripts/framework-types.ts): every public tag in
//    Vue's components, the JSX elements and VS Code's custom data, so no editor or vue-tsc misses one.
const frameworkFiles = {
  'dist/types/vue.d.ts': (text, tag) => text.includes(`'${tag}': DefineComponent<`),
  'dist/types/jsx.d.ts': (text, tag) => text.includes(`'${tag}': {`),
  'dist/vscode.html-custom-data.json': (text, tag) => JSON.parse(text).tags.some((t) => t.name === tag),
};
for (const [file, has] of Object.entries(frameworkFiles)) {
  if (!files.has(file)) continue; // named in exports: reported above when missing
  const text = readFileSync(file, 'utf8');
  for (const tag of PUBLIC_TAGS) if (!has(text, tag)) problems.push(`${file} has no <${tag}> (run npm run build:npm)`);
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `${packed.filename}: ${kb(packed.size)} packed, ${kb(packed.unpackedSize)} unpacked, ${packed.entryCount} files; ${elements.size} elements in custom-elements.json`,
);
if (unreached.length) console.log(`  (${unreached.length} more .d.ts that no exported entry reaches: harmless)`);
for (const p of problems) console.error(`  ✗ ${p}`);
console.log(problems.length ? `${problems.length} problem(s)` : 'package ok');
process.exit(problems.length ? 1 : 0);
