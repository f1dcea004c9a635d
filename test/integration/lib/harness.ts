/**
 * Pieces the integration tests share: a static file server (a customer's host, a CDN), the service
 * simulator in this process, and Debian Chromium through playwright-core. Each test builds what it
 * ships (the single file, an example app, the WordPress plugin's copy of cdn/) and then looks at it
 * the way a visitor would.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { execFile } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';
import { startSimulator, type RunningSimulator } from '../../../demo/server/core/simulator.js';

export const ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** The policy the README asks a host page for, with the simulator as the services' origin. */
export function strictCsp(simUrl: string, extraScript = ''): string {
  const ws = simUrl.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    `script-src 'self'${extraScript ? ` ${extraScript}` : ''}`,
    "style-src 'self'",
    `connect-src 'self' ${simUrl} ${ws}`,
    "img-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "require-trusted-types-for 'script'",
    'trusted-types lit-html sportello',
  ].join('; ');
}

export interface StaticServer {
  url: string;
  /** Every path asked for, in order, with the status answered. */
  requests: Array<{ path: string; status: number }>;
  close(): Promise<void>;
}

/**
 * Serves the files of `dir` (and nothing above it), with `headers(path)` added to each answer:
 * a host's page with its CSP, a CDN's `Access-Control-Allow-Origin`.
 */
export async function serveFolder(
  dir: string,
  headers: (path: string) => Record<string, string> = () => ({}),
): Promise<StaticServer> {
  const requests: StaticServer['requests'] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    const ok = file.startsWith(dir) && existsSync(file) && statSync(file).isFile();
    requests.push({ path, status: ok ? 200 : 404 });
    if (!ok) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
      ...headers(path),
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The simulator on a free loopback port, answering cross-origin to `origins`. */
export function startSim(origins: string[]): Promise<RunningSimulator> {
  return startSimulator({ port: 0, host: '127.0.0.1', paceMs: 5, allowedOrigins: origins });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** Runs a command; resolves with its output, rejects with it (and the exit code) on failure. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd ?? ROOT,
        env: { ...process.env, ...options.env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? 15 * 60_000,
      },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(`${command} ${args.join(' ')} failed (${error.code ?? error.signal}):\n${stdout}\n${stderr}`),
          );
        else resolve(`${stdout}${stderr}`);
      },
    );
  });
}
