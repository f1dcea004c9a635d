// Removing an element must close what it opened: sockets, streams, timers. Each test observes the
// browser's own objects (WebSocket instances, fetch signals) around the real elements, which talk
// to the real simulator; nothing of ours is replaced.
import { expect, fixture, html } from '@open-wc/testing';
import '../../components/ai-chat/index.js';
import { mountChat, resetSim, startChat, until } from '../../components/live-chat/chat-test-helpers.js';
import { SIM_URL } from '/__sportello/env.js';

describe('elements release what they opened when removed', () => {
  const NativeWebSocket = window.WebSocket;
  const nativeFetch = window.fetch;
  afterEach(() => {
    window.WebSocket = NativeWebSocket;
    window.fetch = nativeFetch;
  });

  it('sportello-live-chat closes its WebSocket', async () => {
    await resetSim();
    const sockets: WebSocket[] = [];
    window.WebSocket = class extends NativeWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    };
    const el = await mountChat();
    await startChat(el, '2');
    const open = sockets.filter((s) => s.readyState === NativeWebSocket.OPEN);
    expect(open.length, 'one open socket while chatting').to.equal(1);
    el.remove();
    await until(() => sockets.every((s) => s.readyState === NativeWebSocket.CLOSED));
  });

  it('sportello-ai-chat aborts a streaming answer', async () => {
    const signals: AbortSignal[] = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.signal) signals.push(init.signal);
      return nativeFetch(input, init);
    };
    const el = await fixture<HTMLElement & { ask(text: string): Promise<void> }>(
      html`<sportello-ai-chat endpoint=${`${SIM_URL}/ai/api/v2`} api-key="spk_demo" agent-id="1" lang="en"></sportello-ai-chat>`,
    );
    void el.ask('bench:100k/20');
    await until(() => el.shadowRoot!.textContent!.length > 400 && signals.length > 0);
    el.remove();
    await until(() => signals.every((s) => s.aborted));
  });
});
