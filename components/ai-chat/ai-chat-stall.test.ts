import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import './index.js';
import { AiChatHarness, AI_ENDPOINT } from '../../test/harness/ai-chat.js';
import { eventually, pollStep, textOf, until, type HandClock } from '../../test/harness/harness.js';
import { simulator } from '../../test/harness/simulator.js';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';

// A stream that goes silent with its connection open (a stuck model or proxy): the panel notices
// the silence of the body on a clock the test moves, keeps what arrived, says the answer stopped in
// the visitor's words, and Retry asks the same question once more, with the typed draft untouched.

ignoreResizeObserverLoop();

const QUESTION = 'What are your opening hours?';
/** Two retrieval steps and six pieces of text ("… **Monday to Friday** 8:30-13:00"), then silence. */
const STALL = { kind: 'stall-stream', match: '/ai/api/v2/chat', afterEvents: 8 };

const STOPPED: Record<string, string> = {
  en: 'The answer stopped coming: the service sent nothing more.',
  it: 'La risposta si è interrotta: il servizio non ha inviato altro.',
  de: 'Die Antwort ist stehen geblieben: Der Dienst hat nichts mehr gesendet.',
  fr: 'La réponse s’est arrêtée : le service n’a plus rien envoyé.',
  es: 'La respuesta se ha detenido: el servicio no ha enviado nada más.',
};

/** The conversations the service holds for the demo key (spec §4.3), with their message counts. */
async function serviceConversations(): Promise<Array<{ id: number; message_count: number }>> {
  const response = await fetch(`${AI_ENDPOINT}/conversations`, {
    headers: { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct' },
  });
  return ((await response.json()) as { items: Array<{ id: number; message_count: number }> }).items;
}

/** Moves the fake clock on in steps of 50 ms (what the stream's pacing and the view's need) until `check` holds. */
async function arrived(clock: HandClock, check: () => boolean): Promise<void> {
  while (!check()) {
    clock.tick(50);
    await pollStep(20);
  }
}

/**
 * Moves the fake clock a second at a time (real events let in between) until `check` holds or
 * `limitMs` of silence have passed; returns what `check` gave last.
 */
async function silence<T>(clock: HandClock, limitMs: number, check: () => T): Promise<T> {
  for (let waited = 0; !check() && waited < limitMs; waited += 1000) {
    clock.tick(1000);
    await pollStep(20);
  }
  return check();
}

describe('sportello-ai-chat: a stream that goes silent', () => {
  let clock: sinon.SinonFakeTimers | undefined;

  beforeEach(async () => {
    await simulator.reset();
  });
  afterEach(async () => {
    clock?.restore();
    clock = undefined;
    await simulator.clearFaults();
  });

  it('after 30 s without a byte: what arrived stays, "the answer stopped", Retry asks once more and the draft stays', async () => {
    const chat = await AiChatHarness.mount();
    await simulator.fault(STALL);
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    await chat.ask(QUESTION);
    // The first words arrive (the view paces them on the clock too), then nothing more.
    await arrived(clock, () => /8:30/.test(chat.lastAnswerText()));
    // Meanwhile the visitor starts the next question.
    const composer = await chat.composer();
    await composer.type('And on Sundays?');

    // 29 s of silence: still writing.
    await silence(clock, 29_000, () => false);
    expect(chat.errorCard, 'nothing said before the stall timeout').to.equal(null);
    expect(chat.running).to.equal(true);

    const card = await silence(clock, 5_000, () => chat.errorCard);
    expect(card, 'the stopped answer is said within a few seconds past 30 s of silence').to.not.equal(null);
    expect(textOf(card)).to.contain(STOPPED.en);
    expect(textOf(card)).to.contain('What arrived is kept.');
    await until(() => !chat.running);
    expect(chat.lastAnswerText()).to.contain('Monday to Friday');
    expect(textOf(chat.lastAnswer)).to.not.contain('writing');
    expect(chat.element.matches(':state(error)')).to.equal(true);
    // The panel dropped the silent request: the service no longer holds the stream open.
    await eventually(async () => (await simulator.openStreams()) === 0);
    // axe waits on the page's timers: it runs on the real clock.
    clock.restore();
    await expect(chat.element).to.be.accessible();
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });

    // Retry, pressed twice in a row: the question is asked once more, into the same answer.
    const retry = chat.$<HTMLButtonElement>('[part="error-retry"]')!;
    retry.click();
    retry.click();
    await until(() => !chat.errorCard && chat.running);
    await arrived(clock, () => !chat.running);
    expect(chat.answers()).to.have.length(1);
    expect(chat.questions().map(textOf)).to.deep.equal([QUESTION]);
    expect(chat.lastAnswerText()).to.contain('Sundays');
    // The service got the question twice in all (each time a question and its answer): once, then
    // once more. The stream stalled before its \`usage\` event, the only place a stream names its
    // conversation (§4.2), so the retry could not continue it and opened another.
    const held = await serviceConversations();
    expect(held.reduce((n, c) => n + c.message_count, 0)).to.equal(4);
    expect((await chat.composer()).value).to.equal('And on Sundays?');
  });

  it('stall-timeout="0" waits for ever; a wrong value is said in the panel', async () => {
    const chat = await AiChatHarness.mount({ 'stall-timeout': '0' });
    await simulator.fault(STALL);
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    await chat.ask(QUESTION);
    await arrived(clock, () => /8:30/.test(chat.lastAnswerText()));
    await silence(clock, 120_000, () => false);
    expect(chat.errorCard).to.equal(null);
    expect(chat.running).to.equal(true);
    chat.element.stop();
    await until(() => !chat.running);
    clock.restore();
    clock = undefined;

    const warn = sinon.stub(console, 'warn');
    try {
      const wrong = await AiChatHarness.mount({ 'stall-timeout': '-5' });
      const error = await until(() => wrong.$('.config-error [role=alert]'));
      expect(textOf(error)).to.contain('not set up correctly');
      expect(warn.calledWithMatch(/stall-timeout/)).to.equal(true);
    } finally {
      warn.restore();
    }
  });

  for (const lang of ['it', 'de', 'fr', 'es'])
    it(`${lang}: the stopped answer is said in the visitor's words`, async () => {
      const chat = await AiChatHarness.mount({ lang, 'stall-timeout': '5000' });
      await simulator.fault(STALL);
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
      await chat.ask(QUESTION);
      await arrived(clock, () => /8:30/.test(chat.lastAnswerText()));
      const card = await silence(clock, 10_000, () => chat.errorCard);
      expect(textOf(card)).to.contain(STOPPED[lang]);
      await until(() => !chat.running);
      expect(chat.lastAnswerText()).to.contain('8:30');
    });
});
