// custom-elements.json analysed afresh from the elements' JSDoc, into a scratch folder: for the tests
// and builds that read the manifest (the late-property test, the docs site, the framework types)
// without depending on a `npm run analyze` run before them or touching the repository's copy.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The manifest as the analyzer writes it today (a parsed object). */
export function analyzeManifest() {
  // Under tmp/ (ignored by git), with a config that writes there and leaves package.json alone
  // (the analyzer otherwise records its output path as "customElements").
  const name = `cem-${process.pid}-${Date.now()}`;
  const out = join('tmp', name);
  const config = join('tmp', `${name}.config.mjs`);
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  writeFileSync(
    join(ROOT, config),
    `import base from '../custom-elements-manifest.config.mjs';\nexport default { ...base, outdir: ${JSON.stringify(out)}, packagejson: false };\n`,
  );
  try {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js'), 'analyze', '--config', config],
      { cwd: ROOT, stdio: 'ignore' },
    );
    return JSON.parse(readFileSync(join(ROOT, out, 'custom-elements.json'), 'utf8'));
  } finally {
    rmSync(join(ROOT, out), { recursive: true, force: true });
    rmSync(join(ROOT, config), { force: true });
  }
}
