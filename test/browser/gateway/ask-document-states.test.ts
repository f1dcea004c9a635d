// "Ask about this document" through the gateway, in each of its states: the progress while the
// analysis runs (held by the simulator until released, so the state is looked at, not raced),
// keyboard only, the kit's five languages, and a page under the strict CSP with Trusted Types.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { GATEWAY_URL } from '/__sportello/env.js';
import { setPdfWorkerSrc } from '../../../src/pdf/pdfjs.js';
import '../../../components/sign-viewer/index.js';
import type { SportelloSignViewer } from '../../../components/sign-viewer/sign-viewer.js';
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';
import { AiChatHarness } from '../../harness/ai-chat.js';
import { docView, resetSim, shadow } from '../helpers/sign-viewer.js';
import { until } from '../helpers/sign-wait.js';
import { openStrictPage, type StrictPage } from '../../setup/strict-page.js';
import {
  askViewer,
  configureAskViewer,
  holdAnalyses,
  part,
  releaseAnalyses,
  AI_GATEWAY,
} from '../helpers/ask-document.js';
import it_ from '../../../src/i18n/locales/it.js';
import en from '../../../src/i18n/locales/en.js';
import de from '../../../src/i18n/locales/de.js';
import fr from '../../../src/i18n/locales/fr.js';
import es from '../../../src/i18n/locales/es.js';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

/** The simulator's summary opens with the document's title and length, in the asked language. */
const SUMMARY_INTRO = {
  it: /è un documento di 3 pagine/,
  en: /is a 3-page document/,
  de: /ist ein Dokument mit 3 Seiten/,
  fr: /est un document de 3 pages/,
  es: /es un documento de 3 páginas/,
};
const CATALOGUES = { it: it_, en, de, fr, es };

