import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import { defaultRatingBody, type RatingInput } from '../../src/model/desk/follow-model.js';
import './index.js';
import type { SportelloDeskRequest } from './desk-request.js';

// The follow view to the end (issue #22 "What to add" 4) against the simulator: live status,
// downloadable files, replies with files, a reminder once a day, reopening and rating.

const DESK = `${SIM_URL}/desk`;
const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const provider = clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'sportello-demo', clientSecret: 'demo-secret' });

/** The help desk's operator side, straight to the simulator (what a back office would do). */
async function operator(path: string, body?: unknown, form?: FormData): Promise<Response> {
  const token = await provider({ forceRefresh: false });
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${DESK}${path}`, {
    method: body !== undefined || form ? 'POST' : 'GET',
    headers,
    body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
}

async function operatorUpload(name: string, text: string): Promise<string> {
  const { idUpload } = await (await operator('/richieste/upload-id')).json();
  const form = new FormData();
  form.append('file', new File([text], name, { type: 'text/plain' }));
  expect((await operator(`/richieste/upload/${idUpload}`, undefined, form)).status).to.equal(200);
  return idUpload;
}

async function follow(id: string, props: Partial<SportelloDeskRequest> = {}): Promise<SportelloDeskRequest> {
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement('sportello-desk-request');
  el.setAttribute('lang', 'en');
  el.endpoint = DESK;
  el.tokenProvider = provider;
  el.requestId = id;
  Object.assign(el, props);
  wrap.append(el);
  await waitUntil(() => el.shadowRoot?.querySelector('#state-badge'), 'request loaded', { timeout: 8000 });
  return el;
}

const $ = <T extends Element = HTMLElement>(el: Element, selector: string) => el.shadowRoot!.querySelector<T>(selector);
const badge = (el: Element) => $(el, '#state-badge')?.textContent?.trim();
const comments = (el: Element) => Array.from(el.shadowRoot!.querySelectorAll('.comment'));

function type(el: Element, selector: string, value: string): void {
  const area = $<HTMLTextAreaElement>(el, selector)!;
  area.value = value;
  area.dispatchEvent(new Event('input'));
}

describe('sportello-desk-request: following a request to the end', () => {
  beforeEach(async () => {
    localStorage.clear();
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });

  it('shows a new state and a reply live, without a click, and announces the change', async () => {
    const el = await follow('7001', { pollInterval: 100 });
    expect(badge(el)).to.equal('Open');
    await waitUntil(() => el.matches(':state(live)'), 'polling while on screen');
    const updated = oneEvent(el, 'sportello-request-updated');
    expect((await operator('/richieste/presa-in-carico', { idRichiesta: 7001, idUtente: 502 })).status).to.equal(200);
    expect((await updated).detail).to.include({ idRichiesta: '7001', statoAvanz: 'P' });
    await waitUntil(() => badge(el) === 'In progress', 'state shown live', { timeout: 8000 });
    await waitUntil(() => el.shadowRoot!.textContent!.includes('Request 7001 was updated: In progress.'), 'announced');
    const idUpload = await operatorUpload('report.txt', 'what we found');
    await operator('/richieste/7001/commento-fornitore', {
      note: 'Here is the report',
      idUpload,
      nomeAllegati: ['report.txt'],
    });
    await waitUntil(() => comments(el).length === 3, 'reply shown live', { timeout: 8000 });
    await expect(el).to.be.accessible();
  });

  it('pauses live updates while off screen and catches up at once when shown again', async () => {
    const el = await follow('7001', { pollInterval: 100 });
    await waitUntil(() => el.matches(':state(live)'), 'polling while on screen');
    el.parentElement!.hidden = true;
    await waitUntil(() => !el.matches(':state(live)'), 'paused while hidden', { timeout: 8000 });
    await operator('/richieste/presa-in-carico', { idRichiesta: 7001, idUtente: 502 });
    el.parentElement!.hidden = false;
    await waitUntil(() => el.matches(':state(live)'), 'live again once shown', { timeout: 8000 });
    await waitUntil(() => badge(el) === 'In progress', 'caught up', { timeout: 8000 });
  });

  it("offers the request's files and the replies' files as links that download with credentials", async () => {
    const idUpload = await operatorUpload('steps.txt', 'step one');
    await operator('/richieste/7001/commento-fornitore', {
      note: 'Try these steps',
      idUpload,
      nomeAllegati: ['steps.txt'],
    });
    const el = await follow('7001', { pollInterval: 0 });
    const links = Array.from(el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a.file-link'));
    expect(links.map((a) => a.textContent)).to.deep.equal(['foto-led.jpg', 'steps.txt']);
    expect(links[1]!.getAttribute('href')).to.equal(`${DESK}/richieste/7001/allegati/steps.txt`);
    expect(links[1]!.getAttribute('download')).to.equal('steps.txt');
    // The page may take the file instead of the browser's save (the event is cancelable).
    el.addEventListener('sportello-attachment-download', (e) => e.preventDefault(), { once: true });
    const downloaded = oneEvent(el, 'sportello-attachment-download');
    links[1]!.click();
    const { detail } = await downloaded;
    expect(detail.name).to.equal('steps.txt');
    expect(await detail.blob.text()).to.equal('step one');
    const photo = oneEvent(el, 'sportello-attachment-download');
    el.addEventListener('sportello-attachment-download', (e) => e.preventDefault(), { once: true });
    links[0]!.click();
    expect((await photo).detail.blob.type).to.equal('image/jpeg');
  });

  it('sends a reply with a file, which then appears as a downloadable link in the thread', async () => {
    const el = await follow('7001', { pollInterval: 0 });
    type(el, '#comment-text', 'Photo of the label attached');
    const input = $<HTMLInputElement>(el, '#reply-files')!;
    const dt = new DataTransfer();
    dt.items.add(new File(['label'], 'label.txt', { type: 'text/plain' }));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => $(el, '.file.done'), 'uploaded', { timeout: 8000 });
    await expect(el).to.be.accessible();
    const added = oneEvent(el, 'sportello-comment-added');
    $<HTMLButtonElement>(el, '.composer button[type="submit"]')!.click();
    expect((await added).detail).to.deep.equal({
      idRichiesta: '7001',
      note: 'Photo of the label attached',
      reminder: false,
      nomeAllegati: ['label.txt'],
    });
    await waitUntil(() => comments(el).length === 3, 'reply in the thread', { timeout: 8000 });
    expect(comments(el).at(-1)!.querySelector('a.file-link')?.textContent).to.equal('label.txt');
    expect($(el, '.file')).to.equal(null, 'the reply box is empty again');
    expect(await (await operator('/richieste/7001/allegati/label.txt')).text()).to.equal('label');
  });

  it('shows a failed reply in the error notice, keeps the text, and its Retry posts it once under the same key', async () => {
    const el = await follow('7001', { pollInterval: 0 });
    type(el, '#comment-text', 'Sent once only');
    // The reply and the transport's two retries of it are answered 503, asking no wait.
    await fetch(`${SIM_URL}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'status',
        status: 503,
        retryAfter: 0,
        match: '/desk/richieste/7001/commento-cliente',
        count: 3,
      }),
    });
    const realFetch = window.fetch;
    const keys: string[] = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/commento-cliente'))
        keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      return realFetch(input, init);
    };
    try {
      $<HTMLButtonElement>(el, '.composer button[type="submit"]')!.click();
      await waitUntil(() => $(el, '#comment-error [part="error"]'), 'the error notice', { timeout: 8000 });
      const notice = $(el, '#comment-error')!;
      expect(notice.textContent).to.contain('The comment was not sent.');
      expect(notice.textContent, 'no server wording').to.not.contain('Injected');
      expect($<HTMLTextAreaElement>(el, '#comment-text')!.value).to.equal('Sent once only');
      await expect(el).to.be.accessible();
      const retry = Array.from(notice.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Try again')!;
      const added = oneEvent(el, 'sportello-comment-added');
      retry.click();
      retry.click();
      expect((await added).detail).to.include({ note: 'Sent once only', reminder: false });
    } finally {
      window.fetch = realFetch;
      await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
    }
    expect(keys.length, 'three refused, one taken').to.equal(4);
    expect(new Set(keys).size, 'one key for every attempt').to.equal(1);
    const thread: Array<{ testo?: string }> = await (await operator('/richieste/commenti/7001')).json();
    expect(thread.filter((c) => c.testo === 'Sent once only').length, 'posted once').to.equal(1);
    await waitUntil(() => !$(el, '#comment-error'), 'the notice goes once sent');
  });

  it('sends a reminder (sollecito) at most once a day, also after a reload', async () => {
    const el = await follow('7001', { pollInterval: 0 });
    const remind = () => $<HTMLButtonElement>(el, '#remind')!;
    expect(remind().disabled).to.equal(false);
    const added = oneEvent(el, 'sportello-comment-added');
    remind().click();
    expect((await added).detail).to.include({ reminder: true, note: 'Reminder: is there any news on this request?' });
    const thread = await (await operator('/richieste/commenti/7001')).json();
    expect(thread.at(-1)).to.include({ tipo: 'CLIENTE', sollecito: true });
    await waitUntil(() => remind().disabled, 'no second reminder today');
    expect($(el, '#remind-hint')!.textContent).to.match(/You can send another reminder from /);
    expect(comments(el).at(-1)!.textContent).to.contain('reminder');
    await expect(el).to.be.accessible();
    // A new view (another tab, a reload) reads the thread and holds the same rule.
    el.remove();
    const again = await follow('7001', { pollInterval: 0 });
    expect($<HTMLButtonElement>(again, '#remind')!.disabled).to.equal(true);
  });

  it('reopens a closed request with a note, then follows the new linked request', async () => {
    const el = await follow('7003', { pollInterval: 0 });
    expect(badge(el)).to.equal('Closed');
    expect(el.matches(':state(closed)')).to.equal(true);
    expect($(el, '.composer')).to.equal(null, 'no reply box on a closed request');
    await expect(el).to.be.accessible();
    type(el, '#reopen-note', 'The VPN drops again every evening');
    await el.updateComplete;
    const reopened = oneEvent(el, 'sportello-request-reopened');
    $<HTMLButtonElement>(el, '.reopen button[type="submit"]')!.click();
    expect((await reopened).detail).to.deep.equal({ idRichiesta: 7100, idRichiestaOriginale: 7003 });
    await waitUntil(() => el.requestId === '7100' && badge(el) === 'Open', 'following the new request', {
      timeout: 8000,
    });
    expect(comments(el).at(-1)!.textContent).to.contain('The VPN drops again every evening');
    const original = await (await operator('/richieste/7003')).json();
    expect(original.idRichiestaRiapertura).to.equal(7100);
    await expect(el).to.be.accessible();
  });

  it('shows a failed reopening in the error notice, and its Retry reopens once', async () => {
    const el = await follow('7003', { pollInterval: 0 });
    type(el, '#reopen-note', 'Still broken');
    await el.updateComplete;
    await fetch(`${SIM_URL}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'status',
        status: 503,
        retryAfter: 0,
        match: '/desk/richieste/riapertura-richiesta-note/7003',
        count: 3,
      }),
    });
    try {
      $<HTMLButtonElement>(el, '.reopen button[type="submit"]')!.click();
      await waitUntil(() => $(el, '#reopen-error [part="error"]'), 'the error notice', { timeout: 8000 });
      const notice = $(el, '#reopen-error')!;
      expect(notice.textContent).to.contain('The request was not reopened.');
      expect($<HTMLTextAreaElement>(el, '#reopen-note')!.getAttribute('aria-describedby')).to.equal('reopen-error');
      await expect(el).to.be.accessible();
      const reopened = oneEvent(el, 'sportello-request-reopened');
      Array.from(notice.querySelectorAll('button'))
        .find((b) => b.textContent?.trim() === 'Try again')!
        .click();
      expect((await reopened).detail).to.deep.equal({ idRichiesta: 7100, idRichiestaOriginale: 7003 });
    } finally {
      await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
    }
    expect((await operator('/richieste/7101')).status, 'reopened once').to.equal(404);
  });

  it('rates a closed request 1-5 with a note through an overridable body, and thanks once rated', async () => {
    const seen: RatingInput[] = [];
    const ratingBody = (input: RatingInput) => {
      seen.push(input);
      return defaultRatingBody(input);
    };
    const el = await follow('7003', { pollInterval: 0, ratingBody });
    const send = () => $<HTMLButtonElement>(el, '.rating button[type="submit"]')!;
    send().click();
    await waitUntil(() => $(el, '#rating-missing'), 'a rating must be chosen');
    expect(seen).to.have.length(0);
    const four = el.shadowRoot!.querySelectorAll<HTMLInputElement>('input[name="rating"]')[3]!;
    expect(four.labels?.[0]?.textContent).to.contain('4 out of 5: Good');
    four.click();
    type(el, '#rating-note', 'Quick and clear');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const rated = oneEvent(el, 'sportello-request-rated');
    send().click();
    expect((await rated).detail).to.deep.equal({ idRichiesta: 7003, valutazione: 4, note: 'Quick and clear' });
    expect(seen).to.deep.equal([{ idRichiesta: 7003, valutazione: 4, note: 'Quick and clear' }]);
    await waitUntil(() => $(el, '#rating-done'), 'thanks shown', { timeout: 8000 });
    expect($(el, '#rating-done')!.textContent).to.contain('you rated this request 4 out of 5');
    const stored = await (await operator('/richieste/7003')).json();
    expect(stored.valutazione).to.include({ valutazione: 4, note: 'Quick and clear' });
    await expect(el).to.be.accessible();
  });
});
