import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './index.js';
import type { SportelloAiChat } from './ai-chat.js';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import { $, $$, idle, panel, resetSimulator, typeAndSend } from '../../test/browser/helpers/ai-chat.js';

ignoreResizeObserverLoop();

const textarea = (el: SportelloAiChat) => $(el, '.edit-form textarea') as HTMLTextAreaElement | null;
const error = (el: SportelloAiChat) => $(el, '.edit-form .field-error');
const thread = (el: SportelloAiChat) => el.shadowRoot!.querySelector('sportello-ai-thread')!;

/** Opens the editor of the (only) question, with the focus in it. */
async function editQuestion(el: SportelloAiChat): Promise<HTMLTextAreaElement> {
  (await until(() => $(el, '.icon-button.edit'))).click();
  const field = await until(() => textarea(el));
  await until(() => field.matches(':focus'));
  return field;
}

/** What a visitor's typing does to the field: its value, then an input event. */
function typeInto(field: HTMLTextAreaElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

describe('sportello-ai-chat: the edit form tells a mistake when the visitor leaves the field', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    await resetSimulator();
  });

  it('no error before typing; one on leaving an emptied field; gone at the first valid keystroke; sending empty keeps the form', async () => {
    const el = await panel();
    await typeAndSend(el, 'What are your opening hours?');
    await idle(el);
    let field = await editQuestion(el);
    // Opened and left without typing: nothing to point out.
    await sendKeys({ press: 'Tab' });
    await thread(el).updateComplete;
    expect(error(el)).to.equal(null);
    field.focus();
    // Emptied: no error while the visitor is still in the field.
    typeInto(field, '');
    await el.updateComplete;
    await thread(el).updateComplete;
    expect(error(el)).to.equal(null);
    expect(field.getAttribute('aria-invalid')).to.equal('false');
    // Left empty: the error shows, tied to the field.
    await sendKeys({ press: 'Tab' });
    const shown = await until(() => error(el));
    expect(shown.textContent).to.equal('Please write your question.');
    field = textarea(el)!;
    expect(field.getAttribute('aria-invalid')).to.equal('true');
    expect(field.getAttribute('aria-describedby')).to.equal(shown.id);
    await expect(el).to.be.accessible();
    // The first keystroke that makes it right clears it, before the field is left.
    field.focus();
    typeInto(field, 'H');
    await until(() => !error(el));
    expect(textarea(el)!.getAttribute('aria-invalid')).to.equal('false');
    // Sending it empty: the error, the form stays with the focus in it, nothing is asked.
    typeInto(field, '   ');
    ($(el, '.edit-form .button') as HTMLButtonElement).click();
    await until(() => error(el));
    await until(() => textarea(el)?.matches(':focus'));
    expect($$(el, '.msg.assistant').length).to.equal(1);
    // Corrected and sent: the edited question is asked.
    typeInto(textarea(el)!, 'How do I pay an invoice?');
    await until(() => !error(el));
    ($(el, '.edit-form .button') as HTMLButtonElement).click();
    await until(() => !textarea(el) && $$(el, '.msg.user')[0]?.textContent?.includes('pay an invoice'));
    await idle(el);
  });

  it('leaving an emptied field for Cancel closes the editor without an error; reopened, it starts clean', async () => {
    const el = await panel();
    await typeAndSend(el, 'What are your opening hours?');
    await idle(el);
    let field = await editQuestion(el);
    typeInto(field, '');
    // Tab moves to Send, then to Cancel: leaving the field for Send is leaving it.
    await sendKeys({ press: 'Tab' });
    await until(() => error(el));
    field = textarea(el)!;
    field.focus();
    typeInto(field, '');
    ($(el, '.edit-form .cancel-edit') as HTMLButtonElement).focus();
    ($(el, '.edit-form .cancel-edit') as HTMLButtonElement).click();
    await until(() => !textarea(el));
    expect($$(el, '.msg.user')[0]!.textContent).to.contain('opening hours');
    field = await editQuestion(el);
    expect(error(el)).to.equal(null);
    expect(field.value).to.equal('What are your opening hours?');
  });
});
