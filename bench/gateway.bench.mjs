// Gateway figures (issue #18): what the gateway adds on the way to a service, on this machine.
// The simulator and the gateway run as two processes of their own (as in production: the gateway
// in front of services elsewhere), the bench is the client; everything on loopback.
// - gateway.latency: per request, sequential, on a kept-alive connection: p50/p95/p99 direct to the
//   simulator and through the gateway, for a public call (the chat's widget configuration: allow-list,
//   headers, limits) and a scoped one (a signing practice with a visitor token: token check, scoping);
//   `addedMs` is gateway minus direct.
// - gateway.sse100k: a ~100 KB AI answer streamed as ~5,100 events (`bench:100k/20`, simulator pace
//   0): time to the first event and per-event time (whole stream / events), direct and through the
//   gateway, and what the gateway adds to each.
// - gateway.throughput: requests per second with 32 concurrent clients for 2 s, direct and through,
//   for the public and the scoped call, interleaved in each round (direct first, then each gateway,
//   in an order that turns from round to round); the ratio through/direct per
//   round; and the gateway process's CPU time per request it served (user + system, from
//   /proc/<pid>/stat, so Linux only: null elsewhere). `cpuMsPerRequest` gives the same for every
//   process at work, direct (the bench's client, the simulator) and through (client, simulator,
//   gateway): when the machine's cores are all busy, the share of direct throughput is about
//   direct (client + simulator) / through (client + simulator + gateway), so these say how far the
//   gateway's own cost is from a target. `variants` gives the same through a gateway with Redis as
//   its store and one that logs every request (see variantsWanted), measured in the same rounds.
// Every figure is given per round as {min, median, max} over ROUNDS rounds, with the load average.
// Options (environment): SPORTELLO_BENCH_ROUNDS; SPORTELLO_BENCH_GATEWAY_VARIANTS,
// SPORTELLO_BENCH_GATEWAY_BASELINE (see variantsWanted); SPORTELLO_BENCH_GATEWAY_COMPILED=0 (the
// gateway's sources through tsx instead of compiled, as installed);
// SPORTELLO_BENCH_GATEWAY_OWN_CORE=1 (see ownCore); SPORTELLO_BENCH_GATEWAY_PROFILE=<dir> (CPU profiles).
import { createServer } from 'node:net';
import { Agent, request } from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { SignJWT } from 'jose';
import { round, spread } from './lib/harness.mjs';

const ROUNDS = Number(process.env.SPORTELLO_BENCH_ROUNDS) || 5;
const SEQUENTIAL = 1000;
const SECRET = 'bench-gateway-visitor-secret-0123456789abcdef';

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * SPORTELLO_BENCH_GATEWAY_OWN_CORE=1 (Linux, 2 cores or more): the gateway and its Redis on core 1,
 * the bench's client and the simulator on core 0, as a deployment gives the gateway CPU of its own
 * (replicas on their own hosts or containers). Without it every process shares every core, and once
 * they are all busy the share of direct throughput is about (client + simulator) / (client +
 * simulator + gateway) CPU per request, whatever the gateway does.
 */
const ownCore = process.env.SPORTELLO_BENCH_GATEWAY_OWN_CORE === '1';
/** The command line run on the gateway's core when ownCore (taskset execs it: the pid stays the process's). */
const onGatewayCore = (command, args) => (ownCore ? ['taskset', ['-c', '1', command, ...args]] : [command, args]);

function startProcess(args, env, ready, { cwd, nodeArgs = [], typescript = true, gatewaySide = false } = {}) {
  const nodeLine = [...nodeArgs, ...(typescript ? ['--import', 'tsx'] : []), ...args];
  const [command, commandArgs] = gatewaySide ? onGatewayCore(process.execPath, nodeLine) : [process.execPath, nodeLine];
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`not started: ${out}`)), 60_000);
    const onData = (d) => {
      out += d;
      if (ready.test(out)) {
        clearTimeout(timer);
        // From now on the output is read and dropped (a gateway logging every request writes a lot).
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

/** A redis-server of the bench's own on a free port (no persistence), or null when there is none. */
async function startRedis() {
  const port = await freePort();
  const child = spawn(
    ...onGatewayCore('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]),
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const started = await new Promise((resolve) => {
    let out = '';
    child.once('error', () => resolve(false));
    child.once('exit', () => resolve(false));
    child.stdout.on('data', (d) => {
      out += d;
      if (/Ready to accept connections/.test(out)) {
        child.stdout.resume();
        resolve(true);
      }
    });
  });
  return started ? { child, url: `redis://127.0.0.1:${port}` } : null;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request; resolves with [ms to the last byte, status]. */
function timed(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(url, { method, headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve([performance.now() - t0, res.statusCode]));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function latency(url, headers) {
  for (let i = 0; i < 20; i++) await timed(url, { headers }); // warm the connection and the JIT
  const times = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const [ms, status] = await timed(url, { headers });
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    times.push(ms);
  }
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99) };
}

/** Streams the answer; returns ms to the first event, total ms and the number of events. */
function stream(url, headers) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ agent_id: 1, message: 'bench:100k/20', stream: true });
    const t0 = performance.now();
    let first;
    let events = 0;
    let tail = '';
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, agent },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const text = tail + chunk;
          const parts = text.split('\n\n');
          tail = parts.pop();
          if (parts.length && first === undefined) first = performance.now() - t0;
          events += parts.length;
        });
        res.on('end', () => resolve({ firstMs: first, totalMs: performance.now() - t0, events }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function throughput(url, headers, seconds = 2, clients = 32) {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const [, status] = await timed(url, { headers });
        if (status !== 200) throw new Error(`${url} answered ${status}`);
        done++;
      }
    }),
  );
  return done / seconds;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU time (ms, user + system) a process has used so far, or null where /proc is not there. */
