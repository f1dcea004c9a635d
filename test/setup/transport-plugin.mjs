// web-test-runner plugin for the transport tests and the strict page harness:
// - starts the HTTP/SSE test server (transport-server.mjs) on an ephemeral loopback port;
// - `/__sportello/rabbit.js` starts RabbitMQ Web-STOMP on first request (only broker tests ask)
//   and tells the page whether it is usable: `export const RABBIT = { ok, wsUrl, reason }`;
// - `/__sportello/strict.html` serves a page under a strict CSP with Trusted Types enforced
//   (see strict-page.ts for how tests use it), `/__sportello/strict-probe.js` records violations.
import { startTransportServer } from './transport-server.mjs';
import { ensureRabbit, stopRabbitIfOurs, RABBIT_WS_URL } from './rabbitmq.mjs';

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/* Keep in step with strict-page.ts. */
export const STRICT_WORKER_SRC = "'self' blob:";

/**
 * The policy the kit promises to work under, `worker-src 'self' blob:` included (the README's
 * recommendation). `workerSrc` replaces that directive; '' leaves it out (workers then fall under
 * script-src 'self': the stream worker's fallback test). `scriptSrc` adds to `script-src 'self'`
 * (`'wasm-unsafe-eval'`: pdf.js' WebAssembly decoders). `connectSrc` adds origins to `connect-src`
 * (the gateway, for a page that talks to it).
 */
export function strictCsp(simUrl, { workerSrc = STRICT_WORKER_SRC, scriptSrc = '', connectSrc = '' } = {}) {
  const sim = new URL(simUrl);
  const simWs = `${sim.protocol === 'https:' ? 'wss:' : 'ws:'}//${sim.host}`;
  return [
    "default-src 'self'",
    `script-src 'self'${scriptSrc ? ` ${scriptSrc}` : ''}`,
    "style-src 'self'",
    `connect-src 'self' ${sim.origin} ${simWs}${connectSrc ? ` ${connectSrc}` : ''}`,
    "require-trusted-types-for 'script'",
    'trusted-types lit-html sportello',
    ...(workerSrc ? [`worker-src ${workerSrc}`] : []),
  ].join('; ');
}

// Classic script, first in <head>: it runs before any module, so nothing escapes the record.
const PROBE = `(() => {
  const record = { violations: [], errors: [] };
  window.__sportelloStrict = record;
  window.addEventListener('securitypolicyviolation', (e) => record.violations.push(e), true);
  window.addEventListener('error', (e) => {
    if (e instanceof ErrorEvent) record.errors.push(e.error || e.message);
    else if (e.target && e.target !== window) record.errors.push('failed to load ' + (e.target.src || e.target.href || e.target.localName));
  }, true);
  window.addEventListener('unhandledrejection', (e) => record.errors.push(e.reason));
})();
`;

export function transportPlugin({ simUrl }) {
  let server;
  return {
    name: 'sportello-transport',
    /** What `/__sportello/env.js` adds for transport tests. */
    get env() {
      return { TRANSPORT_URL: server?.url ?? '', RABBIT_WS_URL };
    },
    async serverStart({ config }) {
      server = await startTransportServer({
        allowedOrigins: [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`],
      });
    },
    async serverStop() {
      await server?.close();
      await stopRabbitIfOurs();
    },
    async serve(context) {
      if (context.path === '/__sportello/rabbit.js') {
        const rabbit = await ensureRabbit();
        if (!rabbit.ok)
          console.error(
            `\n!!! RabbitMQ Web-STOMP unavailable: ${rabbit.reason}. STOMP broker tests will be SKIPPED.\n`,
          );
        // CI installs the broker, so there a broker that will not start is a failure, not a skip.
        const required = process.env.SPORTELLO_REQUIRE_RABBIT === '1';
        return { body: `export const RABBIT = ${JSON.stringify({ ...rabbit, required })};\n`, type: 'js' };
      }
      if (context.path === '/__sportello/strict-probe.js') return { body: PROBE, type: 'js' };
      if (context.path === '/__sportello/strict.html') {
        const modules = context.URL.searchParams.getAll('m');
        const html = context.URL.searchParams.get('html') ?? '';
        const title = context.URL.searchParams.get('title') ?? 'Sportello strict page';
        const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeAttr(title)}</title>
<script src="/__sportello/strict-probe.js"></script>
${modules.map((m) => `<script type="module" src="${escapeAttr(m)}"></script>`).join('\n')}
</head>
<body>
${html}
</body>
</html>
`;
        const workerSrc = context.URL.searchParams.get('workerSrc') ?? undefined;
        const scriptSrc = context.URL.searchParams.get('scriptSrc') ?? undefined;
        // Origins only (scheme://host:port): nothing else may widen the policy.
        const connectSrc = context.URL.searchParams
          .getAll('connectSrc')
          .map((origin) => new URL(origin).origin)
          .join(' ');
        return {
          body,
          type: 'html',
          headers: {
            'Content-Security-Policy': strictCsp(simUrl(), { workerSrc, scriptSrc, connectSrc }),
            'Cache-Control': 'no-store',
          },
        };
      }
      return undefined;
    },
  };
}
