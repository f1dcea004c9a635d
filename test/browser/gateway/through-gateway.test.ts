// The deployment path, on every run: each element talks only to the Sportello gateway (no key, no
// secret in the page), with a visitor token minted as a site's backend would, and the gateway in
// front of the real simulator. One full scenario per element, and what another visitor is refused.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { GATEWAY_URL, SIM_URL } from '/__sportello/env.js';
import { setPdfWorkerSrc } from '../../../src/pdf/pdfjs.js';
import '../../../components/sign-viewer/index.js';
import '../../../components/desk-form/index.js';
import '../../../components/ai-chat/index.js';
import '../../../components/live-chat/index.js';
import type { SportelloSignViewer } from '../../../components/sign-viewer/sign-viewer.js';
import type { SportelloDeskForm } from '../../../components/desk-form/desk-form.js';
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import { FAST_RECONNECT, LiveChatHarness } from '../../harness/live-chat.js';

// web-test-runner has no Vite: the pdf.js worker is named explicitly.
setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

type Provider = (o: { forceRefresh: boolean }) => Promise<string>;

/** The visitor's token, from the test setup's pretend site backend (demo/site-backend.ts accounts). */
const tokenOf =
  (user: 'ada' | 'bruno'): Provider =>
  async () =>
    ((await (await fetch(`/__sportello/visitor-token?user=${user}`)).json()) as { token: string }).token;

const shadow = (el: Element) => el.shadowRoot!;

/** The HTTP statuses of the `sportello-error` events the page heard during the current test. */
const errorStatuses: number[] = [];
document.addEventListener('sportello-error', (e) => {
  const status = (e as CustomEvent<{ error?: { status?: number } }>).detail?.error?.status;
  if (typeof status === 'number') errorStatuses.push(status);
});
beforeEach(() => {
  errorStatuses.length = 0;
});

async function resetSim(): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
}

async function signViewer(idFile: number, user: 'ada' | 'bruno' | null, signer?: string): Promise<SportelloSignViewer> {
  const el = document.createElement('sportello-sign-viewer') as SportelloSignViewer;
  el.setAttribute('lang', 'en');
  el.setAttribute('endpoint', `${GATEWAY_URL}/sign/api/v2`);
  el.setAttribute('poll-interval', '150');
  if (signer) el.setAttribute('signer-email', signer);
  el.setAttribute('id-file', String(idFile));
  if (user) el.tokenProvider = tokenOf(user);
  return fixture<SportelloSignViewer>(el);
}

