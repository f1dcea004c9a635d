/**
 * Right-to-left: the floating launchers mirror with the page (logical insets), a physical
 * `position` stays where it is named, and the elements' layout follows `dir` on an ancestor.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import '../../../components/live-chat/index.js';
import '../../../components/ai-chat/index.js';
import { until } from '../helpers/chat-frames.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';
import { $, $$, typeAndSend } from '../helpers/ai-chat.js';
import { ar } from '../../../demo/strings-ar.js';
import { docView, practiceShown, resetSim, viewer } from '../helpers/sign-viewer.js';

const corner = (el: Element) => {
  const box = el.getBoundingClientRect();
  return { fromLeft: box.left, fromRight: window.innerWidth - box.right };
};

async function chatLauncher(dir: 'ltr' | 'rtl', position?: string): Promise<HTMLElement> {
  const host = await fixture<HTMLElement>(html`<div dir=${dir}>
    <sportello-live-chat lang="en" widget-key="demo" endpoint=${`${SIM_URL}/chat`} position=${position ?? ''} .reportNavigation=${false}></sportello-live-chat>
  </div>`);
  const el = host.querySelector<SportelloLiveChat>('sportello-live-chat')!;
  if (!position) el.removeAttribute('position');
  return until(() => el.shadowRoot!.querySelector<HTMLElement>('button.launcher'));
}

describe('right-to-left', () => {
  it('the live-chat launcher sits bottom-right in a left-to-right page and bottom-left in a right-to-left one', async () => {
    expect(corner(await chatLauncher('ltr')).fromRight).to.be.below(40);
    expect(corner(await chatLauncher('rtl')).fromLeft).to.be.below(40);
  });

  it('bottom-start and the physical positions', async () => {
    expect(corner(await chatLauncher('rtl', 'bottom-start')).fromRight).to.be.below(40);
    expect(corner(await chatLauncher('ltr', 'bottom-start')).fromLeft).to.be.below(40);
    expect(corner(await chatLauncher('rtl', 'bottom-right')).fromRight).to.be.below(40);
    expect(corner(await chatLauncher('ltr', 'bottom-left')).fromLeft).to.be.below(40);
  });

  it('the AI launcher mirrors too', async () => {
    const host = await fixture<HTMLElement>(html`<div dir="rtl">
      <sportello-ai-chat lang="en" mode="launcher" endpoint=${`${SIM_URL}/ai/api/v2`} api-key="spk_demo" agent-id="1"></sportello-ai-chat>
    </div>`);
    const el = host.querySelector('sportello-ai-chat')!;
    const bubble = await until(() => el.shadowRoot!.querySelector<HTMLElement>('.launcher'));
    expect(corner(bubble).fromLeft).to.be.below(40);
  });

  it('code stays left to right: the tool arguments of an approval card are not mirrored', async () => {
    // In an Arabic page a JSON "{" inherited the answer's right-to-left direction and showed as "}".
    const host = await fixture<HTMLElement>(html`<div dir="rtl">
      <sportello-ai-chat lang="ar" .strings=${{ ar }} endpoint=${`${SIM_URL}/ai/api/v2`} api-key="spk_demo" agent-id="1"></sportello-ai-chat>
    </div>`);
    const el = host.querySelector<SportelloAiChat>('sportello-ai-chat')!;
    await until(() => $(el, 'sportello-composer'));
    await typeAndSend(el, 'cancel my order 1234');
    const args = await until(() => $(el, '[part="approval"] pre'));
    expect(args.textContent).to.contain('"order_id"');
    expect(getComputedStyle($(el, '[part="approval"]')!).direction, 'the card itself').to.equal('rtl');
    expect(getComputedStyle(args).direction, 'the arguments').to.equal('ltr');
    ($(el, '[part="approval"] .button') as HTMLButtonElement).click();
    const toolArgs = await until(() => $$(el, '[part="tool"] pre')[0]);
    expect(getComputedStyle(toolArgs).direction, 'the tool call').to.equal('ltr');
  });

  it('an Arabic area label on a PDF page reads right to left, though the page itself stays as drawn', async () => {
    // The page is laid out left to right (pdf.js positions its layers so); a label inherited that,
    // and a narrow label cut off the start of its Arabic words instead of the end.
    await resetSim();
    const el = await viewer(1001, { lang: 'ar', dir: 'rtl', 'signer-email': 'laura.bianchi@acme.test' });
    el.strings = { ar };
    await practiceShown(el);
    const label = await until(() => docView(el)?.shadowRoot?.querySelector<HTMLElement>('.area .label'));
    await until(() => /[\u0600-\u06ff]/.test(label.textContent!)); // the Arabic strings have arrived
    expect(getComputedStyle(label.closest('.page')!).direction, 'the PDF page').to.equal('ltr');
    expect(getComputedStyle(label).direction, 'its area label').to.equal('rtl');
  });

  it('the PDF search box follows what is typed: a Latin query reads left to right on a right-to-left page', async () => {
    await resetSim();
    const el = await viewer(1001, { lang: 'ar', dir: 'rtl', 'signer-email': 'laura.bianchi@acme.test' });
    el.strings = { ar };
    await practiceShown(el);
    const view = await until(() => docView(el));
    const label = ar.sign!.searchLabel!;
    const toggle = await until(() =>
      view.shadowRoot!.querySelector<HTMLButtonElement>(`.toolbar button[aria-label="${label}"]`),
    );
    toggle.click();
    const input = await until(() => view.shadowRoot!.querySelector<HTMLInputElement>('#search-input'));
    input.value = 'Contratto';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(input.matches(':dir(ltr)'), 'a Latin query').to.equal(true);
    input.value = 'عقد';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(input.matches(':dir(rtl)'), 'an Arabic query').to.equal(true);
  });
});
