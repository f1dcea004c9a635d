import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import sinon from 'sinon';
import { clientCredentials } from '../../src/transport/auth.js';
import { until } from '../../test/harness/harness.js';
import './index.js';
import type { SportelloDeskForm } from './desk-form.js';

// Issue #22 "What to add" 1 and 2 against the simulator's AI service: deflection (POST /search/faq)
// and the suggested classification (POST /analysis/catalogs/classify, seeded catalog 1).

const DESK = `${SIM_URL}/desk`;
const AI = `${SIM_URL}/ai/api/v2`;
const CATALOG = `${SIM_URL}/desk/__catalog.json`;
const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const provider = clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'sportello-demo', clientSecret: 'demo-secret' });

async function makeForm(attrs: Record<string, string>): Promise<SportelloDeskForm> {
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  const form = document.createElement('sportello-desk-form');
  for (const [k, v] of Object.entries({
    lang: 'en',
    'user-id': '501',
    'no-draft': '',
    'ai-api-key': 'spk_demo',
    'assist-delay': '50',
    ...attrs,
  }))
    form.setAttribute(k, v);
  form.endpoint = DESK;
  form.tokenProvider = provider;
  form.aiEndpoint = AI;
  form.catalogSrc = CATALOG;
  wrap.append(form);
  await waitUntil(
    () => form.shadowRoot?.querySelector('select[data-field="servizio"] option:nth-child(2)'),
    'catalogue',
    {
      timeout: 8000,
    },
  );
  return form;
}

const $ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);

async function type(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(el, `[data-field="${field}"]`)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await el.updateComplete;
}

/** POST /search/faq calls the page made, counted by the browser's own resource timing. */
const searches = () =>
  performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/ai/api/v2/search/faq')).length;