describe('through the gateway: sportello-sign-viewer', () => {
  beforeEach(resetSim);

  it('Ada sees her practice, paints it, gets her signing link and follows her signature to F', async () => {
    const el = await signViewer(1001, 'ada', 'laura.bianchi@acme.test');
    await waitUntil(() => shadow(el).querySelector('.practice-name'), 'practice not shown', { timeout: 10000 });
    expect(shadow(el).querySelector('.practice-name')!.textContent).to.contain('Contratto');
    await waitUntil(
      () => shadow(el).querySelector('sportello-sign-document')?.shadowRoot?.querySelector('canvas[data-painted]'),
      'no painted page',
      { timeout: 15000 },
    );
    const a = shadow(el).querySelector<HTMLAnchorElement>('[part="sign-button"]')!;
    el.addEventListener('sportello-sign-open', (e) => e.preventDefault(), { once: true });
    const opened = oneEvent(el, 'sportello-sign-open');
    a.click();
    const url = (await opened).detail.url as string;
    expect(url).to.match(/link-1001-2$/);
    const status = oneEvent(el, 'sportello-sign-status');
    const signed = await fetch(`${url}/sign`, { method: 'POST', headers: { Accept: 'application/json' } });
    expect(signed.status).to.equal(200);
    expect((await status).detail).to.include({ idFile: 1001, status: 'F' });
    await expect(el).to.be.accessible();
  });

  it("without signer-email, the viewer is the token's signer's own: Ada (Laura's signer) sees her turn, signs, sees it done", async () => {
    const el = await signViewer(1001, 'ada');
    await waitUntil(() => shadow(el).querySelector('[part="turn"]'), 'no turn shown from the token', {
      timeout: 10000,
    });
    expect(shadow(el).querySelector<HTMLElement>('[part="turn"]')!.dataset.turn).to.equal('your-turn');
    expect(el.matches(':state(your-turn)')).to.equal(true);
    // Her turn: the signing link is offered (the gateway hands it only to the token's signer).
    await waitUntil(() => shadow(el).querySelector('a[part="sign-button"]'), 'no signing link', { timeout: 10000 });
    const sign = shadow(el).querySelector<HTMLAnchorElement>('a[part="sign-button"]')!;
    expect(sign.href).to.match(/link-1001-2$/);
    const signed = await fetch(`${sign.href}/sign`, { method: 'POST', headers: { Accept: 'application/json' } });
    expect(signed.status).to.equal(200);
    // Followed from the start, as a named signer is: the end shows without a click.
    await waitUntil(
      () => shadow(el).querySelector<HTMLElement>('[part="turn"]')?.dataset.turn === 'completed',
      'the signature did not show',
      { timeout: 10000 },
    );
    await expect(el).to.be.accessible();
  });

  it("Bruno is refused Ada's practice: 404 from the gateway, an error shown, nothing of the practice", async () => {
    const el = await signViewer(1001, 'bruno', 'giovanni.verdi@example.test');
    await waitUntil(() => errorStatuses.includes(404), 'no 404 from the gateway', { timeout: 10000 });
    await waitUntil(() => shadow(el).querySelector('[part="error"]'), 'no error shown', { timeout: 10000 });
    expect(shadow(el).querySelector('.practice-name')).to.equal(null);
    expect(deepText(el)).not.to.contain('Contratto');
  });

  it('an anonymous visitor is told to sign in, not that a session expired; signing in shows the practice', async () => {
    const el = await signViewer(1001, null, 'laura.bianchi@acme.test');
    await waitUntil(() => errorStatuses.includes(401), 'no 401 from the gateway', { timeout: 10000 });
    await waitUntil(() => shadow(el).querySelector('[part="error"]'), 'no notice shown', { timeout: 10000 });
    const words = shadow(el).querySelector('[part="error"] [role="alert"]')!.textContent!;
    expect(words).to.contain('You need to be signed in to see this.');
    expect(words).not.to.match(/expired|again/i);
    await expect(el).to.be.accessible();

    // The page signs the visitor in: the viewer recovers by itself with the new credentials.
    el.tokenProvider = tokenOf('ada');
    await waitUntil(() => shadow(el).querySelector('.practice-name'), 'the practice after signing in', {
      timeout: 10000,
    });
  });
});

async function deskForm(user: 'ada' | 'bruno', requestId?: string): Promise<SportelloDeskForm> {
  const host = await fixture<HTMLElement>(html`<div></div>`);
  const form = document.createElement('sportello-desk-form') as SportelloDeskForm;
  form.setAttribute('lang', 'en');
  form.setAttribute('no-draft', '');
  form.endpoint = `${GATEWAY_URL}/desk`;
  form.catalogSrc = `${GATEWAY_URL}/desk/__catalog.json`;
  form.tokenProvider = tokenOf(user);
  if (requestId) form.requestId = requestId;
  host.append(form);
  return form;
}

const field = <T extends HTMLElement>(el: Element, name: string) =>
  shadow(el).querySelector<T>(`[data-field="${CSS.escape(name)}"]`)!;

