// Removing an element must close what it opened: sockets, streams, timers. Each test observes the
// browser's own objects (WebSocket instances) or the simulator's count of open streams around the
// real elements, which talk to the real simulator; nothing of ours is replaced.
import { expect, fixture, html } from '@open-wc/testing';
import '../../components/ai-chat/index.js';
import { SIM_URL } from '/__sportello/env.js';
import { eventually, until } from '../harness/harness.js';
import { LiveChatHarness } from '../harness/live-chat.js';
import { simulator } from '../harness/simulator.js';

describe('elements release what they opened when removed', () => {
  const NativeWebSocket = window.WebSocket;
  afterEach(() => {
    window.WebSocket = NativeWebSocket;
  });

  it('sportello-live-chat closes its WebSocket', async () => {
    await simulator.reset();
    const sockets: WebSocket[] = [];
    window.WebSocket = class extends NativeWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    };
    const chat = await LiveChatHarness.mount();
    await chat.startChat('2');
    const open = sockets.filter((s) => s.readyState === NativeWebSocket.OPEN);
    expect(open.length, 'one open socket while chatting').to.equal(1);
    chat.element.remove();
    await until(() => sockets.every((s) => s.readyState === NativeWebSocket.CLOSED));
  });

  it('sportello-ai-chat aborts a streaming answer', async () => {
    // The stream is read in a worker (or on the main thread where none can run): the simulator's
    // count of open event streams is what tells that the request was really cancelled. The answer
    // (~1 MB at the tests' 2 ms per 20 characters) would stream for far longer than the test may
    // run, so a stream that is not cancelled fails the test instead of ending by itself.
    const el = await fixture<HTMLElement & { ask(text: string): Promise<void> }>(
      html`<sportello-ai-chat endpoint=${`${SIM_URL}/ai/api/v2`} api-key="spk_demo" agent-id="1" lang="en"></sportello-ai-chat>`,
    );
    void el.ask('bench:1000k/20');
    // The answer shows in the panel's thread (the shared message list, a shadow root of its own).
    await until(
      () => (el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot?.textContent?.length ?? 0) > 400,
    );
    expect(await simulator.openStreams(), 'the answer is still streaming').to.be.greaterThan(0);
    el.remove();
    await eventually(async () => (await simulator.openStreams()) === 0, 20);
  });
});