describe('sportello-desk-form: deflection and suggested classification', () => {
  beforeEach(async () => {
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
    performance.clearResourceTimings();
  });

  it('is off unless configured: no AI call, no panel', async () => {
    const el = await makeForm({});
    await type(el, 'oggetto', 'I forgot my password and cannot sign in');
    await el.updateComplete;
    expect($(el, '.deflection, .suggestion, .assist-status')).to.equal(null);
    expect(searches()).to.equal(0);
  });

  it('shows up to three answers while the customer writes; "This answered my question" ends without a request', async () => {
    const el = await makeForm({ 'deflect-kb': '2' });
    let created = 0;
    el.addEventListener('sportello-request-created', () => created++);
    await type(el, 'oggetto', 'I forgot my password');
    await type(el, 'descrizione', 'I cannot sign in to the customer area any more, how do I reset my password?');
    await waitUntil(() => $(el, '.deflection .answer'), 'answers shown', { timeout: 8000 });
    const answers = Array.from(el.shadowRoot!.querySelectorAll('.deflection .answer'));
    expect(answers.length).to.be.within(1, 3);
    expect(answers[0]!.querySelector('h4')!.textContent).to.equal('I forgot my password');
    // The answer's markdown went through the sanitising renderer: bold is <strong>, no raw asterisks.
    expect(answers[0]!.querySelector('.answer-body strong')?.textContent).to.equal('Forgot password?');
    await expect(el).to.be.accessible();
    const deflected = oneEvent(el, 'sportello-deflected');
    answers[0]!.querySelector<HTMLButtonElement>('button.answered')!.click();
    const { detail } = await deflected;
    expect(detail).to.include({ kind: 'faq', title: 'I forgot my password' });
    expect(detail.question).to.contain('I forgot my password').and.contain('reset my password');
    expect(detail.answerId).to.match(/^\d+$/);
    await waitUntil(() => $(el, '#deflected-title'), 'done view');
    expect(el.shadowRoot!.activeElement?.id).to.equal('deflected-title');
    await expect(el).to.be.accessible();
    expect(created).to.equal(0);
    // "I still need help": back to the form, nothing typed lost.
    $<HTMLButtonElement>(el, '[part="deflected"] button')!.click();
    await waitUntil(() => $(el, 'form'), 'form again');
    expect(el.formValues.oggetto).to.equal('I forgot my password');
  });

  it('"Continue with my request" hides the answers and the form goes on', async () => {
    const el = await makeForm({ 'deflect-kb': '2' });
    await type(el, 'oggetto', 'What are your opening hours on Saturday?');
    await waitUntil(() => $(el, '.deflection .answer'), 'answers shown', { timeout: 8000 });
    $<HTMLButtonElement>(el, '.deflection button.continue')!.click();
    await el.updateComplete;
    expect($(el, '.deflection')).to.equal(null);
    expect($(el, 'form')).to.not.equal(null);
  });

  it('asks once per resting text: fast typing is debounced, a newer text replaces the answers', async () => {
    const el = await makeForm({ 'deflect-kb': '2', 'assist-delay': '400' });
    // The debounce runs on a clock the test moves: each text comes 100 ms after the one before it,
    // however slowly a loaded machine types. The answers come over the network, in real time.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const text of ['How much', 'How much does', 'How much does shipping', 'How much does shipping cost?']) {
        await type(el, 'oggetto', text);
        clock.tick(100);
      }
      clock.tick(300);
      await until(() => $(el, '.deflection .answer'));
      expect(searches()).to.equal(1);
      expect($(el, '.deflection .answer h4')!.textContent).to.equal('How much does shipping cost?');
      await type(el, 'oggetto', 'I paid twice and want a refund');
      clock.tick(400);
      await until(() => $(el, '.deflection .answer h4')?.textContent === 'I paid twice, how do I get a refund?');
      expect(searches()).to.equal(2);
    } finally {
      clock.restore();
    }
  });

  it('suggests a classification with its confidence, applied only when accepted', async () => {
    const el = await makeForm({ 'classify-catalog': '1' });
    await type(el, 'oggetto', 'Laptop broken');
    await type(el, 'descrizione', 'My laptop does not turn on, the screen stays black');
    await waitUntil(() => $(el, '.suggestion'), 'suggestion shown', { timeout: 8000 });
    const card = $(el, '.suggestion')!;
    expect(card.textContent).to.contain('Servizi informatici › Postazione di lavoro › Segnalazione guasto');
    expect(card.querySelector('.badge')!.textContent).to.match(/(Very likely|Likely|Possible) · \d+%/);
    // Nothing applied yet.
    expect(el.formValues.servizio).to.equal('');
    await expect(el).to.be.accessible();
    card.querySelector<HTMLButtonElement>('button.apply')!.click();
    await el.updateComplete;
    expect(el.formValues).to.include({ servizio: 'id:1', assetRoot: 'id:10', tipoRichiesta: 'id:100' });
    expect($<HTMLSelectElement>(el, 'select[data-field="tipoRichiesta"]')!.value).to.equal('id:100');
    expect($(el, '.suggestion')).to.equal(null, 'the card goes once the suggestion is in place');
    await waitUntil(() => el.shadowRoot!.textContent!.includes('Classification set to'), 'announced');
  });

  it('"No, thanks" keeps the customer\'s choice and does not ask again for the same label', async () => {
    const el = await makeForm({ 'classify-catalog': '1' });
    await type(el, 'descrizione', 'The air conditioning in the office is broken and it is too hot');
    await waitUntil(() => $(el, '.suggestion'), 'suggestion shown', { timeout: 8000 });
    $<HTMLButtonElement>(el, '.suggestion button.decline')!.click();
    await el.updateComplete;
    expect($(el, '.suggestion')).to.equal(null);
    expect(el.formValues.servizio).to.equal('');
  });

  it('stays quiet in the form when the AI service fails, and reports sportello-error', async () => {
    const el = await makeForm({ 'classify-catalog': '2' });
    const failed = oneEvent(el, 'sportello-error');
    await type(el, 'descrizione', 'My laptop does not turn on at all');
    expect((await failed).detail.operation).to.equal('classify');
    expect($(el, '.suggestion')).to.equal(null);
    expect($(el, 'form')).to.not.equal(null);
  });
});
