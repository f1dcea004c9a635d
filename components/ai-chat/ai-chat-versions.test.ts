import { expect } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import './index.js';
import { AiChatHarness } from '../../test/harness/ai-chat.js';
import { textOf, until } from '../../test/harness/harness.js';
import { simulator } from '../../test/harness/simulator.js';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';

// Edit & resend is a conversation of its own in the service's terms: the service holds exactly the
// turns of each version of the thread (read at the simulator: the requests it received and the
// turns it keeps), and the visitor switches between the versions of an edited question. Before, the
// edited question went to the conversation that still held the dropped turns, and the panel kept
// nothing of what it replaced.

ignoreResizeObserverLoop();

const Q1 = 'What are your opening hours?';
const Q2 = 'How much does shipping cost?';
const EDITED = 'How do I pay an invoice?';

/** What the visitor reads in the thread: the questions in order. */
const questions = (chat: AiChatHarness) => chat.questions().map(textOf);
/** The text of each answer in the thread. */
const answerTexts = (chat: AiChatHarness) => chat.answers().map((a) => textOf(a.querySelector('.md')));
const live = (chat: AiChatHarness) => textOf(chat.element.shadowRoot!.querySelector('[aria-live="polite"]'));
const focused = (chat: AiChatHarness) =>
  chat.element.shadowRoot!.querySelector('sportello-ai-thread')!.shadowRoot!.activeElement;

/**
 * A panel tall enough for every row of these short threads (the thread keeps only the rows near its
 * view in the DOM, and these tests read every question), in a window tall enough for the panel.
 */
async function tallPanel(attributes: Record<string, string> = {}): Promise<AiChatHarness> {
  const chat = await AiChatHarness.mount(attributes);
  chat.element.style.setProperty('--sportello-ai-chat-height', '3800px');
  return chat;
}

/** The user turns of each conversation the service holds, oldest conversation first. */
async function heldQuestions(): Promise<string[][]> {
  return (await simulator.aiConversations()).map((c) =>
    c.messages.filter((m) => m.role === 'user').map((m) => m.content),
  );
}

async function asked(chat: AiChatHarness, text: string): Promise<void> {
  await chat.ask(text);
  await until(() => questions(chat).includes(text));
  await chat.idle();
}

