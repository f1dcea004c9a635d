import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './index.js';
import type { SportelloAiChat } from './ai-chat.js';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import {
  $,
  $$,
  answerAction,
  ENDPOINT,
  idle,
  panel,
  resetSimulator,
  typeAndSend,
} from '../../test/browser/helpers/ai-chat.js';

ignoreResizeObserverLoop();

/** Asks a question and waits for its answer; resolves to the service's conversation id. */
async function converse(el: SportelloAiChat, question: string): Promise<number> {
  const usage = oneEvent(el, 'sportello-usage');
  const answers = $$(el, '.msg.assistant').length;
  await typeAndSend(el, question);
  const id = (await usage).detail.conversation_id as number;
  await until(() => $$(el, '.msg.assistant').length > answers);
  await idle(el);
  return id;
}

const toggle = (el: SportelloAiChat) => $(el, '.past-toggle') as HTMLButtonElement | null;
const entries = (el: SportelloAiChat) =>
  $$(el, '.past-open').map((b) => ({
    button: b as HTMLButtonElement,
    title: b.querySelector('.past-title')!.textContent!.trim(),
    date: b.querySelector('time')!.textContent!.trim(),
    current: b.getAttribute('aria-current') === 'true',
  }));
const active = (el: SportelloAiChat) => el.shadowRoot!.activeElement as HTMLElement | null;
const dialog = (el: SportelloAiChat) => $(el, 'dialog.confirm') as HTMLDialogElement | null;
const dialogButton = (el: SportelloAiChat, label: string) =>
  Array.from(dialog(el)!.querySelectorAll('button')).find((b) => b.textContent!.trim() === label)!;

