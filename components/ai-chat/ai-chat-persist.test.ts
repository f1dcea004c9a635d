import { expect } from '@open-wc/testing';
import './index.js';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import {
  $$,
  answerAction,
  idle,
  lastAnswer,
  panel,
  resetSimulator,
  typeAndSend,
} from '../../test/browser/helpers/ai-chat.js';

ignoreResizeObserverLoop();

describe('sportello-ai-chat: what follows the visitor (language, kept ratings)', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    await resetSimulator();
  });

  it('code blocks built in one language speak the next one when lang changes', async () => {
    const el = await panel();
    await el.ask('bench:3k/20');
    await idle(el);
    const buttons = () => $$(el, '.code-copy');
    await until(() => buttons().length > 0);
    expect(buttons().every((b) => b.textContent === 'Copy code')).to.equal(true);
    el.setAttribute('lang', 'it');
    await until(() => buttons().every((b) => b.textContent === 'Copia il codice'));
    // The panel's own strings changed with them: the bars are not left behind.
    expect(answerAction(el, 'Utile')).to.exist;
    el.setAttribute('lang', 'de');
    await until(() => buttons().every((b) => b.textContent === 'Code kopieren'));
  });

  it('code blocks of an answer asked after a language change are built in the new language', async () => {
    // The bars' labels are read once per task while an answer is built: never kept past it.
    const el = await panel();
    await el.ask('bench:3k/20');
    await idle(el);
    const buttons = () => $$(el, '.code-copy');
    await until(() => buttons().length > 0);
    const first = lastAnswer(el);
    el.setAttribute('lang', 'fr');
    await until(() => buttons().every((b) => b.textContent === 'Copier le code'));
    await el.ask('bench:3k/20');
    const second = () => (lastAnswer(el) !== first ? lastAnswer(el) : undefined);
    await until(() => (second()?.querySelectorAll('.code-copy').length ?? 0) > 0);
    await idle(el);
    const labels = Array.from(second()!.querySelectorAll('.code-copy'), (b) => b.textContent);
    expect(labels).to.deep.equal(labels.map(() => 'Copier le code'));
  });

  it('a rating survives a reload (persist)', async () => {
    const el = await panel({ persist: 'session', id: 'rated' });
    await typeAndSend(el, 'What are your opening hours?');
    await idle(el);
    answerAction(el, 'Not helpful')!.click();
    await until(() => answerAction(el, 'Not helpful')!.getAttribute('aria-pressed') === 'true');
    el.remove();

    const again = await panel({ persist: 'session', id: 'rated' });
    await until(() => lastAnswer(again)?.querySelector('[part~=answer-actions]'));
    expect(answerAction(again, 'Not helpful')!.getAttribute('aria-pressed')).to.equal('true');
    expect(answerAction(again, 'Helpful')!.getAttribute('aria-pressed')).to.equal('false');
    // The page is told which answer was rated, after the reload too.
    const feedback: Array<{ rating: string | null; messageId?: number }> = [];
    again.addEventListener('sportello-feedback', (e) => feedback.push(e.detail));
    answerAction(again, 'Helpful')!.click();
    await until(() => feedback.length === 1);
    expect(feedback[0]!.rating).to.equal('up');
    expect(feedback[0]!.messageId).to.be.a('number');
  });
});
