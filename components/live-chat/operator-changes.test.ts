/**
 * Every way the simulator lets an operator change reach the visitor, each said once in the thread:
 * a real operator joining over the scripted one (left, then joined), a reassignment
 * (PUT /api/chat/assign: one `transferred` event), a message signed by an operator who never joined,
 * and a change made while the visitor was offline (only the sync's `state.operator` tells).
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { MARTA, TestOperator } from '../../test/browser/helpers/live-chat.js';
import { eventually, until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import { simulator } from '../../test/harness/simulator.js';

ignoreResizeObserverLoop();

/** The thread's system lines once one of them contains `text`. */
const linesOnce = (chat: LiveChatHarness, text: string) =>
  until(() => {
    const lines = chat.rows().flatMap((r) => (r.role === 'system' ? [r.text] : []));
    return lines.some((l) => l.includes(text)) && lines;
  });
const count = (lines: string[], text: string) => lines.filter((l) => l.includes(text)).length;

describe('live chat: operator changes in the thread', () => {
  const operators: TestOperator[] = [];
  liveChatSuite(() => Promise.all(operators.splice(0).map((o) => o.stop())).then(() => undefined));

  it('a reassignment from the scripted operator: "transferred from Giulia to Operatore Demo", once', async () => {
    const chat = await LiveChatHarness.mount();
    try {
      const idChat = await chat.startChat('2');
      await until(() => chat.operatorName() === 'Giulia');
      const op = new TestOperator();
      operators.push(op);
      await op.assign(idChat, 1);
      await until(() => chat.operatorName() === 'Operatore Demo');
      const lines = await linesOnce(chat, 'to Operatore Demo');
      expect(count(lines, 'Chat transferred from Giulia to Operatore Demo')).to.equal(1);
      expect(count(lines, 'Operatore Demo joined')).to.equal(0);
      expect(count(lines, 'left the chat'), 'no one left: the chat always had an operator').to.equal(0);
      expect(chat.inWindow('header')!.textContent).to.contain('Operatore Demo');
    } finally {
      chat.element.remove();
    }
  });

  it('a transfer between real operators (PUT /api/chat/assign): "transferred from Operatore Demo to Marta"', async () => {
    const chat = await LiveChatHarness.mount();
    try {
      const idChat = await chat.startChat('4');
      const op = await TestOperator.joined(idChat);
      operators.push(op);
      await linesOnce(chat, 'Operatore Demo joined the chat');
      await op.assign(idChat, MARTA.idUser);
      const lines = await linesOnce(chat, 'to Marta');
      expect(count(lines, 'Chat transferred from Operatore Demo to Marta')).to.equal(1);
      expect(count(lines, 'Operatore Demo joined the chat')).to.equal(1);
      expect(chat.operatorName()).to.equal('Marta');
    } finally {
      chat.element.remove();
    }
  });

  it('a message signed by an operator who never joined: the change is said before it, once', async () => {
    const chat = await LiveChatHarness.mount();
    try {
      const idChat = await chat.startChat('4');
      const op = await TestOperator.joined(idChat);
      operators.push(op);
      await linesOnce(chat, 'Operatore Demo joined the chat');
      const marta = new TestOperator(MARTA);
      operators.push(marta);
      await marta.connect();
      marta.send(idChat, 'Marta here, I will take it from now.');
      marta.send(idChat, 'One more thing.');
      await chat.waitForDelivered('One more thing.');
      const lines = await linesOnce(chat, 'to Marta');
      expect(count(lines, 'Chat transferred from Operatore Demo to Marta')).to.equal(1);
      const texts = chat.rows().map((r) => r.text);
      expect(
        texts.findIndex((t) => t.includes('transferred')),
        'the line comes before her first message',
      ).to.be.lessThan(texts.indexOf('Marta here, I will take it from now.'));
      expect(chat.operatorName()).to.equal('Marta');
    } finally {
      chat.element.remove();
    }
  });

  it('a transfer made while the visitor was offline is said after the reconnect (the sync names the operator)', async () => {
    const chat = await LiveChatHarness.mount();
    try {
      const idChat = await chat.startChat('2');
      await until(() => chat.operatorName() === 'Giulia');
      const before = await simulator.visitorListening(idChat);
      // The visitor's socket drops and stays down (refused) while the chat is reassigned.
      await simulator.fault({ kind: 'refuse-ws', match: '' });
      await simulator.dropSockets();
      // The window noticed: its reconnect was refused.
      await eventually(async () => (await simulator.faultHits('refuse-ws')) > 0);
      const op = new TestOperator();
      operators.push(op);
      await op.assign(idChat, MARTA.idUser);
      expect(chat.operatorName(), 'nothing reached the visitor yet').to.equal('Giulia');
      await simulator.clearFaults();
      await eventually(async () => (await simulator.visitorListening(idChat)) !== before);
      const lines = await linesOnce(chat, 'to Marta');
      expect(count(lines, 'Chat transferred from Giulia to Marta')).to.equal(1);
      // The visitor writes on; the line is not said again by a later sync (after another drop).
      await chat.sendAndConfirm('after the transfer');
      const again = await simulator.visitorListening(idChat);
      await simulator.dropSockets();
      await eventually(async () => {
        const now = await simulator.visitorListening(idChat);
        return now !== again;
      });
      await chat.sendAndConfirm('after the second drop');
      expect(count(await linesOnce(chat, 'to Marta'), 'to Marta')).to.equal(1);
    } finally {
      chat.element.remove();
    }
  });
});
