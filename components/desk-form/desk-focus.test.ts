import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import {
  $,
  AI,
  CATALOG,
  DESK,
  followRequest,
  operatorPost,
  provider,
  SIM_URL,
  typeInto,
} from '../../test/browser/helpers/desk.js';
import './index.js';

// Where the keyboard's focus goes when the control that had it leaves the page: after "Use" on a
// suggested classification, and after reopening a request (its new request loads first).

/** The element focused inside `el`'s shadow root (null when the focus fell out of it, to <body>). */
const focusedIn = (el: Element) => (document.activeElement === el ? el.shadowRoot!.activeElement : null);

/** Focuses a button and presses it, as Enter on the keyboard does. */
function press(button: HTMLButtonElement): void {
  button.focus();
  button.click();
}

describe('help desk: the focus stays in the form', () => {
  beforeEach(async () => {
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });

  it('after "Use" on a suggested classification, on the service it set', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    const el = document.createElement('sportello-desk-form');
    const attrs = { lang: 'en', 'user-id': '501', 'no-draft': '', 'ai-api-key': 'spk_demo', 'assist-delay': '50' };
    for (const [k, v] of Object.entries({ ...attrs, 'classify-catalog': '1' })) el.setAttribute(k, v);
    el.endpoint = DESK;
    el.tokenProvider = provider;
    el.aiEndpoint = AI;
    el.catalogSrc = CATALOG;
    wrap.append(el);
    await waitUntil(() => $(el, 'select[data-field="servizio"] option:nth-child(2)'), 'catalogue', { timeout: 8000 });
    await typeInto(el, '[data-field="descrizione"]', 'My laptop does not turn on, the screen stays black');
    await waitUntil(() => $(el, '.suggestion button.apply'), 'suggestion shown', { timeout: 8000 });
    press($<HTMLButtonElement>(el, '.suggestion button.apply')!);
    await waitUntil(() => !$(el, '.suggestion'), 'the card goes');
    await el.updateComplete;
    const focused = focusedIn(el);
    expect(focused?.getAttribute('data-field'), 'focus on the service').to.equal('servizio');
    expect((focused as HTMLSelectElement).value).to.equal('id:1');
  });

  it("after reopening a request, on the new request's title once it has loaded", async () => {
    const el = await followRequest('7003');
    await typeInto(el, '#reopen-note', 'The VPN drops again');
    const reopened = oneEvent(el, 'sportello-request-reopened');
    press($<HTMLButtonElement>(el, '.reopen button[type="submit"]')!);
    await reopened;
    await waitUntil(() => focusedIn(el)?.id === 'request-title', 'focus on the new request', { timeout: 8000 });
    expect(focusedIn(el)!.textContent).to.equal('Request 7100');
  });

  it('after "Follow request N" on a reopened one, on that request\'s title', async () => {
    expect((await operatorPost('/richieste/riapertura-richiesta-note/7003', { note: 'Again' })).status).to.equal(200);
    const el = await followRequest('7003');
    await waitUntil(() => $(el, '.closure button.link'), 'the link to the new request', { timeout: 8000 });
    press($<HTMLButtonElement>(el, '.closure button.link')!);
    await waitUntil(() => focusedIn(el)?.id === 'request-title', 'focus on the new request', { timeout: 8000 });
    expect(el.requestId).to.equal('7100');
  });
});
