// Shared bench harness: the production build (cdn/) served from a static origin, the service
// simulator on another origin, and Debian Chromium driven by playwright-core.
//
//   import { withBench } from './lib/harness.mjs';
//   export default () => withBench(async ({ page, open, simUrl }) => {
//     await open('bench/pages/ai.html');           // any file under the project root
//     return await page.evaluate(() => ...);
//   }, { paceMs: 0 });
//
// Pages load `/cdn/sportello.js` (or a per-element entry) exactly as a customer page would and
// find the simulator at `?sim=` in their URL (`open` adds it).
import { createServer } from 'node:http';
import { existsSync, createReadStream, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execSync, spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

const root = resolve(new URL('../..', import.meta.url).pathname);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.pdf': 'application/pdf',
  '.svg': 'image/svg+xml',
};

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

let built = false;
/** Builds cdn/ once per bench run if it is missing or stale-by-request. */
export function ensureBuild() {
  if (built || (existsSync(join(root, 'cdn/sportello.js')) && !process.env.BENCH_REBUILD)) return;
  execSync('npx vite build --mode cdn', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
}

/** A static file server for the project root, recording every request path (for "no request before X"). */
export async function startStaticServer() {
  const requests = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    const file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://localhost:${server.address().port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

/**
 * The service simulator in a process of its own, at a lower CPU priority (nice 10): it stands in
 * for services on other machines, and on a small bench machine it would otherwise take cores from
 * the browser being measured. At pace 0 it writes a 100 KB answer's ~5,100 events in ~20 ms of CPU,
 * while the page reads them: in-process and at the same priority as the browser, that made the
 * page's main-thread tasks wait for a core and stretched the streamed answer's figures (the AI
 * ratio to one-shot read 1.66-1.94 across runs on one day, 1.53-1.67 with the simulator niced).
 * It still gets any core the browser leaves idle, so streams do not arrive later.
 */
export async function startSim({ paceMs = 0, allowedOrigins = [] } = {}) {
  const child = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', 'demo/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      SPORTELLO_SIM_PORT: '0',
      SPORTELLO_SIM_HOST: '127.0.0.1',
      SPORTELLO_SIM_PACE_MS: String(paceMs),
      SPORTELLO_SIM_ORIGINS: allowedOrigins.join(','),
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (!match) return;
      child.stdout.off('data', onData);
      child.stdout.resume(); // the rest of its output is not needed, but must not fill the pipe
      resolve(match[1]);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    exited.then((code) => reject(new Error(`the simulator exited (${code}) before listening: ${out}`)));
  });
  return {
    url,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Runs `fn` with a fresh browser page. `open(path, query)` navigates to a project file on the
 * static origin with `?sim=<simulator url>`. Everything is closed afterwards, even on failure.
 */
export async function withBench(fn, { paceMs = 0, viewport = { width: 1280, height: 900 } } = {}) {
  ensureBuild();
  const web = await startStaticServer();
  const sim = await startSim({ paceMs, allowedOrigins: [web.url] });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const open = async (path, query = {}) => {
      const params = new URLSearchParams({ sim: sim.url, ...query });
      await page.goto(`${web.url}/${path.replace(/^\//, '')}?${params}`);
    };
    return await fn({ page, context, browser, open, simUrl: sim.url, webUrl: web.url, requests: web.requests, sim });
  } finally {
    await browser.close();
    await sim.close();
    await web.close();
  }
}

/** p-th percentile (0..100) of numbers. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const round = (n, digits = 2) => +Number(n).toFixed(digits);

/**
 * Bytes a page pays for an entry before any interaction: the file and every chunk it imports
 * statically (`import … from "./x.js"`), not those behind `import()`.
 */
export function staticGraph(entry) {
  const seen = new Set();
  let raw = 0;
  let gz = 0;
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file);
    raw += code.length;
    gz += gzipSync(code, { level: 9 }).length;
    for (const m of code
      .toString('utf8')
      .matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
      visit(join(dirname(file), m[1]));
    }
  };
  visit(resolve(root, entry));
  return { files: [...seen].map((f) => f.replace(/^.*cdn\//, '')), rawKB: round(raw / 1024), gzipKB: round(gz / 1024) };
}

/** Median of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A figure's rounds as { min, median, max, rounds }: printed beside every median of rounds so the
 * noise of a shared machine is visible next to the figure it blurs.
 */
export function spread(values, digits = 2) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return { rounds: 0 };
  return { min: round(v[0], digits), median: round(median(v), digits), max: round(v.at(-1), digits), rounds: v.length };
}

/** gzip -9 size (KB) of a built file the bench page fetched (`/cdn/...`). */
export function gzipOf(pathname) {
  try {
    return gzipSync(readFileSync(join(process.cwd(), decodeURIComponent(pathname))), { level: 9 }).length / 1024;
  } catch {
    return 0;
  }
}