function cpuMsOf(pid) {
  try {
    // After the command's closing parenthesis: state is field 3; utime and stime are fields 14, 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
  } catch {
    return null;
  }
}

/** The bench process's own CPU time so far (ms, user + system). */
function clientCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Throughput with the CPU time per request of each process named in `pids` (the simulator, the
 * gateway) and of the bench's client; the gateway's is also `cpuMsPerRequest`, as before.
 */
async function measuredThroughput(url, headers, pids) {
  const cpuNow = () => ({
    client: clientCpuMs(),
    ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMsOf(pid)])),
  });
  const before = cpuNow();
  const started = performance.now();
  const rps = await throughput(url, headers);
  const served = rps * ((performance.now() - started) / 1000);
  const after = cpuNow();
  const perRequest = Object.fromEntries(
    Object.keys(after).map((name) => [
      name,
      before[name] === null || after[name] === null ? null : (after[name] - before[name]) / served,
    ]),
  );
  return { rps, cpuMsPerRequest: perRequest.gateway, perRequest };
}

/**
 * The gateway processes measured besides the main one (memory store, logs off), each in every
 * throughput round: `redis` (the store in a redis-server of the bench's own), `logs` (a line per
 * request, at info, written to a pipe the bench reads), and `baseline` (the gateway of another
 * checkout, SPORTELLO_BENCH_GATEWAY_BASELINE=<its root with node_modules>, for a before/after in
 * the same conditions). SPORTELLO_BENCH_GATEWAY_VARIANTS=redis,logs picks (`none`: none).
 */
function variantsWanted() {
  const asked = process.env.SPORTELLO_BENCH_GATEWAY_VARIANTS;
  const names = asked === undefined ? ['redis', 'logs'] : asked.split(',').map((v) => v.trim());
  if (process.env.SPORTELLO_BENCH_GATEWAY_BASELINE && !names.includes('baseline')) names.push('baseline');
  return names.filter((n) => ['redis', 'logs', 'baseline'].includes(n));
}

