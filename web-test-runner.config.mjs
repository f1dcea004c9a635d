// Browser tests: Debian Chromium (headless) against the real simulator on loopback.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { gatewayPlugin } from './test/setup/gateway-plugin.mjs';
import { simulatorPlugin } from './test/setup/simulator-plugin.mjs';
import { summaryReporter } from './test/setup/summary-reporter.mjs';
import { transportPlugin } from './test/setup/transport-plugin.mjs';
import { workerUrlPlugin } from './test/setup/worker-url-plugin.mjs';
import { signPagePlugin } from './test/setup/sign-page-plugin.mjs';
import { forcedColorsPlugin } from './test/setup/forced-colors-plugin.mjs';
import { commonmarkSpecPlugin } from './test/setup/commonmark-spec-plugin.mjs';
import { createServer } from 'node:net';
import { manifestPlugin } from './test/setup/manifest-plugin.mjs';

const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The transport plugin (test HTTP/SSE server, RabbitMQ on demand, strict CSP page) needs the
// simulator's URL; the simulator's env module publishes the transport server's URL.
const transport = transportPlugin({ simUrl: () => simulator.url });
// The gateway in front of the simulator: the deployment path, exercised on every run.
const gateway = gatewayPlugin({ simUrl: () => simulator.url });
const simulator = simulatorPlugin({ env: () => ({ ...transport.env, ...gateway.env }) });

/**
 * Each test's limit; drivers that wait on the test's behalf (the signing page) use the same. It is a
 * guard against a hung test, not a performance budget: on a busy 2-core machine (load 30–40) a
 * signing round trip through the gateway that takes 3 s on a quiet one took over 20 s. Tests wait
 * on conditions and events, so a generous limit costs nothing when they pass.
 */
const TEST_TIMEOUT_MS = 90000;

/**
 * A port the OS says is free. Without one the runner scans up from 8000, and two runs started at
 * the same moment on one machine pick the same port: one of them dies with EADDRINUSE.
 */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const files = process.env.WTR_FILES
  ? process.env.WTR_FILES.split(',')
  : ['test/browser/**/*.test.ts', 'components/**/*.test.ts', 'src/**/*.test.ts'];

/**
 * highlight.js (under lowlight: the AI panel's code highlighting) ships its ESM core as a wrapper of
 * its CommonJS build (`es/core.js` imports `lib/core.js`, which assigns `module.exports` and requires
 * nothing). The production bundler converts it; the test server serves it as a module here.
 */
const highlightCore = {
  name: 'highlight-js-core-as-module',
  transform(context) {
    if (!context.path.endsWith('/highlight.js/lib/core.js')) return undefined;
    return { body: `const module = { exports: {} };\n${context.body}\nexport default module.exports;\n` };
  },
};

export default {
  files,
  port: await freePort(),
  nodeResolve: { exportConditions: ['browser', 'development'] },
  rootDir: '.',
  // One file at a time: tests share one simulator whose fault injection is global.
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 20 * 60 * 1000,
  browserStartTimeout: 60000,
  testFramework: { config: { timeout: TEST_TIMEOUT_MS } },
  // Each file starts from empty storage (see the module): no file inherits another's visitor.
  testRunnerHtml: (testFramework) =>
    `<html><head></head><body><script type="module">
      await import('/test/harness/fresh-origin.ts');
      await import('${testFramework}');
    </script></body></html>`,
  plugins: [
    // Before esbuild: `?worker&url` imports (the SSE worker) resolve to the served source module.
    workerUrlPlugin(),
    esbuildPlugin({ ts: true, tsconfig: './tsconfig.json', target: 'es2022' }),
    highlightCore,
    simulator,
    gateway,
    transport,
    // A signer on the signing service's own page (window and dialog modes of the sign viewer).
    signPagePlugin({ timeout: TEST_TIMEOUT_MS }),
    // Forced colours (high contrast) for the tests that check what stays visible in them.
    forcedColorsPlugin(),
    // The CommonMark spec's examples for the markdown renderer's conformance test.
    commonmarkSpecPlugin(),
    // custom-elements.json for the tests that go through every documented attribute and property.
    manifestPlugin(),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-dev-shm-usage',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--disable-quic',
          '--no-first-run',
        ],
      },
    }),
  ],
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: !process.env.CI }), summaryReporter()],
};
