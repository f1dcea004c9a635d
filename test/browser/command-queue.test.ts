/**
 * `Sportello(…)`, the command queue a page can call before the kit loads (README, "Before the kit
 * loads"). Each test is a page of its own (an iframe) with the README's stub as its first script,
 * so the kit really arrives after the calls: the test appends `sportello.js` (its source entry) when
 * it chooses, then drives and reads the live chat through its DOM and events, as a page would.
 */
import { expect } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import type { SportelloCommand } from '../../entries/command-queue.js';
import type { SportelloLiveChat } from '../../components/live-chat/live-chat.js';
import { visitorToken } from './helpers/visitor-token.js';
import { until } from '../harness/harness.js';

const CHAT_URL = `${SIM_URL}/chat`;
const KIT = '/entries/index.ts';

type Page = Window & typeof globalThis & { Sportello: SportelloCommand & { q?: unknown[] } };

/** The stub exactly as the README gives it. */
let stub = '';
let readme = '';
before(async () => {
  readme = await (await fetch('/README.md')).text();
  stub = /<script>(window\.Sportello=[^<]+)<\/script>/.exec(readme)?.[1] ?? '';
  expect(stub, "the README's stub").to.include('Sportello.q');
});

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
  localStorage.clear();
});

/** A page whose first script is the stub, then `markup`; the kit not loaded yet. Its warnings are kept. */
async function page(markup: string): Promise<{ win: Page; warnings: string[] }> {
  const frame = document.createElement('iframe');
  // No `lang` on the page: `configure({ lang })` is the one the elements follow.
  frame.srcdoc = `<!doctype html><html><head><script>${stub}</script></head><body>${markup}</body></html>`;
  const loaded = new Promise((r) => frame.addEventListener('load', r, { once: true }));
  frames.push(frame);
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Page;
  const warnings: string[] = [];
  win.console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  return { win, warnings };
}

/** Appends the kit's script to the page; resolves on `sportello-ready`. */
function loadKit(win: Page): Promise<Event> {
  const ready = new Promise<Event>((r) => win.document.addEventListener('sportello-ready', r, { once: true }));
  const script = win.document.createElement('script');
  script.type = 'module';
  script.src = KIT;
  win.document.head.append(script);
  return ready;
}

const chatOf = (win: Page) => win.document.querySelector<SportelloLiveChat>('sportello-live-chat')!;
const launcherLabel = (win: Page) => chatOf(win).shadowRoot?.querySelector('button')?.getAttribute('aria-label');
/** Requests the page made to the chat service (the window's widget configuration, categories, …). */
const chatRequests = (win: Page) =>
  win.performance.getEntriesByType('resource').filter((e) => e.name.startsWith(`${CHAT_URL}/`));

describe('Sportello(…) before and after the kit loads', () => {
  it('calls made before the kit arrives wait, then run once, in order, when it does', async () => {
    const { win } = await page('<sportello-live-chat widget-key="demo"></sportello-live-chat>');
    const seen: string[] = [];
    win.document.addEventListener('sportello-config-change', () => seen.push('config-change'));
    win.Sportello('configure', { endpoints: { chat: CHAT_URL } });
    win.Sportello('configure', { lang: 'de' });
    win.Sportello('configure', { lang: 'fr' });
    win.Sportello('on', 'ready', () => seen.push('ready'));
    win.Sportello('on', 'chat-open', () => seen.push('chat-open'));
    win.Sportello('open');

    expect(win.Sportello.q, 'queued by the stub').to.have.length(6);
    expect(win.customElements.get('sportello-live-chat'), 'no kit yet').to.equal(undefined);
    expect(seen).to.deep.equal([]);

    await loadKit(win);
    await until(() => seen.includes('chat-open')); // the window opened by the queued open
    // `fr` after `de`: the calls ran in order; each exactly once.
    await until(() => launcherLabel(win) === 'Fermer la fenêtre de chat'); // the French close label
    expect(seen).to.deep.equal(['config-change', 'config-change', 'config-change', 'ready', 'chat-open']);
    expect(chatOf(win).opened).to.equal(true);
    await until(() => chatRequests(win).length > 0); // the window talking to the configured endpoint
  });

  it('after the kit arrived, calls run as they come and `on ready` still answers', async () => {
    const { win } = await page('<sportello-live-chat widget-key="demo" lang="en"></sportello-live-chat>');
    await loadKit(win);
    expect(win.Sportello.q, 'the kit took over from the stub').to.equal(undefined);

    const seen: string[] = [];
    const opened = () => seen.push('chat-open');
    win.Sportello('on', 'ready', () => seen.push('ready'));
    win.Sportello('configure', { endpoints: { chat: CHAT_URL } });
    win.Sportello('on', 'sportello-chat-open', opened);
    win.Sportello('on', 'chat-close', () => seen.push('chat-close'));
    win.Sportello('open');
    await until(() => seen.includes('chat-open')); // the window opened
    win.Sportello('close');
    await until(() => seen.includes('chat-close')); // the window closed
    expect(chatOf(win).opened).to.equal(false);

    // `off` removes the listener: opening again is not heard by it.
    win.Sportello('off', 'chat-open', opened);
    win.Sportello('on', 'chat-open', () => seen.push('heard again'));
    win.Sportello('open');
    await until(() => seen.includes('heard again')); // the window opened again
    expect(seen).to.deep.equal(['ready', 'chat-open', 'chat-close', 'heard again']);
  });

  it("configure merges: a later call (the user's token after login) keeps what earlier ones set", async () => {
    const { win } = await page('<sportello-live-chat widget-key="demo"></sportello-live-chat>');
    win.Sportello('configure', { endpoints: { chat: CHAT_URL }, lang: 'fr' });
    await loadKit(win);
    const errors: Event[] = [];
    win.document.addEventListener('sportello-error', (e) => errors.push(e));
    // After login: only the visitor's token, nothing repeated.
    const token = visitorToken({ sub: 'v-7', name: 'Zoë Verified', email: 'zoe@example.com' });
    win.Sportello('configure', { tokenProvider: async () => token });
    win.Sportello('open');

    // The visitor named by the later call, verified.
    const verified = await until(() => chatOf(win).chatWindow?.shadowRoot?.querySelector('.verified')?.textContent);
    expect(verified).to.contain('Zoë Verified');
    expect(launcherLabel(win), 'the language of the first call').to.equal('Fermer la fenêtre de chat');
    expect(chatRequests(win).length, 'the endpoint of the first call').to.be.greaterThan(0);
    expect(errors).to.deep.equal([]);
  });

  it("the README's CSP hash allows exactly its stub", async () => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(stub));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(readme).to.include(`'sha256-${hash}'`);
    expect(new TextEncoder().encode(stub).length, 'the size the README gives').to.equal(92);
  });

  it('an unknown command, or a call it cannot run, is a console warning and throws nothing', async () => {
    const { win, warnings } = await page('');
    win.Sportello('opne' as 'open');
    await loadKit(win);
    await until(() => warnings.length === 1); // the warning for the queued call
    expect(warnings[0]).to.include('unknown command "opne"');

    win.Sportello('configure', 'en' as unknown as object);
    win.Sportello('open');
    win.Sportello('on', 'chat-open', 'not a function' as unknown as () => void);
    await until(() => warnings.length === 4); // three more warnings
    expect(warnings[1]).to.include("'configure' takes an object");
    expect(warnings[2]).to.include('no <sportello-live-chat> on the page');
    expect(warnings[3]).to.include("'on' takes an event name and a function");
  });
});
