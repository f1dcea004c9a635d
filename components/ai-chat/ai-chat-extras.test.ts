import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './index.js';
import type { SportelloAiChat } from './ai-chat.js';
import type { AiFeedbackDetail } from './events.js';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import { $, $$, idle, lastAnswer, panel, resetSimulator, typeAndSend } from '../../test/browser/helpers/ai-chat.js';
import { AiChatHarness } from '../../test/harness/ai-chat.js';
import { textOf } from '../../test/harness/harness.js';

// What follows an answer: the service's suggested follow-ups, feedback with a reason and a comment;
// pictures with thumbnails (picked, pasted, dropped); the conversation downloaded as Markdown.

ignoreResizeObserverLoop();

const spaced = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
/** The element focused in the panel's thread (or the panel itself), as a keyboard user's focus is. */
const focused = (el: SportelloAiChat): Element | null => {
  let active = el.shadowRoot!.activeElement;
  while (active?.shadowRoot?.activeElement && active.tagName === 'SPORTELLO-AI-THREAD')
    active = active.shadowRoot.activeElement;
  return active;
};
const followUps = (el: SportelloAiChat) => $$(el, '[part~="follow-ups"] button').map((b) => spaced(b.textContent));

/** A red 40×30 PNG, made in the browser. */
async function redPicture(name: string): Promise<File> {
  const canvas = new OffscreenCanvas(40, 30);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#d00';
  context.fillRect(0, 0, 40, 30);
  return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
}
/** Whether a thumbnail's canvas shows the red picture (its centre pixel). */
async function showsRed(thumb: Element): Promise<boolean> {
  const canvas = await until(() => thumb.shadowRoot?.querySelector('canvas'));
  return until(() => {
    const [r, g, b, a] = canvas.getContext('2d')!.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data;
    return r! > 200 && g! < 40 && b! < 40 && a! > 200;
  });
}