describe('sportello-ai-chat: an edited question is a version of the thread, and a conversation of its own', () => {
  before(() => setViewport({ width: 800, height: 4000 }));
  after(() => setViewport({ width: 800, height: 600 }));
  beforeEach(() => simulator.reset());

  it('the first question edited: a new conversation with the new question alone; both versions kept', async () => {
    const chat = await tallPanel();
    await asked(chat, Q1);
    await asked(chat, Q2);
    await chat.editQuestion(0, EDITED);
    await chat.idle();

    const sent = await simulator.aiChats();
    expect(sent.map((r) => [r.message, r.conversation_id])).to.deep.equal([
      [Q1, undefined],
      [Q2, 1],
      [EDITED, undefined],
    ]);
    expect(await heldQuestions()).to.deep.equal([[Q1, Q2], [EDITED]]);
    expect(questions(chat)).to.deep.equal([EDITED]);
    expect(chat.versions(0)?.count).to.equal('2 of 2');

    // The new version goes on in its own conversation; the first, switched back to, in its own.
    await asked(chat, 'Do you ship abroad?');
    expect((await simulator.aiChats()).at(-1)?.conversation_id).to.equal(2);
    chat.versions(0)!.previous.click();
    await until(() => questions(chat)[0] === Q1);
    expect(questions(chat)).to.deep.equal([Q1, Q2]);
    await until(() => chat.versions(0)?.count === '1 of 2');
    await asked(chat, 'And on Saturdays?');
    expect((await simulator.aiChats()).at(-1)?.conversation_id).to.equal(1);
  });

  it('a later question edited: a new conversation seeded with the turns before it only; the original keeps its own', async () => {
    const chat = await tallPanel();
    await asked(chat, Q1);
    expect(chat.lastAnswerText()).to.contain('Monday to Friday');
    await asked(chat, Q2);
    await chat.editQuestion(1, EDITED);
    await chat.idle();

    const edited = (await simulator.aiChats()).at(-1)!;
    expect(edited.conversation_id, 'a new conversation').to.equal(undefined);
    // The turns of this version before the edited question, then the question: nothing of the version left.
    expect(edited.message).to.contain(Q1);
    expect(edited.message).to.contain('**Monday to Friday** 8:30-13:00');
    expect(edited.message.endsWith(EDITED)).to.equal(true);
    expect(edited.message).to.not.contain(Q2);
    const held = await simulator.aiConversations();
    expect(held).to.have.length(2);
    expect((await heldQuestions())[0]).to.deep.equal([Q1, Q2]);
    expect(held[1]!.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    // Answered as the question at the end of it, in the light of the turns quoted before.
    expect(held[1]!.messages[1]!.content).to.match(/invoice/i);
    expect(chat.lastAnswerText()).to.match(/invoice/i);

    // What the visitor reads: the earlier turn, the edited question and its answer; the versions where they part.
    expect(questions(chat)).to.deep.equal([Q1, EDITED]);
    expect(chat.versions(0)).to.equal(undefined);
    const picker = chat.versions(1)!;
    expect(picker.count).to.equal('2 of 2');
    expect(picker.group.getAttribute('aria-label')).to.equal('Versions of this question');
    expect([picker.previous.getAttribute('aria-label'), picker.next.getAttribute('aria-label')]).to.deep.equal([
      'Previous version',
      'Next version',
    ]);
    expect(picker.next.getAttribute('aria-disabled')).to.equal('true');
    await expect(chat.element).to.be.accessible();

    // By keyboard: Previous, then Next; the focus stays on the button pressed, each switch is announced.
    picker.previous.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => chat.versions(1)?.count === '1 of 2');
    expect(questions(chat)).to.deep.equal([Q1, Q2]);
    // Each answer as it was written (the version not shown kept its rendered text).
    expect(answerTexts(chat)[0]).to.contain('Monday to Friday');
    expect(answerTexts(chat)[1]).to.match(/shipping/i);
    await until(() => live(chat) === 'Version 1 of 2 of your question shown.');
    await until(() => focused(chat) === chat.versions(1)?.previous);
    expect(chat.versions(1)!.previous.getAttribute('aria-disabled')).to.equal('true');
    await expect(chat.element).to.be.accessible();
    await sendKeys({ press: 'Tab' });
    expect(focused(chat)).to.equal(chat.versions(1)!.next);
    await sendKeys({ press: 'Enter' });
    await until(() => chat.versions(1)?.count === '2 of 2');
    expect(questions(chat)).to.deep.equal([Q1, EDITED]);
    expect(answerTexts(chat)[1]).to.match(/invoice/i);
    await until(() => live(chat) === 'Version 2 of 2 of your question shown.');
    await until(() => focused(chat) === chat.versions(1)?.next);

    // Each version goes on in its own conversation.
    await asked(chat, 'Do you ship abroad?');
    expect((await simulator.aiChats()).at(-1)?.conversation_id).to.equal(2);
    chat.versions(1)!.previous.click();
    await until(() => chat.versions(1)?.count === '1 of 2');
    expect(questions(chat)).to.deep.equal([Q1, Q2]);
    await asked(chat, 'And on Saturdays?');
    expect((await simulator.aiChats()).at(-1)?.conversation_id).to.equal(1);
  });
});

