// What a visitor or an integrator sends that could hurt the simulator (and a gateway that embeds
// it): a pre-chat pattern that backtracks exponentially, and file names outside ASCII.
// The simulator runs in a child process here: a pattern that froze it would freeze this test's own
// event loop too, and the deadline below could never fire.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = { 'X-ChatToken': 'demo-chat-token', 'Content-Type': 'application/json' };
/** Generous: a linear-time check takes milliseconds; a backtracking one, on this input, hours. */
const DEADLINE_MS = 30_000;
let sim: ChildProcess;
let base = '';

before(async () => {
  sim = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, SPORTELLO_SIM_PORT: '0', SPORTELLO_SIM_PACE_MS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    sim.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    sim.once('exit', (code) => reject(new Error(`simulator exited (${code})`)));
  });
});
// A frozen simulator cannot handle SIGTERM.
after(() => sim.kill('SIGKILL'));

/** fetch with the deadline: a frozen simulator fails the test instead of hanging it. */
const call = (url: string, init: RequestInit = {}) => fetch(url, { ...init, signal: AbortSignal.timeout(DEADLINE_MS) });

const configure = (prechatFields: unknown[]) =>
  call(`${base}/chat/api/widget/`, {
    method: 'PUT',
    headers: TOKEN,
    body: JSON.stringify({ idChatWidget: 1, configuration: JSON.stringify({ prechatFields }) }),
  });

async function validate(code: string): Promise<Record<string, string>> {
  const res = await call(`${base}/chat/public/api/chat/input/validate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ widgetKey: 'demo', fields: { code } }),
  });
  return ((await res.json()) as { errors: Record<string, string> }).errors;
}

describe('simulator: patterns run in linear time', () => {
  it('answers a value that makes ^(a+)+$ backtrack, and keeps answering', async () => {
    const field = { name: 'code', type: 'text', label: 'Code', maxLength: 100_000, pattern: '^(a+)+$' };
    assert.equal((await configure([field])).status, 200);
    assert.deepEqual(await validate(`${'a'.repeat(40)}!`), { code: 'invalid' });
    assert.deepEqual(await validate('aaaa'), {});
    // Past the cap a value is not run at all, whatever the field's own maxLength.
    assert.deepEqual(await validate('a'.repeat(5000)), { code: 'too-long' });
    const health = await call(`${base}/chat/public/api/health`);
    assert.equal(health.status, 200);
  });

  it('refuses, when configured, a pattern it cannot run in linear time', async () => {
    const res = await configure([{ name: 'code', type: 'text', label: 'Code', pattern: '^(?=a)a$' }]);
    assert.equal(res.status, 400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    assert.deepEqual(body.errors, { configuration: 'invalid' });
    assert.match(body.message, /prechatFields\[0\]\.pattern/);
    const tooLong = await configure([{ name: 'code', type: 'text', label: 'Code', pattern: 'a'.repeat(501) }]);
    assert.equal(tooLong.status, 400);
  });
});

describe('simulator: uploaded file names as the browser sent them', () => {
  const name = 'Größe ✓ 日本語 ünï.png';
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(32).fill(1)]);

  it('live chat attachments', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), name);
    const res = await call(`${base}/chat/public/api/attachments/upload`, { method: 'POST', body: form });
    assert.equal(res.status, 201);
    assert.equal(((await res.json()) as { name: string }).name, name);
  });

  it('help-desk uploads (the signing service reads multipart the same way)', async () => {
    const grant = await call(`${base}/auth/realms/sportello/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'sportello-demo',
        client_secret: 'demo-secret',
      }),
    });
    const { access_token } = (await grant.json()) as { access_token: string };
    const auth = { Authorization: `Bearer ${access_token}` };
    const { idUpload } = (await (await call(`${base}/desk/richieste/upload-id`, { headers: auth })).json()) as {
      idUpload: string;
    };
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), name);
    const res = await call(`${base}/desk/richieste/upload/${idUpload}`, { method: 'POST', headers: auth, body: form });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { nomeFile: string }).nomeFile, name);
  });
});
