#!/usr/bin/env node
// `npm run check:install` (after `npm run build`): installs the packed tarball into a fresh folder,
// as a portal would, and measures what lands in its node_modules:
// - our own package ≤ 5 MB (entries, chunks, pdf.js and its worker, types, manifest), not counting
//   pdf.js' data files (`dist/pdfjs/`: character maps, standard fonts, decoders, a colour profile),
//   which pdfjs-dist decides and a bundler copies into an app only as separate files fetched when a
//   document needs one: they get a line and a limit of their own (≤ 3.5 MB);
// - every other package is one of our runtime `dependencies` or theirs (no devDependency leaks);
// - none of the gateway's server stack (gateway/package.json's dependencies: Fastify, ioredis, …)
//   nor tsx: the gateway is a package of its own (`@sportello/gateway`), an app installing the kit
//   gets the browser kit's dependencies only;
// - no native binary: pdf.js' optional Node canvas (@napi-rs/canvas) is not needed in browsers;
// - every `exports` subpath (`sportello/ai-launcher.js`, …) resolves, from the portal, to an installed file.
// Prints the sizes; exits 1 on any problem. Needs the npm registry (for Lit & co.).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIMIT_BYTES = 5 * 1024 * 1024;
const PDFJS_DATA_LIMIT_BYTES = 3.5 * 1024 * 1024;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const gatewayPkg = JSON.parse(readFileSync('gateway/package.json', 'utf8'));
/** The gateway's runtime, and the TypeScript loader the repository runs it with: never an app's. */
const serverOnly = new Set([...Object.keys(gatewayPkg.dependencies ?? {}), 'tsx']);
const work = mkdtempSync(join(tmpdir(), 'sportello-install-'));
const problems = [];

function size(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0);
}

/** Every installed package folder under node_modules (scoped ones included), nested ones too. */
function packages(dir, out = []) {
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) {
      packages(join(dir, name), out);
      continue;
    }
    const path = join(dir, name);
    const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
    out.push({ name: manifest.name, path });
    packages(join(path, 'node_modules'), out);
  }
  return out;
}

try {
  const [packed] = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const app = join(work, 'app');
  execFileSync('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'fresh-portal', private: true, type: 'module' }));
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', join(work, packed.filename)], {
    cwd: app,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  const modules = join(app, 'node_modules');
  // Node's own resolver, as a bundler resolves the package's exports (the modules are for browsers:
  // they are found, not run).
  // An entry with types alone (`sportello/vue`: tag types for an editor) has nothing to import: its
  // file must be installed.
  const typesOnly = ([, target]) =>
    typeof target === 'object' && Object.keys(target).every((condition) => condition === 'types');
  for (const [key, target] of Object.entries(pkg.exports ?? {}).filter(typesOnly))
    if (!existsSync(join(modules, pkg.name, target.types)))
      problems.push(`the types of '${pkg.name}/${key.slice(2)}' (${target.types}) are not installed`);
  const specifiers = Object.entries(pkg.exports ?? {})
    .filter((entry) => !typesOnly(entry))
    .map(([key]) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
  const resolved = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const out = {}; for (const s of ${JSON.stringify(specifiers)}) { try { out[s] = import.meta.resolve(s); } catch (e) { out[s] = null; } } console.log(JSON.stringify(out));`,
      ],
      { cwd: app, encoding: 'utf8' },
    ),
  );
  for (const [specifier, url] of Object.entries(resolved)) {
    if (!url) problems.push(`import '${specifier}' does not resolve in a fresh install`);
    else if (!existsSync(new URL(url)))
      problems.push(`import '${specifier}' resolves to ${url}, which is not installed`);
  }
  const installed = packages(modules);
  const own = installed.find((p) => p.name === pkg.name);
  if (!own) throw new Error(`${pkg.name} is not in ${modules}`);
  const pdfjsData = join(own.path, 'dist/pdfjs');
  const pdfjsDataBytes = existsSync(pdfjsData) ? size(pdfjsData) : 0;
  if (!pdfjsDataBytes) problems.push(`${pkg.name}/dist/pdfjs (pdf.js' data files) is not installed`);
  const ownBytes = size(own.path) - pdfjsDataBytes;
  const totalBytes = size(modules);
  const others = installed.filter((p) => p !== own);
  const devOnly = Object.keys(pkg.devDependencies ?? {}).filter((name) => !(name in (pkg.dependencies ?? {})));
  // A package one of the installed ones asks for (e.g. @types/react, a peer of @lit/react) is theirs, not a leak of ours.
  const wanted = new Set(
    installed.flatMap((p) => {
      const m = JSON.parse(readFileSync(join(p.path, 'package.json'), 'utf8'));
      return Object.keys({ ...m.dependencies, ...m.peerDependencies, ...m.optionalDependencies });
    }),
  );
  for (const p of others) {
    if (devOnly.includes(p.name) && !wanted.has(p.name))
      problems.push(`${p.name} (a devDependency of ours) was installed`);
    if (/canvas/i.test(p.name)) problems.push(`${p.name} was installed (a Node canvas binary: not needed in browsers)`);
    if (serverOnly.has(p.name))
      problems.push(
        `${p.name} was installed (${p.name === 'tsx' ? "the repository's TypeScript loader" : `a dependency of ${gatewayPkg.name}`}: a server package, not the browser kit's)`,
      );
  }
  const binaries = [];
  const findBinaries = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) findBinaries(path);
      else if (/\.node$/.test(name)) binaries.push(path.slice(modules.length + 1));
    }
  };
  findBinaries(modules);
  for (const b of binaries) problems.push(`native binary installed: ${b}`);
  const mb = (n) => `${(n / 1048576).toFixed(2)} MB`;
  if (ownBytes > LIMIT_BYTES)
    problems.push(`${pkg.name} takes ${mb(ownBytes)} installed without pdf.js' data files (limit ${mb(LIMIT_BYTES)})`);
  if (pdfjsDataBytes > PDFJS_DATA_LIMIT_BYTES)
    problems.push(`pdf.js' data files take ${mb(pdfjsDataBytes)} installed (limit ${mb(PDFJS_DATA_LIMIT_BYTES)})`);

  console.log(
    `npm install ${packed.filename} in a fresh folder: ${mb(totalBytes)} in node_modules, of which ${pkg.name} ${mb(ownBytes)} without pdf.js' data files (limit ${mb(LIMIT_BYTES)})`,
  );
  console.log(
    `  and pdf.js' data files in ${pkg.name}/dist/pdfjs/: ${mb(pdfjsDataBytes)} (limit ${mb(PDFJS_DATA_LIMIT_BYTES)})`,
  );
  // Everything in node_modules but the kit itself (nested copies counted once).
  const othersBytes = totalBytes - size(own.path);
  console.log(
    `  and ${others.length} runtime packages, ${mb(othersBytes)}: ${others.map((p) => `${p.name} ${(size(p.path) / 1024).toFixed(0)} KB`).join(', ')}`,
  );
} catch (error) {
  problems.push(String(error?.message ?? error));
} finally {
  rmSync(work, { recursive: true, force: true });
}
for (const p of problems) console.error(`  ✗ ${p}`);
console.log(problems.length ? `${problems.length} problem(s)` : 'install ok');
process.exit(problems.length ? 1 : 0);
