import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import './index.js';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import {
  $,
  $$,
  idle,
  lastAnswer,
  panel,
  resetSimulator,
  SIM_URL,
  typeAndSend,
} from '../../test/browser/helpers/ai-chat.js';

// The panel after a failure, as a visitor meets it: what is said matches what is shown, a question
// asked again goes where the service puts it, and the rating thumbs stay together on a phone.

ignoreResizeObserverLoop();

const faults = (body: unknown) =>
  fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const clearFaults = () => fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
const spaced = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('sportello-ai-chat: after a failure', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    await resetSimulator();
  });
  afterEach(clearFaults);

  it('a 429 is announced in the words the notice shows', async () => {
    await faults({ kind: 'status', match: '/ai/api/v2/chat', count: 3, status: 429, retryAfter: 30 });
    const el = await panel();
    await typeAndSend(el, 'hello');
    const notice = await until(() => $(el, '[part="error"] [role="alert"]'));
    const shown = `${spaced(notice.querySelector('.notice-what')?.textContent)} ${spaced(notice.querySelector('.notice-todo')?.textContent)}`;
    expect(shown).to.contain('by itself');
    const live = el.shadowRoot!.querySelector('[aria-live="polite"]')!;
    await until(() => spaced(live.textContent));
    expect(spaced(live.textContent)).to.equal(shown);
  });

  it('"Try again" on an older failed question asks it after the turns that followed, where the service puts it', async () => {
    await faults({ kind: 'status', match: '/ai/api/v2/chat', count: 1, status: 500 });
    const el = await panel();
    await typeAndSend(el, 'What are your opening hours?');
    await until(() => $(el, '[part="error"]'));
    await typeAndSend(el, 'How much does shipping cost?');
    await until(() => $$(el, '.msg.assistant').length === 2 && !$$(el, '[aria-busy="true"]').length);
    await idle(el);
    const retry = $(el, '[part="error-retry"]') as HTMLButtonElement;
    retry.click();
    await until(() => !$(el, '[part="error"]') && !$$(el, '[aria-busy="true"]').length && !$(el, '.footer .bar'));
    const questions = $$(el, '.msg.user').map((m) => spaced(m.textContent));
    expect(questions).to.deep.equal(['How much does shipping cost?', 'What are your opening hours?']);
    expect(spaced(lastAnswer(el).querySelector('.answer')?.textContent)).to.match(/open|hours/i);
  });

  for (const lang of ['en', 'it', 'de', 'fr', 'es'])
    it(`${lang}: on a 390 px phone the two rating thumbs stay on one line`, async () => {
      await setViewport({ width: 390, height: 800 });
      try {
        const el = await panel({ lang });
        await typeAndSend(el, 'What are your opening hours?');
        await idle(el);
        const thumbs = $$(el, '[part~="answer-actions"] .rating');
        expect(thumbs).to.have.length(2);
        const [up, down] = thumbs.map((b) => b.getBoundingClientRect());
        expect(Math.round(down!.top)).to.equal(Math.round(up!.top));
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
});