/** How many messages the service holds in conversation `id` (GET /conversations lists them with `message_count`). */
async function serviceMessageCount(id: number): Promise<number | undefined> {
  const response = await fetch(`${ENDPOINT}/conversations?limit=100`, {
    headers: { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct' },
  });
  const body = (await response.json()) as { items: Array<{ id: number; message_count?: number }> };
  return body.items.find((c) => c.id === id)?.message_count;
}

async function openList(el: SportelloAiChat): Promise<void> {
  toggle(el)!.click();
  await until(() => $(el, '.past'));
  await el.updateComplete;
}

describe('sportello-ai-chat: past conversations kept on the device (persist)', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    localStorage.clear();
    await resetSimulator();
  });

  it('lists two conversations with titles and dates; reopens the first and continues it; deletes one after a confirmation; a reload keeps the rest', async () => {
    const el = await panel({ persist: 'local', id: 'history' });
    // Nothing kept yet: no History button.
    expect(toggle(el)).to.equal(null);
    const first = await converse(el, 'What are your opening hours?');
    // A rating given in the first conversation goes with it.
    answerAction(el, 'Helpful')!.click();
    await until(() => answerAction(el, 'Helpful')!.getAttribute('aria-pressed') === 'true');
    el.newConversation();
    await el.updateComplete;
    const second = await converse(el, 'How do I reset my password?');
    expect(second).not.to.equal(first);

    await openList(el);
    expect(toggle(el)!.getAttribute('aria-expanded')).to.equal('true');
    // The list takes the thread's place; the focus is on its heading.
    expect(active(el)?.id).to.equal('past-heading');
    expect($(el, 'sportello-ai-thread')!.hidden).to.equal(true);
    const listed = entries(el);
    expect(listed.map((e) => e.title)).to.deep.equal(['How do I reset my password?', 'What are your opening hours?']);
    expect(listed.map((e) => e.current)).to.deep.equal([true, false]);
    // Dates in the page language's Intl formatting (English is British here: day before month).
    const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date());
    for (const e of listed) expect(e.date).to.contain(today);
    expect($(el, '.past .note')!.textContent).to.contain('this device');
    await expect(el).to.be.accessible();

    // Reopen the first: its messages come from the device, and the next question continues it.
    listed[1]!.button.click();
    await until(() => !$(el, '.past'));
    await until(() => $$(el, '.msg.user')[0]?.textContent?.includes('opening hours'));
    expect($$(el, '.msg.user').length).to.equal(1);
    expect($$(el, '.msg.assistant .md')[0]!.textContent!.length).to.be.greaterThan(0);
    await until(() => active(el)?.localName === 'sportello-composer');
    expect(answerAction(el, 'Helpful')!.getAttribute('aria-pressed')).to.equal('true');
    const before = await serviceMessageCount(first);
    const continued = await converse(el, 'And on Saturday?');
    expect(continued).to.equal(first);
    expect($$(el, '.msg.user').length).to.equal(2);
    // The service got the question in that conversation: two more messages there (question, answer).
    expect(await serviceMessageCount(first)).to.equal(before! + 2);

    // Delete the second, after a confirmation (Cancel first: nothing goes).
    await openList(el);
    expect(entries(el)[0]!.title).to.equal('What are your opening hours?');
    const deleteSecond = () =>
      $$(el, '.past-delete').find((b) => b.getAttribute('aria-label') === 'Delete “How do I reset my password?”')!;
    deleteSecond().click();
    await until(() => dialog(el)?.open);
    expect(dialog(el)!.textContent).to.contain('How do I reset my password?');
    expect(active(el)?.textContent?.trim()).to.equal('Cancel');
    await expect(el).to.be.accessible();
    dialogButton(el, 'Cancel').click();
    await until(() => !dialog(el));
    expect(entries(el).length).to.equal(2);
    await until(() => active(el) === deleteSecond());
    deleteSecond().click();
    await until(() => dialog(el)?.open);
    dialogButton(el, 'Delete').click();
    await until(() => entries(el).length === 1);
    expect(entries(el)[0]!.title).to.equal('What are your opening hours?');
    // The focus stays in the list, on what is left.
    await until(() => active(el) === entries(el)[0]!.button);
    el.remove();

    // A reload: the kept conversation and the list come back; the deleted one does not.
    const again = await panel({ persist: 'local', id: 'history' });
    expect($$(again, '.msg.user').map((m) => m.textContent!.trim())).to.deep.equal([
      'What are your opening hours?',
      'And on Saturday?',
    ]);
    await openList(again);
    expect(entries(again).map((e) => e.title)).to.deep.equal(['What are your opening hours?']);
    expect(JSON.stringify(localStorage)).not.to.contain('reset my password');
  });

  it('by keyboard: the list opens and closes with Escape, the confirmation cancels with Escape; delete all empties the device', async () => {
    const el = await panel({ persist: 'session', id: 'keys', mode: 'launcher', open: '' });
    await converse(el, 'What are your opening hours?');
    el.newConversation();
    await el.updateComplete;
    await converse(el, 'How do I reset my password?');
    toggle(el)!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => active(el)?.id === 'past-heading');
    // Escape in the list goes back to the conversation (the launcher's panel stays open).
    await sendKeys({ press: 'Escape' });
    await until(() => !$(el, '.past'));
    expect(el.open).to.equal(true);
    await until(() => active(el) === toggle(el));
    await sendKeys({ press: 'Enter' });
    await until(() => $(el, '.past'));
    const deleteAll = () => $$(el, '.past-actions button').find((b) => b.textContent!.trim() === 'Delete all')!;
    deleteAll().focus();
    await sendKeys({ press: 'Enter' });
    await until(() => dialog(el)?.open);
    expect(dialog(el)!.textContent).to.contain('Delete all 2 conversations');
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog(el));
    expect(el.open).to.equal(true);
    expect(entries(el).length).to.equal(2);
    await until(() => active(el) === deleteAll());
    await sendKeys({ press: 'Enter' });
    await until(() => dialog(el)?.open);
    // Cancel has the focus; Tab reaches Delete.
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await until(() => entries(el).length === 0);
    expect($(el, '.past-empty')).to.exist;
    expect($$(el, '.msg').length).to.equal(0);
    expect(Object.entries(sessionStorage).filter(([k]) => k.startsWith('sportello-ai-chat:'))).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it("names a conversation with the service's title when it gives one (GET /conversations/{id}), else its first question", async () => {
    // The simulator titles a conversation with the first 80 characters of its first question; the
    // panel's own title of a longer question is 79 characters and an ellipsis: which one shows tells them apart.
    const question =
      'Could you explain how the invoices of the last quarter were calculated, including every extra charge and discount?';
    const el = await panel({ persist: 'local', id: 'titles' });
    await converse(el, question);
    await until(() => toggle(el));
    await openList(el);
    await until(() => entries(el)[0]?.title === question.slice(0, 80));
    el.remove();
    // Kept with the conversation: a reload shows it without asking again.
    const again = await panel({ persist: 'local', id: 'titles' });
    await openList(again);
    expect(entries(again)[0]!.title).to.equal(question.slice(0, 80));
  });

  for (const [lang, heading, locale] of [
    ['it', 'Conversazioni precedenti', 'it'],
    ['de', 'Frühere Unterhaltungen', 'de'],
    ['fr', 'Conversations précédentes', 'fr'],
    ['es', 'Conversaciones anteriores', 'es'],
    ['en', 'Earlier conversations', 'en-GB'],
  ] as const) {
    it(`speaks ${lang}: the list, its dates and its confirmation`, async () => {
      const el = await panel({ persist: 'session', id: `lang-${lang}`, lang });
      await converse(el, 'Orari?');
      await openList(el);
      expect($(el, '#past-heading')!.textContent!.trim()).to.equal(heading);
      const [entry] = entries(el);
      const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date($(el, '.past-open time')!.getAttribute('datetime')!),
      );
      expect(entry!.date).to.equal(date);
      $(el, '.past-delete')!.click();
      await until(() => dialog(el)?.open);
      expect(dialog(el)!.textContent).to.contain('Orari?');
      await expect(el).to.be.accessible();
    });
  }
});
