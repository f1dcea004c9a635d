/**
 * Strict page harness: loads modules into a same-origin iframe served with
 *
 *   Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self';
 *     connect-src 'self' <simulator origin> <simulator ws origin>; worker-src 'self' blob:;
 *     require-trusted-types-for 'script'; trusted-types lit-html sportello
 *
 * and records every `securitypolicyviolation` (and every script error) from before the first
 * module runs. Use it in an element's tests to prove the element works on a hardened host page:
 *
 * ```ts
 * import { openStrictPage } from '../../test/setup/strict-page.js';
 *
 * it('renders under a strict CSP with Trusted Types', async () => {
 *   const page = await openStrictPage({
 *     modules: ['/components/ai-chat/index.ts'],            // dev-server paths, loaded in order
 *     html: '<sportello-ai-chat lang="it"></sportello-ai-chat>', // static markup for <body>
 *   });
 *   try {
 *     const el = page.document.querySelector('sportello-ai-chat')!;
 *     await page.window.customElements.whenDefined('sportello-ai-chat');
 *     // ... drive the element (set properties from here, e.g. the SIM_URL endpoint) ...
 *     await page.settle();        // a couple of frames for pending renders
 *     page.assertClean();         // throws with a readable list of violations / errors
 *   } finally {
 *     page.close();
 *   }
 * });
 * ```
 *
 * Notes: `html` must itself be clean (no inline `style=""`, `<style>`, `on*=` or inline scripts:
 * those are violations by design). The element's classes live in the iframe's realm, so use
 * `page.window.HTMLElement` etc. for instanceof checks. Lit's `static styles` are adopted as
 * constructable stylesheets, which `style-src 'self'` does not block (the kit test checks it).
 */

export interface StrictPage {
  iframe: HTMLIFrameElement;
  window: Window & typeof globalThis;
  document: Document;
  /** Live list: grows if something violates the policy later. */
  violations: SecurityPolicyViolationEvent[];
  /** Uncaught errors, unhandled rejections and scripts that failed to load, in the page. */
  errors: unknown[];
  /** Waits a few animation frames in the page (renders, adopted styles). */
  settle(frames?: number): Promise<void>;
  /** Throws an Error describing every violation and error recorded so far. */
  assertClean(): void;
  close(): void;
}

export interface StrictPageOptions {
  /** Module URLs (dev-server paths such as `/entries/index.ts`), each a `<script type="module">`. */
  modules?: string[];
  /** Static markup placed in `<body>`. */
  html?: string;
  title?: string;
  /**
   * The policy's `worker-src` (default `'self' blob:`, as the README recommends); `'none'` refuses
   * workers, `''` leaves the directive out (workers then fall under script-src 'self').
   */
  workerSrc?: string;
  /** Added to `script-src 'self'`, e.g. `'wasm-unsafe-eval'` (pdf.js' WebAssembly decoders). */
  scriptSrc?: string;
  /** Origins added to `connect-src` (the gateway, for a page that talks to it). */
  connectSrc?: string[];
  /** iframe size; elements that measure themselves need room. Default 800×600. */
  width?: number;
  height?: number;
}

interface StrictRecord {
  violations: SecurityPolicyViolationEvent[];
  errors: unknown[];
}

export function describeViolation(v: SecurityPolicyViolationEvent): string {
  const where = v.sourceFile ? ` at ${v.sourceFile}:${v.lineNumber}:${v.columnNumber}` : '';
  const sample = v.sample ? ` sample ${JSON.stringify(v.sample)}` : '';
  return `${v.effectiveDirective} blocked ${v.blockedURI || '(inline)'}${where}${sample}`;
}

export async function openStrictPage(options: StrictPageOptions = {}): Promise<StrictPage> {
  const params = new URLSearchParams();
  for (const m of options.modules ?? []) params.append('m', m);
  if (options.html) params.set('html', options.html);
  if (options.title) params.set('title', options.title);
  if (options.workerSrc !== undefined) params.set('workerSrc', options.workerSrc);
  if (options.scriptSrc) params.set('scriptSrc', options.scriptSrc);
  for (const origin of options.connectSrc ?? []) params.append('connectSrc', origin);
  const iframe = document.createElement('iframe');
  iframe.width = String(options.width ?? 800);
  iframe.height = String(options.height ?? 600);
  iframe.title = options.title ?? 'Sportello strict page';
  const loaded = new Promise<void>((resolve) => iframe.addEventListener('load', () => resolve(), { once: true }));
  iframe.src = `/__sportello/strict.html?${params}`;
  document.body.append(iframe);
  await loaded;
  const win = iframe.contentWindow as (Window & typeof globalThis & { __sportelloStrict?: StrictRecord }) | null;
  if (!win?.__sportelloStrict)
    throw new Error('The strict page did not load its probe (is the transport plugin in web-test-runner.config.mjs?)');
  const record = win.__sportelloStrict;
  const page: StrictPage = {
    iframe,
    window: win,
    document: win.document,
    violations: record.violations,
    errors: record.errors,
    settle: async (frames = 2) => {
      for (let i = 0; i < frames; i++) await new Promise<void>((resolve) => win.requestAnimationFrame(() => resolve()));
    },
    assertClean: () => {
      const problems = [
        ...record.violations.map((v) => `CSP violation: ${describeViolation(v)}`),
        ...record.errors.map((e) => `error: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`),
      ];
      if (problems.length) throw new Error(`The strict page is not clean:\n- ${problems.join('\n- ')}`);
    },
    close: () => iframe.remove(),
  };
  await page.settle();
  return page;
}