export default async function gatewayBench() {
  // The client (this process, every thread) and the simulator it starts on core 0; see ownCore.
  if (ownCore) execFileSync('taskset', ['-acp', '0', String(process.pid)], { stdio: 'ignore' });
  const simPort = await freePort();
  const sim = await startProcess(
    ['demo/server/main.ts'],
    { SPORTELLO_SIM_PORT: String(simPort), SPORTELLO_SIM_PACE_MS: '0' },
    /listening on/,
  );
  // SPORTELLO_BENCH_GATEWAY_PROFILE=<dir>: each gateway writes V8 CPU profiles in <dir>/<name>/ when it stops.
  const profileDir = process.env.SPORTELLO_BENCH_GATEWAY_PROFILE;
  // The gateway as operators run it: compiled (gateway/dist/ built first), on plain node. Its sources
  // through tsx (SPORTELLO_BENCH_GATEWAY_COMPILED=0) cost a little more: tsx's transform adds work
  // to every closure.
  const compiled = process.env.SPORTELLO_BENCH_GATEWAY_COMPILED !== '0';
  if (compiled) execFileSync('npm', ['run', '--silent', 'build', '-w', 'gateway'], { stdio: 'ignore' });
  const gateways = {};
  let redis = null;
  /** Starts one gateway process in front of the simulator; resolves with its URL and pid. */
  async function startGatewayProcess(name, env = {}, cwd = undefined) {
    const port = await freePort();
    // The baseline checkout runs compiled too when its gateway is built (`npm run build -w gateway`
    // there), else its sources (it may predate the package's build).
    const built = compiled && (name !== 'baseline' || existsSync(join(cwd, 'gateway/dist/main.js')));
    const child = await startProcess(
      [built ? 'gateway/dist/main.js' : 'gateway/main.ts'],
      {
        SPORTELLO_GATEWAY_UPSTREAM: `http://127.0.0.1:${simPort}`,
        SPORTELLO_GATEWAY_PORT: String(port),
        SPORTELLO_GATEWAY_VISITOR_SECRET: SECRET,
        SPORTELLO_GATEWAY_VISITOR_AUDIENCE: 'sportello',
        SPORTELLO_GATEWAY_SESSION_SECRET: 'gateway-bench-session-secret-0123456789abcdef',
        // The bench's load comes from one address: the per-address caps are the hostile suite's to test.
        SPORTELLO_GATEWAY_REQUESTS_PER_IP: '0',
        SPORTELLO_GATEWAY_AI_KEY: 'spk_demo',
        SPORTELLO_GATEWAY_SIGN_TOKEN: 'demo-sign-token',
        SPORTELLO_GATEWAY_SIGN_USER: 'demo',
        SPORTELLO_GATEWAY_DESK_CLIENT_ID: 'sportello-demo',
        SPORTELLO_GATEWAY_DESK_CLIENT_SECRET: 'demo-secret',
        SPORTELLO_GATEWAY_RATE_VISITOR: '100000000',
        SPORTELLO_GATEWAY_RATE_IP: '100000000',
        SPORTELLO_GATEWAY_RATE_AI_CHAT: '100000000',
        SPORTELLO_GATEWAY_RATE_AI_CHAT_IP: '100000000',
        SPORTELLO_GATEWAY_LOG_LEVEL: 'silent',
        ...env,
      },
      /Sportello gateway listening/,
      {
        cwd,
        // One folder per gateway: each thread (tsx's loader has its own) writes a profile.
        nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/${name}`] : [],
        typescript: !built,
        gatewaySide: true,
      },
    );
    gateways[name] = { child, url: `http://127.0.0.1:${port}`, pid: child.pid };
    return gateways[name];
  }
  try {
    const gw = await startGatewayProcess('gateway');
    const variants = [];
    for (const name of variantsWanted()) {
      if (name === 'redis') {
        redis = await startRedis();
        if (!redis) continue; // no redis-server here: the variant is left out (its figures absent)
        variants.push(
          await startGatewayProcess(name, {
            SPORTELLO_GATEWAY_REDIS_URL: redis.url,
            SPORTELLO_GATEWAY_REDIS_PREFIX: 'sportello:bench:',
          }),
        );
      } else if (name === 'logs') {
        variants.push(await startGatewayProcess(name, { SPORTELLO_GATEWAY_LOG_LEVEL: 'info' }));
      } else {
        variants.push(await startGatewayProcess(name, {}, process.env.SPORTELLO_BENCH_GATEWAY_BASELINE));
      }
      variants.at(-1).name = name;
    }
    const direct = `http://127.0.0.1:${simPort}`;
    const via = gw.url;
    const token = await new SignJWT({ sportello: { sign: { files: [1001] }, ai: { agents: [1] } } })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('bench-visitor')
      .setAudience('sportello')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    const signKeys = { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'demo' };
    const aiKeys = { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct' };
    const bearer = { Authorization: `Bearer ${token}` };

    const rounds = { public: [], scoped: [], sse: [], rps: [] };
    for (let r = 0; r < ROUNDS; r++) {
      const widget = '/chat/public/api/widget?widgetKey=demo';
      const pd = await latency(direct + widget, {});
      const pg = await latency(via + widget, {});
      rounds.public.push({ direct: pd, gateway: pg });
      const sd = await latency(`${direct}/sign/api/v2/files/1001`, signKeys);
      const sg = await latency(`${via}/sign/api/v2/files/1001`, bearer);
      rounds.scoped.push({ direct: sd, gateway: sg });
      const ed = await stream(`${direct}/ai/api/v2/chat`, aiKeys);
      const eg = await stream(`${via}/ai/api/v2/chat`, bearer);
      if (eg.events !== ed.events) throw new Error(`events differ: ${ed.events} direct, ${eg.events} through`);
      rounds.sse.push({ direct: ed, gateway: eg });
      // Direct and through alternate within the round, so a change in the machine's load touches both.
      const measured = {};
      for (const [route, path, directHeaders] of [
        ['public', widget, {}],
        ['scoped', '/sign/api/v2/files/1001', signKeys],
      ]) {
        const headers = route === 'public' ? {} : bearer;
        measured[route] = {
          direct: await measuredThroughput(direct + path, directHeaders, { simulator: sim.pid }),
          variants: {},
        };
        // The gateways in a new order each round: the one measured right after direct, or last, is
        // not always the same one.
        const all = [{ name: 'gateway', url: via, pid: gw.pid }, ...variants];
        for (let i = 0; i < all.length; i++) {
          const g = all[(i + r) % all.length];
          const figures = await measuredThroughput(g.url + path, headers, { simulator: sim.pid, gateway: g.pid });
          if (g.name === 'gateway') measured[route].gateway = figures;
          else measured[route].variants[g.name] = figures;
        }
      }
      rounds.rps.push(measured);
    }

    const lat = (list) => ({
      directP50Ms: spread(list.map((x) => x.direct.p50)),
      gatewayP50Ms: spread(list.map((x) => x.gateway.p50)),
      addedP50Ms: spread(list.map((x) => x.gateway.p50 - x.direct.p50)),
      directP95Ms: spread(list.map((x) => x.direct.p95)),
      gatewayP95Ms: spread(list.map((x) => x.gateway.p95)),
      addedP95Ms: spread(list.map((x) => x.gateway.p95 - x.direct.p95)),
      directP99Ms: spread(list.map((x) => x.direct.p99)),
      gatewayP99Ms: spread(list.map((x) => x.gateway.p99)),
      addedP99Ms: spread(list.map((x) => x.gateway.p99 - x.direct.p99)),
    });
    const cpu = (list) => (list.some((x) => x.gateway.cpuMsPerRequest === null) ? null : list);
    /** {process: spread of its CPU ms per request} for one side (direct or through); null off Linux. */
    const perProcess = (sides) =>
      Object.fromEntries(
        Object.keys(sides[0].perRequest).map((name) => [
          name,
          sides.some((s) => s.perRequest[name] === null)
            ? null
            : spread(
                sides.map((s) => s.perRequest[name]),
                3,
              ),
        ]),
      );
    const rps = (list) => ({
      directRps: spread(list.map((x) => x.direct.rps)),
      gatewayRps: spread(list.map((x) => x.gateway.rps)),
      gatewayShareOfDirect: spread(list.map((x) => x.gateway.rps / x.direct.rps)),
      gatewayCpuMsPerRequest: cpu(list) && spread(list.map((x) => x.gateway.cpuMsPerRequest)),
      cpuMsPerRequest: {
        direct: perProcess(list.map((x) => x.direct)),
        through: perProcess(list.map((x) => x.gateway)),
      },
      // The same through each other gateway, measured in the same rounds against the same direct runs.
      variants: Object.fromEntries(
        Object.keys(list[0].variants).map((name) => [
          name,
          {
            gatewayRps: spread(list.map((x) => x.variants[name].rps)),
            gatewayShareOfDirect: spread(list.map((x) => x.variants[name].rps / x.direct.rps)),
            cpuMsPerRequest: perProcess(list.map((x) => x.variants[name])),
          },
        ]),
      ),
    });
    const perEvent = (s) => (s.totalMs / s.events) * 1000;
    return {
      note: `${ROUNDS} rounds; each figure {min, median, max} over the rounds. Latency: ${SEQUENTIAL} sequential requests per round on a kept-alive connection. SSE: bench:100k/20 at simulator pace 0. Throughput: 32 concurrent clients for 2 s. Simulator and gateway are separate processes on loopback. throughput.*.variants: the same through a gateway with Redis as its store (redis) and one logging each request at info (logs), in the same rounds.${compiled ? ' Gateways (not the baseline) run compiled: gateway/dist/, plain node.' : ' Gateways run their sources through tsx.'}${ownCore ? ' Own core: the gateways and Redis on core 1, the client and the simulator on core 0.' : ' Every process may run on every core: once every core is busy, the share of direct throughput is about the CPU per request of client + simulator over client + simulator + gateway.'}`,
      loadAverage: loadavg().map((n) => round(n)),
      latency: { public: lat(rounds.public), scoped: lat(rounds.scoped) },
      sse100k: {
        events: rounds.sse[0].direct.events,
        directFirstEventMs: spread(rounds.sse.map((x) => x.direct.firstMs)),
        gatewayFirstEventMs: spread(rounds.sse.map((x) => x.gateway.firstMs)),
        addedFirstEventMs: spread(rounds.sse.map((x) => x.gateway.firstMs - x.direct.firstMs)),
        directPerEventUs: spread(rounds.sse.map((x) => perEvent(x.direct))),
        gatewayPerEventUs: spread(rounds.sse.map((x) => perEvent(x.gateway))),
        addedPerEventUs: spread(rounds.sse.map((x) => perEvent(x.gateway) - perEvent(x.direct))),
        directTotalMs: spread(rounds.sse.map((x) => x.direct.totalMs)),
        gatewayTotalMs: spread(rounds.sse.map((x) => x.gateway.totalMs)),
      },
      throughput: { public: rps(rounds.rps.map((x) => x.public)), scoped: rps(rounds.rps.map((x) => x.scoped)) },
    };
  } finally {
    agent.destroy();
    for (const child of [...Object.values(gateways).map((g) => g.child), sim, redis?.child]) {
      if (!child || child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}
