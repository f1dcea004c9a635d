/**
 * Every way the simulator lets an operator change reach the visitor, each said once in the thread:
 * a real operator joining over the scripted one (left, then joined), a reassignment
 * (PUT /api/chat/assign: one `transferred` event), a message signed by an operator who never joined,
 * and a change made while the visitor was offline (only the sync's `state.operator` tells).
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import {
  $,
  delivered,
  MARTA,
  mountChat,
  resetSim,
  SIM_URL,
  startChat,
  TestOperator,
  until,
} from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChatWindow } from './parts/chat-window.js';

ignoreResizeObserverLoop();

const systemRows = (win: SportelloLiveChatWindow) =>
  [...$(win, 'sportello-message-list')!.shadowRoot!.querySelectorAll('[data-role=system], .system')].map((r) =>
    r.textContent!.replace(/\s+/g, ' ').trim(),
  );
/** The thread's system lines once one of them contains `text`. */
const rowsOnce = async (win: SportelloLiveChatWindow, text: string) => {
  await win.updateComplete;
  return until(() => (systemRows(win).some((r) => r.includes(text)) ? systemRows(win) : undefined));
};
const count = (rows: string[], text: string) => rows.filter((r) => r.includes(text)).length;

describe('live chat: operator changes in the thread', () => {
  const operators: TestOperator[] = [];
  beforeEach(resetSim);
  afterEach(async () => {
    await Promise.all(operators.splice(0).map((o) => o.stop()));
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  });

  it('a reassignment from the scripted operator: "transferred from Giulia to Operatore Demo", once', async () => {
    const el = await mountChat();
    try {
      const win = await startChat(el, '2');
      await until(() => win.chat.operator?.name === 'Giulia');
      const op = new TestOperator();
      operators.push(op);
      await op.assign(win.chat.idChat!, 1);
      await until(() => win.chat.operator?.name === 'Operatore Demo');
      const rows = await rowsOnce(win, 'to Operatore Demo');
      expect(count(rows, 'Chat transferred from Giulia to Operatore Demo')).to.equal(1);
      expect(count(rows, 'Operatore Demo joined')).to.equal(0);
      expect(count(rows, 'left the chat'), 'no one left: the chat always had an operator').to.equal(0);
      expect($(win, 'header')!.textContent).to.contain('Operatore Demo');
    } finally {
      el.remove();
    }
  });

  it('a transfer between real operators (PUT /api/chat/assign): "transferred from Operatore Demo to Marta"', async () => {
    const el = await mountChat();
    try {
      const win = await startChat(el, '4');
      const op = await TestOperator.joined(win.chat.idChat!);
      operators.push(op);
      await rowsOnce(win, 'Operatore Demo joined the chat');
      await op.assign(win.chat.idChat!, MARTA.idUser);
      const rows = await rowsOnce(win, 'to Marta');
      expect(count(rows, 'Chat transferred from Operatore Demo to Marta')).to.equal(1);
      expect(count(rows, 'Operatore Demo joined the chat')).to.equal(1);
      expect(win.chat.operator?.name).to.equal('Marta');
    } finally {
      el.remove();
    }
  });

  it('a message signed by an operator who never joined: the change is said before it, once', async () => {
    const el = await mountChat();
    try {
      const win = await startChat(el, '4');
      const op = await TestOperator.joined(win.chat.idChat!);
      operators.push(op);
      await rowsOnce(win, 'Operatore Demo joined the chat');
      const marta = new TestOperator(MARTA);
      operators.push(marta);
      await marta.connect();
      marta.send(win.chat.idChat!, 'Marta here, I will take it from now.');
      marta.send(win.chat.idChat!, 'One more thing.');
      await until(() => win.chat.transcript.messages.some((m) => m.text === 'One more thing.'));
      const rows = await rowsOnce(win, 'to Marta');
      expect(count(rows, 'Chat transferred from Operatore Demo to Marta')).to.equal(1);
      const texts = win.chat.transcript.messages.map((m) => m.notice?.kind ?? m.text);
      expect(texts.indexOf('transferred'), 'the line comes before her first message').to.be.lessThan(
        texts.indexOf('Marta here, I will take it from now.'),
      );
      expect(win.chat.operator?.name).to.equal('Marta');
    } finally {
      el.remove();
    }
  });

  it('a transfer made while the visitor was offline is said after the reconnect (the sync names the operator)', async () => {
    const el = await mountChat();
    try {
      const win = await startChat(el, '2');
      await until(() => win.chat.operator?.name === 'Giulia');
      await until(() => win.chat.connection === 'open');
      // The visitor's socket drops and stays down (refused) while the chat is reassigned.
      await fetch(`${SIM_URL}/__sim/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'refuse-ws', match: '' }),
      });
      await fetch(`${SIM_URL}/__sim/ws/drop`, { method: 'POST' });
      await until(() => win.chat.connection !== 'open');
      const op = new TestOperator();
      operators.push(op);
      await op.assign(win.chat.idChat!, MARTA.idUser);
      expect(win.chat.operator?.name, 'nothing reached the visitor yet').to.equal('Giulia');
      await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
      await until(() => win.chat.connection === 'open');
      const rows = await rowsOnce(win, 'to Marta');
      expect(count(rows, 'Chat transferred from Giulia to Marta')).to.equal(1);
      // The visitor writes on; the line is not said again by a later sync.
      win.chat.send('after the transfer');
      await until(() => delivered(win.chat.transcript.messages.find((m) => m.text === 'after the transfer')));
      win.chat.reconnectNow();
      await until(() => win.chat.connection === 'open');
      expect(count(await rowsOnce(win, 'to Marta'), 'to Marta')).to.equal(1);
    } finally {
      el.remove();
    }
  });
});
