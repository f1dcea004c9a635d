// Redis for the gateway's shared-state tests: Debian's redis-server, started on demand (only when a
// test asks for it), idempotent when one already listens. A test that needs Redis FAILS when it
// cannot start — with the reason — never skips: .ci/run installs redis-server.
import { execFile, spawn } from 'node:child_process';
import { connect } from 'node:net';

export const REDIS_URL = process.env.SPORTELLO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const port = Number(new URL(REDIS_URL).port || 6379);

function portOpen(p) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: p });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function run(command, args) {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 15_000 }, (error, stdout, stderr) =>
      resolve({ ok: !error, out: `${stdout}${stderr}`.trim() }),
    );
  });
}

let starting;
let startedByUs = false;

/** Makes sure Redis answers at REDIS_URL: `{ ok, url, reason? }`. */
export function ensureRedis() {
  starting ??= (async () => {
    if (await portOpen(port)) return { ok: true, url: REDIS_URL };
    const which = await run('sh', ['-c', 'command -v redis-server']);
    if (!which.ok)
      return {
        ok: false,
        url: REDIS_URL,
        reason:
          'redis-server is not installed (apt-get install -y --no-install-recommends redis-server; .ci/run does it)',
      };
    // No persistence, loopback only; detached with no inherited stdio so CI's `| tee` never hangs on it.
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { detached: true, stdio: 'ignore' },
    );
    child.unref();
    startedByUs = true;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (await portOpen(port)) return { ok: true, url: REDIS_URL };
      await new Promise((r) => setTimeout(r, 100));
    }
    return { ok: false, url: REDIS_URL, reason: `redis-server did not listen on port ${port} within 20 s` };
  })();
  return starting;
}

/** Stops Redis only if this process started it (SPORTELLO_KEEP_REDIS=1 keeps it running). */
export async function stopRedisIfOurs() {
  if (!startedByUs || process.env.SPORTELLO_KEEP_REDIS === '1') return;
  await run('redis-cli', ['-p', String(port), 'shutdown', 'nosave']);
  startedByUs = false;
  starting = undefined;
}