/** The element focused inside the viewer's shadow root (and inside the AI panel's, when there). */
function focusedIn(el: Element): Element | null {
  let active: Element | null = shadow(el).activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

describe('through the gateway: "Ask about this document" in each state', () => {
  beforeEach(resetSim);

  it('shows progress while the analysis runs, accessible, with signing there beside it', async () => {
    await holdAnalyses();
    const el = await askViewer();
    const status = await until(() => part(el, 'ask')?.querySelector<HTMLElement>('[role="status"]'), 'no progress');
    expect(status.textContent).to.contain(en.sign.askPreparing);
    expect(status.querySelector('progress')!.getAttribute('aria-labelledby')).to.equal('ask-progress');
    // The analysis is held: the summary and the questions are not there yet; signing is.
    await until(() => shadow(el).querySelector('a[part="sign-button"]'), 'no signing link while analysing');
    expect(part(el, 'ask-summary')).to.equal(null);
    expect(part(el, 'ask-button')).to.equal(null);
    await expect(el).to.be.accessible();

    await releaseAnalyses();
    await until(() => part(el, 'ask-summary'), 'no summary once released');
    expect(part(el, 'ask')!.querySelector('progress')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('works from the keyboard alone: open the questions, ask, follow a citation to its page', async () => {
    const el = await askViewer();
    const summary = await until(() => part(el, 'ask-summary')?.querySelector('summary'), 'no summary');
    summary.focus();
    // From the summary's disclosure, Tab reaches "Ask about this document".
    for (let i = 0; i < 5 && focusedIn(el) !== part(el, 'ask-button'); i++) await sendKeys({ press: 'Tab' });
    expect(focusedIn(el)).to.equal(part(el, 'ask-button'));
    await sendKeys({ press: 'Enter' });
    const chatEl = await until(
      () => shadow(el).querySelector<SportelloAiChat>('sportello-ai-chat:defined'),
      'the AI panel did not open',
    );
    expect(part(el, 'ask-button')!.getAttribute('aria-expanded')).to.equal('true');
    const chat = new AiChatHarness(chatEl);
    const composer = await chat.composer();
    // The next Tabs go into the panel and reach its composer.
    for (let i = 0; i < 15 && focusedIn(el) !== composer.textarea; i++) await sendKeys({ press: 'Tab' });
    expect(focusedIn(el)).to.equal(composer.textarea);
    await sendKeys({ type: 'Con quale preavviso posso recedere dal contratto?' });
    await sendKeys({ press: 'Enter' });
    await until(async () => (await chat.idle(), true), 'no answer');
    await expect(el).to.be.accessible();

    const cite = await until(() => chat.lastAnswer?.querySelector<HTMLButtonElement>('button.cite'), 'no citation');
    cite.focus();
    await sendKeys({ press: 'Enter' });
    const view = docView(el)!;
    await until(() => view.currentPage === 2, 'the cited page was not shown');
    await until(() => view.pageElement(2)!.querySelector('.textLayer span.cited'), 'the passage was not tinted');

    // Closing the questions by keyboard keeps the conversation (the panel is hidden, not removed).
    part(el, 'ask-button')!.focus();
    await sendKeys({ press: 'Enter' });
    expect(part(el, 'ask-button')!.getAttribute('aria-expanded')).to.equal('false');
    expect(chatEl.hidden).to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(chat.answers().length).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('on a phone, where the questions sit above the document, a citation brings the passage on screen', async () => {
    const el = await askViewer('en', 390);
    await until(() => part(el, 'ask-button'), 'no questions');
    part(el, 'ask-button')!.click();
    const chatEl = await until(
      () => shadow(el).querySelector<SportelloAiChat>('sportello-ai-chat:defined'),
      'the AI panel did not open',
    );
    const view = docView(el)!;
    expect(chatEl.getBoundingClientRect().bottom, 'the questions come before the document').to.be.at.most(
      view.getBoundingClientRect().top + 1,
    );
    const chat = new AiChatHarness(chatEl);
    await chat.ask('Con quale preavviso posso recedere dal contratto?');
    await until(async () => (await chat.idle(), true), 'no answer');
    const cite = await until(() => chat.lastAnswer?.querySelector<HTMLButtonElement>('button.cite'), 'no citation');
    cite.scrollIntoView();
    cite.click();
    const cited = await until(
      () => view.pageElement(2)?.querySelector<HTMLElement>('.textLayer span.cited'),
      'the passage was not tinted',
    );
    await until(() => {
      const r = cited.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    }, 'the cited passage is not on screen');
  });

  it("speaks the visitor's language in each of the kit's five, the summary included", async () => {
    for (const lang of ['it', 'en', 'de', 'fr', 'es'] as const) {
      const el = await askViewer(lang);
      const words = CATALOGUES[lang].sign;
      const summary = await until(() => part(el, 'ask-summary'), `no summary in ${lang}`);
      expect(part(el, 'ask')!.querySelector('h3')!.textContent).to.equal(words.askTitle, lang);
      expect(summary.querySelector('summary')!.textContent).to.equal(words.askSummary, lang);
      expect(part(el, 'ai-notice')!.textContent).to.equal(words.askAiNotice, lang);
      expect(summary.textContent).to.match(SUMMARY_INTRO[lang]);
      expect(part(el, 'ask-button')!.textContent!.trim()).to.equal(words.askOpen, lang);
      part(el, 'ask-button')!.click();
      const chatEl = await until(() => shadow(el).querySelector<SportelloAiChat>('sportello-ai-chat:defined'), lang);
      expect(chatEl.getAttribute('lang')).to.equal(lang);
      expect(part(el, 'ask-button')!.textContent!.trim()).to.equal(words.askClose, lang);
      await expect(el).to.be.accessible();
      el.remove();
    }
  });

  describe('under the strict CSP with Trusted Types', () => {
    let page: StrictPage | undefined;
    afterEach(() => page?.close());

    it('summarises, answers and shows the cited passage with 0 violations', async () => {
      page = await openStrictPage({
        modules: ['/components/sign-viewer/index.ts'],
        connectSrc: [GATEWAY_URL],
        width: 1100,
        height: 900,
      });
      const strict = page;
      await strict.window.customElements.whenDefined('sportello-sign-viewer');
      const el = configureAskViewer(strict.document.createElement('sportello-sign-viewer') as SportelloSignViewer);
      expect(el.getAttribute('ai-endpoint')).to.equal(AI_GATEWAY);
      strict.document.body.append(el);
      const summary = await until(
        () => part(el, 'ask-summary'),
        `no summary on the strict page: ${strict.violations.length} violations`,
      );
      expect(summary.textContent).to.match(SUMMARY_INTRO.en);
      part(el, 'ask-button')!.click();
      const chatEl = await until(
        () => shadow(el).querySelector<SportelloAiChat>('sportello-ai-chat:defined'),
        'the AI panel did not load on the strict page',
      );
      const chat = new AiChatHarness(chatEl);
      await chat.ask('Con quale preavviso posso recedere dal contratto?');
      await until(async () => (await chat.idle(), true), 'no answer');
      const cite = await until(() => chat.lastAnswer?.querySelector<HTMLButtonElement>('button.cite'), 'no citation');
      cite.click();
      const view = docView(el)!;
      await until(() => view.currentPage === 2, 'the cited page was not shown');
      await until(() => view.pageElement(2)!.querySelector('.textLayer span.cited'), 'the passage was not tinted');
      await strict.settle();
      strict.assertClean();
    });
  });
});
