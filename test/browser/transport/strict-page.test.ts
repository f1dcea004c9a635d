import { expect } from '@open-wc/testing';
import { SIM_URL, TRANSPORT_URL } from '/__sportello/env.js';
import { openStrictPage, type StrictPage } from '../../setup/strict-page.js';

interface SseProbeResult {
  kinds: string[];
  types: string[];
  streams: number;
  status: string;
  reason?: string;
  error?: { kind: string; code: string };
}
type SseProbe = (endpoint: string) => Promise<SseProbeResult>;

async function sseProbe(page: StrictPage): Promise<SseProbe> {
  const win = page.window as unknown as { __sportelloSseProbe?: SseProbe };
  for (let i = 0; i < 100 && !win.__sportelloSseProbe; i++) await page.settle(1);
  if (!win.__sportelloSseProbe) throw new Error('the SSE probe module did not load');
  return win.__sportelloSseProbe;
}

/** Tags the kit ships (design.md). */
const KIT_TAGS = [
  'sportello-config',
  'sportello-ai-chat',
  'sportello-live-chat',
  'sportello-sign-viewer',
  'sportello-desk-form',
  'sportello-desk-request',
];

describe('strict page harness (CSP + Trusted Types)', () => {
  let page: StrictPage | undefined;
  afterEach(() => page?.close());

  it('is served with the strict policy and enforces it', async () => {
    const response = await fetch('/__sportello/strict.html');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).to.contain("script-src 'self'");
    expect(csp).to.contain("style-src 'self'");
    expect(csp).to.contain("require-trusted-types-for 'script'");
    expect(csp).to.contain('trusted-types lit-html sportello');
    expect(csp).to.contain("worker-src 'self' blob:");
    expect(csp).not.to.contain('unsafe');
    // The harness must catch what it promises to: an inline style attribute and a raw innerHTML
    // assignment are both refused and recorded.
    page = await openStrictPage({ html: '<p style="color: red">inline style</p>' });
    // (the TypeError comes from the iframe's realm, so match by message, not by class)
    expect(() => {
      page!.document.body.innerHTML = '<b>raw</b>';
    }).to.throw(/TrustedHTML/);
    await page.settle();
    const directives = page.violations.map((v) => v.effectiveDirective);
    expect(directives).to.include('style-src-attr');
    expect(directives).to.include('require-trusted-types-for');
    expect(() => page!.assertClean()).to.throw(/CSP violation/);
  });

  it('records a module that fails to load', async () => {
    page = await openStrictPage({ modules: ['/does/not/exist.js'] });
    expect(page.errors.length).to.be.greaterThan(0);
  });

  it('loads the whole kit (entries/index.ts) with zero violations, and Lit styles apply', async () => {
    page = await openStrictPage({
      modules: ['/entries/index.ts', '/test/browser/transport/strict-lit-probe.ts'],
      html: '<sportello-config></sportello-config>',
    });
    const win = page.window;
    // The kit defines every element when its tag appears (<sportello-config> too, since it became
    // lazy: the page's own tag brings it): each one loads (with its chunks) in the strict page and
    // renders its first state there (no configuration: the in-element error state) cleanly.
    await win.customElements.whenDefined('sportello-config');
    for (const tag of KIT_TAGS) win.document.body.append(win.document.createElement(tag));
    await Promise.all(KIT_TAGS.map((tag) => win.customElements.whenDefined(tag)));
    for (const tag of KIT_TAGS) {
      const el = win.document.querySelector(tag) as unknown as { updateComplete?: Promise<unknown> };
      await el.updateComplete;
    }
    // Lit adopts `static styles` as constructable stylesheets: style-src 'self' does not block
    // them (they are not <style> elements or attributes). Prove it with a real Lit element.
    await win.customElements.whenDefined('sportello-strict-probe');
    const el = win.document.createElement('sportello-strict-probe');
    win.document.body.append(el);
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    await page.settle();
    const inner = el.shadowRoot!.querySelector('span')!;
    expect(inner.textContent).to.equal('<b>text, not markup</b>');
    expect(win.getComputedStyle(inner).color).to.equal('rgb(1, 2, 3)');
    expect(el.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0);
    page.assertClean();
  });

  /** One AI answer streamed by the kit on a strict page whose CSP has this worker-src (none: no worker-src). */
  async function streamOnStrictPage(
    workerSrc: string | undefined,
    endpoint = `${SIM_URL}/ai/api/v2`,
  ): Promise<{ strict: StrictPage; result: SseProbeResult }> {
    const strict = await openStrictPage({
      modules: ['/test/browser/transport/strict-sse-probe.ts'],
      // No worker-src at all: '' leaves the harness's default out.
      workerSrc: workerSrc ?? '',
    });
    page = strict; // closed after the test
    return { strict, result: await (await sseProbe(strict))(endpoint) };
  }
  function expectWholeAnswer(result: SseProbeResult): void {
    expect(result.kinds.every((k) => k === 'event')).to.equal(true);
    expect(result.types.at(-1)).to.equal('done');
  }

  it("streams an AI answer through the stream worker under the strict policy with worker-src 'self' blob: (Trusted Types URL)", async () => {
    const { strict, result } = await streamOnStrictPage("'self' blob:");
    expect(result.status).to.equal('ready');
    expect(result.streams).to.equal(1);
    expectWholeAnswer(result);
    await strict.settle();
    strict.assertClean();
  });

  it("the stream worker keeps to the page's connect-src: an endpoint the policy does not list is refused, as from the page", async () => {
    const { strict, result } = await streamOnStrictPage("'self' blob:", `${TRANSPORT_URL}/ai/api/v2`);
    expect(result.status, 'the worker ran').to.equal('ready');
    expect(result.error).to.deep.equal({ kind: 'network', code: 'network' });
    expect(result.types).to.deep.equal([]);
    // (The browser reports that violation in the worker, not to the page's listeners.)
    await strict.settle();
    expect(strict.errors).to.deep.equal([]);
  });

  for (const workerSrc of [undefined, "'none'"])
    it(`a page whose CSP refuses the blob: worker (${workerSrc ? `worker-src ${workerSrc}` : "no worker-src: script-src 'self'"}) gets the same answer read on the main thread, no script error`, async () => {
      const { strict, result } = await streamOnStrictPage(workerSrc);
      expect(result.status).to.equal('unavailable');
      expect(result.streams).to.equal(0);
      expectWholeAnswer(result);
      await strict.settle();
      // The browser reports the refused worker as the policy's violation; nothing else happened.
      expect(strict.violations.map((v) => v.effectiveDirective)).to.deep.equal(['worker-src']);
      expect(strict.errors).to.deep.equal([]);
    });
});