describe('sportello-ai-chat: an edited version whose first answer failed', () => {
  before(() => setViewport({ width: 800, height: 4000 }));
  after(() => setViewport({ width: 800, height: 600 }));
  beforeEach(() => simulator.reset());
  afterEach(() => simulator.clearFaults());

  /** Two questions, then the second edited with the service answering 500: the edited version's first answer fails. */
  async function failedEdit(): Promise<AiChatHarness> {
    const chat = await tallPanel();
    await asked(chat, Q1);
    await asked(chat, Q2);
    await simulator.fault({ kind: 'status', match: '/ai/api/v2/chat', count: 1, status: 500 });
    await chat.editQuestion(1, EDITED);
    await until(() => chat.$('[part="error-retry"]') && !chat.running);
    return chat;
  }

  const TOLD = 'Earlier in this conversation:';

  it('Try again asks the edited question in a new conversation, told the turns before it', async () => {
    const chat = await failedEdit();
    chat.$<HTMLButtonElement>('[part="error-retry"]')!.click();
    await until(() => !chat.$('[part="error"]'));
    await chat.idle();
    const sent = (await simulator.aiChats()).at(-1)!;
    expect(sent.conversation_id).to.equal(undefined);
    expect(sent.message.startsWith(TOLD)).to.equal(true);
    expect(sent.message).to.contain(Q1);
    expect(sent.message).to.not.contain(Q2);
    expect(sent.message.endsWith(`The visitor now asks: ${EDITED}`)).to.equal(true);
    expect(await heldQuestions()).to.deep.equal([[Q1, Q2], [sent.message]]);
    expect(chat.lastAnswerText()).to.match(/invoice/i);
  });

  it('a next question instead starts that conversation, told the same turns; the failed one tried later continues it, once told', async () => {
    const chat = await failedEdit();
    await asked(chat, 'Do you ship abroad?');
    const first = (await simulator.aiChats()).at(-1)!;
    expect(first.conversation_id).to.equal(undefined);
    expect(first.message.startsWith(TOLD)).to.equal(true);
    expect(first.message).to.contain(Q1);
    expect(first.message).to.not.contain(Q2);
    expect(first.message.endsWith('The visitor now asks: Do you ship abroad?')).to.equal(true);
    // The failed edited question, tried again now: in that conversation, as the question alone.
    chat.$<HTMLButtonElement>('[part="error-retry"]')!.click();
    await until(() => !chat.$('[part="error"]'));
    await chat.idle();
    const again = (await simulator.aiChats()).at(-1)!;
    expect([again.message, again.conversation_id]).to.deep.equal([EDITED, 2]);
    expect(await heldQuestions()).to.deep.equal([
      [Q1, Q2],
      [first.message, EDITED],
    ]);
  });
});

describe("sportello-ai-chat: the versions of a question in the visitor's language", () => {
  before(() => setViewport({ width: 800, height: 4000 }));
  after(() => setViewport({ width: 800, height: 600 }));
  beforeEach(() => simulator.reset());

  const WORDS: Record<string, { group: string; previous: string; next: string; count: string; shown: string }> = {
    it: {
      group: 'Versioni di questa domanda',
      previous: 'Versione precedente',
      next: 'Versione successiva',
      count: '2 di 2',
      shown: 'Mostrata la versione 1 di 2 della domanda.',
    },
    de: {
      group: 'Fassungen dieser Frage',
      previous: 'Vorherige Fassung',
      next: 'Nächste Fassung',
      count: '2 von 2',
      shown: 'Fassung 1 von 2 Ihrer Frage wird angezeigt.',
    },
    fr: {
      group: 'Versions de cette question',
      previous: 'Version précédente',
      next: 'Version suivante',
      count: '2 sur 2',
      shown: 'Version 1 sur 2 de votre question affichée.',
    },
    es: {
      group: 'Versiones de esta pregunta',
      previous: 'Versión anterior',
      next: 'Versión siguiente',
      count: '2 de 2',
      shown: 'Se muestra la versión 1 de 2 de su pregunta.',
    },
  };

  for (const [lang, words] of Object.entries(WORDS))
    it(`${lang}: the picker, its buttons and what it announces`, async () => {
      const chat = await tallPanel({ lang });
      await asked(chat, Q1);
      await chat.editQuestion(0, EDITED);
      await chat.idle();
      const picker = await until(() => chat.versions(0));
      expect(picker.count).to.equal(words.count);
      expect(picker.group.getAttribute('aria-label')).to.equal(words.group);
      expect([picker.previous.getAttribute('aria-label'), picker.next.getAttribute('aria-label')]).to.deep.equal([
        words.previous,
        words.next,
      ]);
      await expect(chat.element).to.be.accessible();
      picker.previous.focus();
      await sendKeys({ press: 'Enter' });
      await until(() => questions(chat)[0] === Q1);
      await until(() => live(chat) === words.shown);
      await expect(chat.element).to.be.accessible();
    });
});