async function choose(el: SportelloDeskForm, name: string, value: string): Promise<void> {
  await waitUntil(
    () => field<HTMLSelectElement>(el, name)?.querySelector(`option[value="${CSS.escape(value)}"]`),
    `${name} offers ${value}`,
    { timeout: 10000 },
  );
  const select = field<HTMLSelectElement>(el, name);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

describe('through the gateway: sportello-desk-form', () => {
  beforeEach(resetSim);

  it('Ada files a request as herself and follows it; Bruno cannot open it', async () => {
    const form = await deskForm('ada');
    await choose(form, 'servizio', 'id:3');
    await choose(form, 'tipoRichiesta', 'id:101');
    const subject = field<HTMLInputElement>(form, 'oggetto');
    subject.value = 'Orari della sede (via gateway)';
    subject.dispatchEvent(new Event('input', { bubbles: true }));
    await form.updateComplete;
    // The page may say whatever it likes about the user: the gateway sets idUtente from the token.
    form.addEventListener('sportello-before-submit', (e) => (e.detail.body['idUtente'] = 502), { once: true });
    const [event] = await Promise.all([oneEvent(form, 'sportello-request-created'), form.submit()]);
    const id = String(event.detail.idRichiesta);

    const follow = await deskForm('ada', id);
    await waitUntil(
      () =>
        follow.shadowRoot?.textContent?.includes('Orari della sede (via gateway)') ||
        deepText(follow).includes('Orari della sede (via gateway)'),
      'request not shown',
      { timeout: 10000 },
    );

    const detail = await (
      await fetch(`${GATEWAY_URL}/desk/richieste/${id}`, {
        headers: { Authorization: `Bearer ${await tokenOf('ada')({ forceRefresh: false })}` },
      })
    ).json();
    expect(detail.utenteCre.idUtente).to.equal(501);

    const bruno = await deskForm('bruno', id);
    await waitUntil(() => errorStatuses.includes(404), 'Bruno was not refused', { timeout: 10000 });
    expect(deepText(bruno)).not.to.contain('Orari della sede');
  });
});

/** The text of an element and of every shadow root below it. */
function deepText(node: Node): string {
  let text = '';
  const walk = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) text += n.textContent;
    if (n instanceof Element && n.shadowRoot) walk(n.shadowRoot);
    n.childNodes.forEach(walk);
  };
  walk(node);
  return text;
}

describe('through the gateway: sportello-ai-chat', () => {
  beforeEach(resetSim);

  it('Ada asks, the answer streams in through the gateway, and her conversation goes on', async () => {
    const el = await fixture<SportelloAiChat>(html`<sportello-ai-chat
      lang="en"
      agent-id="1"
      endpoint=${`${GATEWAY_URL}/ai/api/v2`}
      .tokenProvider=${tokenOf('ada')}
    ></sportello-ai-chat>`);
    const first = oneEvent(el, 'sportello-usage');
    void el.ask('What are your opening hours?');
    const usage = (await first).detail;
    expect(usage.conversation_id).to.be.a('number');
    await waitUntil(() => /Monday/i.test(deepText(el)), 'answer not shown', { timeout: 15000 });
    const second = oneEvent(el, 'sportello-usage');
    void el.ask('And on Saturday?');
    expect((await second).detail.conversation_id).to.equal(usage.conversation_id);

    // Bruno cannot read it through the gateway.
    const refused = await fetch(`${GATEWAY_URL}/ai/api/v2/conversations/${usage.conversation_id}`, {
      headers: { Authorization: `Bearer ${await tokenOf('bruno')({ forceRefresh: false })}` },
    });
    expect(refused.status).to.equal(404);
  });
});

describe('through the gateway: sportello-live-chat', () => {
  beforeEach(resetSim);

  it("Ada's chat over the proxied WebSocket carries her verified name, whatever the form says", async () => {
    const el = await fixture<SportelloLiveChat>(html`<sportello-live-chat
      lang="en"
      widget-key="demo"
      mode="inline"
      endpoint=${`${GATEWAY_URL}/chat`}
      .tokenProvider=${tokenOf('ada')}
      .stomp=${FAST_RECONNECT}
      .reportNavigation=${false}
    ></sportello-live-chat>`);
    const live = new LiveChatHarness(el);
    await live.waitFor('prechat');
    // Where the widget still offers the fields, a page could type anything: the gateway decides.
    await live.fillPrechat({
      name: 'Someone Else',
      email: 'someone@example.com',
      category: '1',
      message: 'Hello from the gateway',
    });
    await live.started.next(1);
    const chats = (await (
      await fetch(`${SIM_URL}/chat/api/chat/?sort=tsIns,desc`, { headers: { 'X-ChatToken': 'demo-chat-token' } })
    ).json()) as { content: Array<{ idChat: number; name: string; email?: string; verified?: boolean }> };
    const chat = chats.content[0]!;
    expect(chat.name).to.equal('Ada Lovelace');
    expect(chat.email).to.equal('ada@example.test');
    expect(chat.verified).to.equal(true);
    // The socket is the gateway's: the simulator sees one visitor connection, opened by the gateway.
    const sockets = (await (await fetch(`${SIM_URL}/__sim/ws`)).json()) as { sockets: Array<{ kind: string }> };
    expect(sockets.sockets.some((s) => s.kind === 'visitor')).to.equal(true);
  });
});