describe('sportello-ai-chat: after an answer', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    await resetSimulator();
  });

  it("shows the service's suggested follow-ups under the last answer; one pressed is asked, the focus in the composer", async () => {
    const el = await panel();
    await typeAndSend(el, 'How do I reset my password?');
    await idle(el);
    const first = await until(() => (followUps(el).length ? followUps(el) : undefined));
    expect(first).to.include('How can I pay my invoice?');
    expect(first.length).to.be.at.most(3);
    expect($(el, '[part~="follow-ups"]')!.getAttribute('aria-label')).to.equal('You might also ask');
    expect($$(el, '[part~="tool"]'), 'suggestions are not a tool card').to.have.length(0);
    await expect(el).to.be.accessible();
    // Keyboard only: Enter on a suggestion asks it.
    const button = $$(el, '[part~="follow-ups"] button').find(
      (b) => spaced(b.textContent) === 'How can I pay my invoice?',
    )!;
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => $$(el, '.msg.user').length === 2);
    expect(spaced($$(el, '.msg.user')[1]!.textContent)).to.equal('How can I pay my invoice?');
    await until(() => focused(el)?.tagName === 'SPORTELLO-COMPOSER');
    await until(() => $$(el, '.msg.assistant').length === 2 && !$$(el, '[aria-busy="true"]').length);
    await idle(el);
    // Only the last answer offers what to ask next.
    await until(() => $$(el, '[part~="follow-ups"]').length > 0);
    expect($$(el, '[part~="follow-ups"]').every((g) => lastAnswer(el).contains(g))).to.equal(true);
  });

  it('never makes suggestions up: none from an agent without the tool, none out of scope, none with follow-up-tool=""', async () => {
    const other = await panel({ 'agent-id': '2' });
    await typeAndSend(other, 'How do I reset my password?');
    await idle(other);
    expect(followUps(other)).to.deep.equal([]);
    const el = await panel();
    await typeAndSend(el, 'who won the match?');
    await idle(el);
    expect(followUps(el)).to.deep.equal([]);
    const off = await panel({ 'follow-up-tool': '' });
    await typeAndSend(off, 'How do I reset my password?');
    await idle(off);
    expect(followUps(off)).to.deep.equal([]);
  });

  it('thumbs down: the rating goes at once, then a reason and a comment in a second event; the thanks stays after a reload', async () => {
    const el = await panel({ persist: 'session', id: 'fb' });
    await typeAndSend(el, 'What are your opening hours?');
    await idle(el);
    const down = $(el, '[part~="answer-actions"] .rating:last-child') as HTMLButtonElement;
    const rated = oneEvent(el, 'sportello-feedback');
    // Keyboard only, from the thumb: Enter rates, Tab enters the form, the arrows choose a reason.
    down.focus();
    await sendKeys({ press: 'Enter' });
    expect((await rated).detail)
      .to.include({ rating: 'down' })
      .and.not.have.property('reason');
    const form = await until(() => $(el, 'form[part~="feedback"]'));
    expect(spaced(form.querySelector('.feedback-title')!.textContent)).to.equal('What was wrong with this answer?');
    const reasons = Array.from(form.querySelectorAll<HTMLInputElement>('input[type="radio"]'));
    expect(reasons.map((r) => r.value)).to.deep.equal(['incorrect', 'incomplete', 'unclear', 'outdated', 'other']);
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled, 'nothing said yet').to.equal(true);
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Tab' });
    await until(() => focused(el) === reasons[0]);
    await sendKeys({ press: 'ArrowDown' });
    await until(() => reasons[1]!.checked && !submit.disabled);
    await sendKeys({ press: 'Tab' });
    await until(() => focused(el) === form.querySelector('textarea'));
    await sendKeys({ type: 'It talks about the office, I asked about the phone' });
    await sendKeys({ press: 'Tab' });
    await until(() => focused(el) === submit);
    const said = oneEvent(el, 'sportello-feedback');
    await sendKeys({ press: 'Enter' });
    const detail: AiFeedbackDetail = (await said).detail;
    expect(detail).to.include({
      rating: 'down',
      reason: 'incomplete',
      comment: 'It talks about the office, I asked about the phone',
      question: 'What are your opening hours?',
    });
    await until(() => focused(el)?.classList.contains('feedback-sent'));
    expect(spaced(focused(el)!.textContent)).to.equal('Thank you: your feedback was sent.');
    await expect(el).to.be.accessible();
    el.remove();
    const again = await panel({ persist: 'session', id: 'fb' });
    await until(() => $(again, '.feedback-sent'));
    expect($(again, 'form[part~="feedback"]')).to.equal(null);
  });

  it('thumbs up offers its own reasons; Escape closes the form and gives the focus back to the thumb', async () => {
    const el = await panel();
    await typeAndSend(el, 'What are your opening hours?');
    await idle(el);
    const up = $(el, '[part~="answer-actions"] .rating') as HTMLButtonElement;
    up.focus();
    up.click();
    const form = await until(() => $(el, 'form[part~="feedback"]'));
    expect(
      Array.from(form.querySelectorAll<HTMLInputElement>('input[type="radio"]')).map((r) => r.value),
    ).to.deep.equal(['accurate', 'clear', 'complete', 'other']);
    form.querySelector('textarea')!.focus();
    await sendKeys({ press: 'Escape' });
    await until(() => !$(el, 'form[part~="feedback"]'));
    await until(() => focused(el)?.classList.contains('rating'));
    expect(focused(el)!.getAttribute('aria-pressed')).to.equal('true');
  });

  it('a picture picked, pasted or dropped shows as a thumbnail at once, and in the question once sent', async () => {
    const chat = new AiChatHarness(await panel());
    const composer = await chat.composer();
    const thumbs = () => composer.tray().map((a) => a.element.querySelector('sportello-image-thumb'));
    await composer.attach(await redPicture('red.png'));
    await until(() => thumbs().length === 1 && thumbs()[0]);
    expect(await showsRed(thumbs()[0]!)).to.equal(true);
    const pasted = new DataTransfer();
    pasted.items.add(await redPicture('pasted.png'));
    composer.textarea.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, cancelable: true }),
    );
    await until(() => thumbs().length === 2 && thumbs()[1]);
    expect(await showsRed(thumbs()[1]!)).to.equal(true);
    const dropped = new DataTransfer();
    dropped.items.add(await redPicture('dropped.png'));
    composer.textarea.dispatchEvent(
      new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true, composed: true }),
    );
    await until(() => thumbs().length === 3 && thumbs()[2]);
    expect(await showsRed(thumbs()[2]!)).to.equal(true);
    await until(() => composer.tray().every((a) => a.state === 'done'));
    await expect(chat.element).to.be.accessible();
    await chat.ask('What is in these pictures?');
    const sent = await until(() => {
      const found = chat.$$('.msg.user sportello-image-thumb');
      return found.length === 3 && found;
    });
    expect(await showsRed(sent[0]!)).to.equal(true);
    expect(textOf(chat.$('.msg.user .files'))).to.equal('red.png, pasted.png, dropped.png');
    await chat.idle();
    await expect(chat.element).to.be.accessible();
  });

  it('downloads the conversation as Markdown, and says so', async () => {
    const el = await panel();
    await typeAndSend(el, 'What are your opening hours?');
    await idle(el);
    let saved: { name: string; href: string } | undefined;
    el.shadowRoot!.addEventListener(
      'click',
      (e) => {
        const a = e.target as HTMLAnchorElement;
        if (a.tagName !== 'A' || !a.download) return;
        e.preventDefault(); // read it here, without a real download
        saved = { name: a.download, href: a.href };
      },
      { capture: true },
    );
    const button = $(el, 'header [part~="export"]') as HTMLButtonElement;
    expect(button.getAttribute('aria-label')).to.equal('Download conversation');
    // Keyboard only: the header's button, Enter.
    button.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => saved);
    expect(saved!.name).to.match(/^conversation-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await (await fetch(saved!.href)).text();
    expect(markdown).to.match(/^# Assistant\n\n/);
    expect(markdown).to.contain('**You:** What are your opening hours?');
    expect(markdown).to.contain('**Assistant:**');
    expect(markdown).to.contain('Sources:\n\n1. ');
    await until(() => el.shadowRoot!.querySelector('[aria-live="polite"]')!.textContent!.includes(saved!.name));
  });

  it('prints the conversation alone, as the panel shows it, from the keyboard (axe clean, focus kept)', async () => {
    const el = await panel();
    await typeAndSend(el, 'What are your opening hours?');
    await idle(el);
    const button = $(el, 'header [part~="print"]') as HTMLButtonElement;
    expect(button.getAttribute('aria-label')).to.equal('Print conversation');
    button.focus();
    await sendKeys({ press: 'Enter' });
    // The page is printed from a frame of the panel's own: neither the page nor its styles on paper.
    const frame = await until(() => el.shadowRoot!.querySelector<HTMLIFrameElement>('iframe.print-frame'));
    const paper = frame.contentDocument!;
    expect(spaced(paper.querySelector('h1')?.textContent)).to.equal('Assistant');
    expect(paper.documentElement.lang).to.equal('en');
    const sections = [...paper.querySelectorAll('section')];
    expect(sections.map((x) => x.className)).to.deep.equal(['user', 'assistant']);
    expect(spaced(sections[0]!.querySelector('h2')?.textContent)).to.equal('You');
    expect(spaced(sections[0]!.querySelector('.question')?.textContent)).to.equal('What are your opening hours?');
    // The answer as the panel renders it (its markdown's structure), its sources listed after it.
    const shown = lastAnswer(el)!.querySelector('.md')!;
    expect(spaced(sections[1]!.querySelector('.answer')?.textContent)).to.contain(
      spaced(shown.textContent).slice(0, 40),
    );
    expect(sections[1]!.querySelector('.answer')!.children.length).to.be.greaterThan(0);
    expect(spaced(sections[1]!.querySelector('.sources-title')?.textContent)).to.equal('Sources');
    expect(sections[1]!.querySelectorAll('ol.sources li').length).to.be.greaterThan(0);
    expect(paper.querySelectorAll('script, [style]').length, 'no script, no style attribute').to.equal(0);
    expect(paper.adoptedStyleSheets.length, 'its own print stylesheet').to.equal(1);
    // Nothing moved: the focus is where the visitor left it, and the frame is never seen.
    expect(focused(el)).to.equal(button);
    expect(frame.getBoundingClientRect().width).to.equal(0);
    await expect(el).to.be.accessible();
    // A second print replaces the first frame; the panel leaving the page takes it along.
    button.click();
    await until(() => el.shadowRoot!.querySelectorAll('iframe.print-frame').length === 1 && !frame.isConnected);
    el.remove();
    expect(el.shadowRoot!.querySelector('iframe.print-frame')).to.equal(null);
  });

  for (const [lang, label] of [
    ['it', 'Stampa la conversazione'],
    ['de', 'Unterhaltung drucken'],
    ['fr', 'Imprimer la conversation'],
    ['es', 'Imprimir la conversación'],
  ] as const) {
    it(`names the print button and the printed pages in ${lang}`, async () => {
      const el = await panel({ lang });
      await typeAndSend(el, 'What are your opening hours?');
      await idle(el);
      const button = $(el, 'header [part~="print"]') as HTMLButtonElement;
      expect(button.getAttribute('aria-label')).to.equal(label);
      button.click();
      const frame = await until(() => el.shadowRoot!.querySelector<HTMLIFrameElement>('iframe.print-frame'));
      expect(frame.title).to.equal(label);
      expect(frame.contentDocument!.documentElement.lang).to.equal(lang);
      expect(spaced(frame.contentDocument!.querySelector('section.user h2')?.textContent)).to.not.equal('You');
    });
  }
});
