import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { SIM_URL } from '/__sportello/env.js';
import './index.js';
import '../live-chat/index.js';
import type { SportelloAiChat } from './ai-chat.js';
import type { SportelloLiveChat } from '../live-chat/live-chat.js';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import { settled } from '../../test/harness/harness.js';
import { LiveChatHarness } from '../../test/harness/live-chat.js';

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

/** The live chat's pre-chat form as the AI panel's hand-off opens it: errors when the visitor leaves a field they edited. */
describe('the hand-off form (the live chat opened by the AI panel)', () => {
  afterEach(() => fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' }));

  it('no error before typing; on leaving an edited field that is wrong; gone at the first keystroke that makes it right', async () => {
    const host = await fixture<HTMLDivElement>(html`<div>
      <sportello-ai-chat lang="en" endpoint=${`${SIM_URL}/ai/api/v2`} api-key="spk_demo" agent-id="1" handoff-target="form-chat" visitor-email="anon@example.com"></sportello-ai-chat>
      <sportello-live-chat id="form-chat" lang="en" widget-key="demo" category="2" endpoint=${`${SIM_URL}/chat`} .reportNavigation=${false}></sportello-live-chat>
    </div>`);
    const ai = host.querySelector('sportello-ai-chat') as SportelloAiChat;
    const live = host.querySelector('sportello-live-chat') as SportelloLiveChat;
    const chat = new LiveChatHarness(live);
    await ai.ask('I want a human');
    // No name was handed over: the form asks for it (and the consent), unmarked, the name focused.
    // The form as the hand-over left it: the AI conversation shown in it, the name focused.
    await chat.findInWindow('form.prechat details.handoff');
    const $w = <T extends Element = HTMLElement>(selector: string) => chat.inWindow<T>(selector);
    const name = (await until(() => chat.windowFocus()?.id === 'name' && chat.windowFocus())) as HTMLInputElement;
    expect(chat.inWindow('[aria-invalid="true"]')).to.equal(null);
    const type = async (input: HTMLInputElement, value: string) => {
      input.value = value;
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      await settled(chat.window);
    };
    // Typing, then emptying it: nothing red while the visitor is still in the field.
    await type(name, 'A');
    await type(name, '');
    expect(name.getAttribute('aria-invalid')).to.equal('false');
    expect($w('#name-error')).to.equal(null);
    // Leaving it empty: its error, tied to it; the fields not touched stay unmarked.
    await sendKeys({ press: 'Tab' });
    await until(() => name.getAttribute('aria-invalid') === 'true');
    expect($w('#name-error')!.textContent).to.equal('Required');
    expect(name.getAttribute('aria-describedby')).to.equal('name-error');
    expect($w('#privacy')!.getAttribute('aria-invalid')).to.equal('false');
    await expect(live).to.be.accessible();
    // The first keystroke that makes it right clears it, in the field or out of it.
    name.focus();
    await type(name, 'G');
    await until(() => name.getAttribute('aria-invalid') === 'false');
    expect($w('#name-error')).to.equal(null);
    // The e-mail edited into a wrong one: said when the visitor leaves it, gone once right.
    const email = $w<HTMLInputElement>('#email')!;
    email.focus();
    await type(email, 'anon@');
    expect(email.getAttribute('aria-invalid')).to.equal('false');
    name.focus();
    await until(() => email.getAttribute('aria-invalid') === 'true');
    expect($w('#email-error')!.textContent).to.equal('Enter a valid e-mail address');
    email.focus();
    await type(email, 'anon@example.com');
    await until(() => email.getAttribute('aria-invalid') === 'false');
    // Sending marks what is still missing (the consent), as before.
    $w<HTMLButtonElement>('form button[type=submit]')!.click();
    await until(() => $w('#privacy')?.getAttribute('aria-invalid') === 'true');
    expect(chat.started.details, 'no chat started').to.deep.equal([]);
  });
});
