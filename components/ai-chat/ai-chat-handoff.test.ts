import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import './index.js';
import '../live-chat/index.js';
import type { SportelloAiChat } from './ai-chat.js';
import { ignoreResizeObserverLoop, until } from '../shared/chat-test-utils.js';

ignoreResizeObserverLoop();

/** The real pair on one page: the AI panel hands over to the real <sportello-live-chat>. */
describe('sportello-ai-chat → sportello-live-chat handoff', () => {
  afterEach(() => fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' }));

  it('opens the live chat named by handoff-target with the visitor name and the transcript', async () => {
    const host = await fixture<HTMLDivElement>(html`<div>
      <sportello-ai-chat lang="en" endpoint=${`${SIM_URL}/ai/api/v2`} api-key="spk_demo" agent-id="1" handoff-target="real-live-chat" visitor-name="Grace"></sportello-ai-chat>
      <sportello-live-chat id="real-live-chat" lang="en" widget-key="demo" category="2" endpoint=${`${SIM_URL}/chat`}></sportello-live-chat>
    </div>`);
    const ai = host.querySelector('sportello-ai-chat') as SportelloAiChat;
    const live = host.querySelector('sportello-live-chat') as HTMLElement & { opened: boolean };
    const event = oneEvent(ai, 'sportello-handoff');
    await ai.ask('I want a human');
    expect((await event).detail.name).to.equal('Grace');
    await until(() => live.opened);
    expect(live.opened).to.equal(true);
  });
});
