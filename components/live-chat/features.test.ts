/**
 * Live chat, round two (issue #20): what is added — operator formatting, custom pre-chat fields,
 * verified identity, the image viewer, notices in a hidden tab, the greeting, the desk hand-off.
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../shared/chat-test-utils.js';
import {
  composerSend,
  mountChat,
  resetSim,
  SIM_URL,
  startChat,
  TestOperator,
  until,
} from './chat-test-helpers.js';

ignoreResizeObserverLoop();

const listOf = (win: HTMLElement) => win.shadowRoot!.querySelector('sportello-message-list')!.shadowRoot!;

describe('sportello-live-chat: round two additions', () => {
  let operator: TestOperator | undefined;
  beforeEach(resetSim);
  afterEach(async () => {
    await operator?.stop();
    operator = undefined;
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  });

  it("operators' and bots' markdown is formatted (restricted); the visitor's own text stays plain", async () => {
    const el = await mountChat();
    const win = await startChat(el, '3');
    const list = listOf(win);
    const documents = await until(() =>
      [...list.querySelectorAll<HTMLButtonElement>('.quick button')].find((b) => /documents/i.test(b.textContent!)),
    );
    documents.click();
    const md = await until(() => list.querySelector('.other .md'));
    expect(md.querySelectorAll('li')).to.have.length(2);
    expect(md.querySelector('strong')!.textContent).to.equal('identity document');
    const link = md.querySelector('a')!;
    expect(link.href).to.equal('https://example.com/documents');
    expect(link.rel).to.equal('noopener noreferrer');
    await composerSend(win, 'my **own** text');
    const mine = await until(() =>
      [...list.querySelectorAll('.self')].find((r) => r.textContent!.includes('my **own** text')),
    );
    expect(mine.querySelector('strong, .md')).to.equal(null);
  });
});
