// The real STOMP broker for the transport tests: Debian's rabbitmq-server with rabbitmq_web_stomp.
// Started on demand (only when a test asks for it), idempotent when it already runs. If it truly
// cannot start, callers get the reason so the tests skip LOUDLY instead of passing silently.
import { spawn, execFile } from 'node:child_process';
import { connect } from 'node:net';

export const RABBIT_WS_URL = process.env.RABBIT_WS_URL ?? 'ws://127.0.0.1:15674/ws';
const wsPort = Number(new URL(RABBIT_WS_URL).port || 15674);

function run(command, args, timeoutMs = 30_000) {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({
        ok: !error,
        code: error?.code ?? 0,
        stdout: String(stdout),
        stderr: String(stderr),
        error: error ? String(error.message) : undefined,
      });
    });
  });
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portOpen(port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

let starting;
let startedByUs = false;

/** Makes sure the broker runs with Web-STOMP: `{ ok, wsUrl, reason? }`. */
export function ensureRabbit() {
  starting ??= (async () => {
    if (await portOpen(wsPort)) return { ok: true, wsUrl: RABBIT_WS_URL };
    const which = await run('sh', [
      '-c',
      'command -v rabbitmq-server && command -v rabbitmqctl && command -v rabbitmq-plugins',
    ]);
    if (!which.ok)
      return {
        ok: false,
        wsUrl: RABBIT_WS_URL,
        reason:
          'rabbitmq-server is not installed (apt-get install -y --no-install-recommends rabbitmq-server; .ci/run does it)',
      };
    const running = await run('rabbitmqctl', ['-q', 'await_startup', '--timeout', '2'], 15_000);
    if (running.ok) {
      // The node runs but the plugin is off: turn it on in place.
      const enabled = await run('rabbitmq-plugins', ['-q', 'enable', 'rabbitmq_web_stomp'], 60_000);
      if (!enabled.ok)
        return {
          ok: false,
          wsUrl: RABBIT_WS_URL,
          reason: `rabbitmq-plugins enable failed: ${enabled.stderr || enabled.error}`,
        };
    } else {
      const enabled = await run('rabbitmq-plugins', ['-q', '--offline', 'enable', 'rabbitmq_web_stomp'], 60_000);
      if (!enabled.ok)
        return {
          ok: false,
          wsUrl: RABBIT_WS_URL,
          reason: `rabbitmq-plugins --offline enable failed: ${enabled.stderr || enabled.error}`,
        };
      // Detached and with no inherited stdio: a daemon holding our pipes would hang CI's `| tee`.
      const child = spawn('rabbitmq-server', ['-detached'], { detached: true, stdio: 'ignore' });
      child.unref();
      startedByUs = true;
      const deadline = Date.now() + 90_000;
      let up = false;
      while (!up && Date.now() < deadline) {
        up = (await run('rabbitmqctl', ['-q', 'await_startup', '--timeout', '60'], 70_000)).ok;
        if (!up) await new Promise((r) => setTimeout(r, 1000));
      }
      if (!up)
        return { ok: false, wsUrl: RABBIT_WS_URL, reason: 'rabbitmq-server did not finish starting within 90 s' };
    }
    if (!(await waitForPort(wsPort, 30_000)))
      return {
        ok: false,
        wsUrl: RABBIT_WS_URL,
        reason: `RabbitMQ runs but nothing listens on ${RABBIT_WS_URL} (rabbitmq_web_stomp)`,
      };
    return { ok: true, wsUrl: RABBIT_WS_URL };
  })();
  return starting;
}

/** `rabbitmqctl close_all_connections`: the broker drops every client (Web-STOMP included). */
export async function closeAllRabbitConnections() {
  const result = await run('rabbitmqctl', ['-q', 'close_all_connections', 'sportello transport test'], 30_000);
  return { ok: result.ok, output: (result.stdout + result.stderr).trim() };
}

export async function deleteRabbitQueue(name) {
  if (!/^[\w.-]+$/.test(name)) return { ok: false, output: 'bad queue name' };
  const result = await run('rabbitmqctl', ['-q', 'delete_queue', name], 30_000);
  return { ok: result.ok, output: (result.stdout + result.stderr).trim() };
}

/** Stops the broker only if this process started it (SPORTELLO_KEEP_RABBIT=1 keeps it running). */
export async function stopRabbitIfOurs() {
  if (!startedByUs || process.env.SPORTELLO_KEEP_RABBIT === '1') return;
  await run('rabbitmqctl', ['-q', 'stop'], 60_000);
  startedByUs = false;
}
