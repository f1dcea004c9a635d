/**
 * The whole kit on ONE page served under the strict policy the README recommends —
 *   default-src 'self'; script-src 'self'; style-src 'self'; worker-src 'self' blob:;
 *   connect-src 'self' <sim>; require-trusted-types-for 'script'; trusted-types lit-html sportello
 * — each element showing real content at once: an AI answer streamed with its sources, a live chat
 * with messages and an attachment, a practice with its PDF painted and its areas placed, a desk
 * form with its catalogue and a created request. Any `securitypolicyviolation` (or script error)
 * fails the test. The per-element strict tests go deeper; this one proves they also hold together.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { openStrictPage, type StrictPage } from '../setup/strict-page.js';
import { clientCredentials } from '../../src/transport/auth.js';
import { ignoreResizeObserverLoop } from './helpers/chat-frames.js';
import { CHAT_URL, resetSim } from './helpers/live-chat.js';
import { FAST_RECONNECT, LiveChatHarness } from '../harness/live-chat.js';
import { delivered } from '../harness/thread.js';
import type { SportelloLiveChat } from '../../components/live-chat/live-chat.js';
import type { SportelloDeskForm } from '../../components/desk-form/desk-form.js';

ignoreResizeObserverLoop();

const provider = clientCredentials({
  tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const wait = <T>(check: () => T | null | undefined | false, what: string, page: StrictPage) =>
  waitUntil(check, `${what} (violations so far: ${page.violations.length})`, { timeout: 20000 }).then(
    () => check() as T,
  );

describe('the kit with real content on one strict page', () => {
  let page: StrictPage | undefined;
  before(resetSim);
  afterEach(() => page?.close());

  it('AI answer with sources, live chat with an attachment, painted PDF with areas, desk request created: 0 violations', async function (this: {
    timeout(ms: number): void;
  }) {
    this.timeout(90000);
    // Configured the way a page without script would: one <sportello-config> with per-service endpoints.
    page = await openStrictPage({
      modules: [
        '/components/shared/sportello-config.ts',
        '/components/ai-chat/index.ts',
        '/components/live-chat/index.ts',
        '/components/sign-viewer/index.ts',
        '/components/desk-form/index.ts',
      ],
      html: `<sportello-config lang="en"
          ai-endpoint="${attr(`${SIM_URL}/ai/api/v2`)}"
          chat-endpoint="${attr(CHAT_URL)}"
          sign-endpoint="${attr(`${SIM_URL}/sign/api/v2`)}"
          desk-endpoint="${attr(`${SIM_URL}/desk`)}">
        <sportello-sign-viewer sign-token="demo-sign-token" sign-user="demo" signer-email="mario.rossi@acme.test" id-file="1001"></sportello-sign-viewer>
        <sportello-ai-chat agent-id="1" api-key="spk_demo"></sportello-ai-chat>
        <sportello-live-chat mode="inline" widget-key="demo"></sportello-live-chat>
        <sportello-desk-form user-id="501" no-draft catalog-src="${attr(`${SIM_URL}/desk/__catalog.json`)}"></sportello-desk-form>
      </sportello-config>`,
      width: 1100,
      height: 3200,
    });
    const strict = page;
    const doc = strict.document;
    for (const tag of ['sportello-sign-viewer', 'sportello-ai-chat', 'sportello-live-chat', 'sportello-desk-form'])
      await strict.window.customElements.whenDefined(tag);

    // Sign: the PDF painted, the areas placed on the page.
    const viewer = doc.querySelector('sportello-sign-viewer')!;
    const inDoc = <T extends Element>(sel: string) =>
      viewer.shadowRoot?.querySelector('sportello-sign-document')?.shadowRoot?.querySelector<T>(sel) ?? null;
    const canvas = await wait(
      () => inDoc<HTMLCanvasElement>('canvas[data-painted]'),
      `PDF painted; the viewer shows: ${viewer.shadowRoot?.textContent?.replace(/\s+/g, ' ').slice(0, 300)} / ${viewer.shadowRoot?.querySelector('sportello-sign-document')?.shadowRoot?.innerHTML.slice(0, 500)}`,
      strict,
    );
    const pageBox = inDoc<HTMLElement>('.page[data-page="1"]')!.getBoundingClientRect();
    expect(canvas.getBoundingClientRect().width).to.be.closeTo(pageBox.width, 1);
    const areas = await wait(
      () => {
        const found = [...(inDoc<HTMLElement>('.page[data-page="1"]')?.querySelectorAll<HTMLElement>('.area') ?? [])];
        return found.length ? found : undefined;
      },
      'areas placed on page 1',
      strict,
    );
    for (const a of areas) expect(a.getBoundingClientRect().width).to.be.greaterThan(4);

    // The desk form takes its token provider as a property (a portal's login).
    const desk = doc.querySelector('sportello-desk-form') as SportelloDeskForm;
    desk.tokenProvider = provider;

    // AI: an answer streamed (through the stream worker) with its sources.
    const ai = doc.querySelector('sportello-ai-chat') as HTMLElement & {
      ask(text: string): Promise<void>;
      updateComplete: Promise<unknown>;
    };
    await ai.updateComplete;
    const asked = ai.ask('What are your opening hours?');

    // Live chat: a conversation with the scripted operator, then a file.
    const chat = new LiveChatHarness(doc.querySelector('sportello-live-chat') as SportelloLiveChat);
    chat.element.reportNavigation = false;
    chat.element.stomp = FAST_RECONNECT;
    await wait(() => chat.view() === 'prechat', 'chat pre-chat form', strict);
    await chat.fillPrechat({ name: 'Strict', email: 'strict@example.com', category: '2', message: 'Hello' });
    await wait(() => chat.rows().some((r) => r.role === 'other' && r.author === 'Giulia'), 'operator answer', strict);
    const composer = await chat.composerReady();
    await composer.attach(new File(['strict notes'], 'notes.txt', { type: 'text/plain' }));
    await wait(
      () => composer.tray().some((a) => a.name === 'notes.txt' && a.state === 'done'),
      'attachment uploaded',
      strict,
    );
    await composer.send('here is the file');
    const sent = await wait(
      () => chat.rows().find((r) => r.files.length && delivered(r)),
      'message with attachment delivered',
      strict,
    );
    const link = await wait(
      () => sent.element.querySelector<HTMLAnchorElement>('a[download="notes.txt"]'),
      'attachment link shown',
      strict,
    );
    expect(link.rel).to.equal('noopener noreferrer');

    // Desk: the catalogue offered, a request created and followed.
    const root = () => desk.shadowRoot!;
    const set = async (field: string, value: string, event = 'change') => {
      const control = await wait(
        () => root().querySelector<HTMLInputElement>(`[data-field="${CSS.escape(field)}"]`),
        field,
        strict,
      );
      await wait(
        () => control.tagName !== 'SELECT' || control.querySelector(`option[value="${CSS.escape(value)}"]`),
        `${field} offers ${value}`,
        strict,
      );
      control.value = value;
      control.dispatchEvent(new strict.window.Event(event, { bubbles: true }));
      await desk.updateComplete;
    };
    await set('servizio', 'id:1');
    await set('tipoRichiesta', 'id:100');
    await set('extra.id:101', 'NB-1', 'input');
    await set('extra.id:102', '2026-02-01', 'input');
    await set('extra.id:103', 'NESSUNO');
    await set('oggetto', 'Strict page request', 'input');
    const created = await desk.submit();
    expect(created?.idRichiesta, 'request created').to.be.a('number');
    desk.requestId = String(created!.idRichiesta);
    const view = await wait(() => root().querySelector('sportello-desk-request'), 'follow-up view', strict);
    await wait(() => view.shadowRoot?.querySelector('.facts'), 'created request shown', strict);

    // AI: the answer finished, with sources.
    await asked;
    const thread = () => ai.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot;
    await wait(
      () => thread()?.querySelector('.msg.assistant[aria-busy="false"] .md')?.children.length,
      'AI answer',
      strict,
    );
    expect(thread()!.querySelectorAll('.sources li').length, 'sources listed').to.be.greaterThan(0);

    await strict.settle();
    strict.assertClean();
    expect(strict.violations).to.have.length(0);
  });
});
