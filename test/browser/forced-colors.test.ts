/**
 * High contrast (forced colours): the closed launchers' bubble icons are spans clipped to the
 * bubble's path (not SVG, for the closed launcher's start-up cost). An SVG fill of currentColor
 * follows forced colours by itself; a clipped span has to be told, or it is drawn in the colour
 * of the button behind it and the launcher shows an empty circle.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../components/live-chat/index.js';
import '../../entries/ai-launcher.js';
import { CHAT_URL, resetSim } from './helpers/live-chat.js';
import { bubble, closedLauncher } from './helpers/ai-launcher.js';

/** The icon is drawn in the button's text colour, which is not the button's own background. */
function expectVisible(button: HTMLElement, what: string): void {
  const icon = button.querySelector<HTMLElement>('.icon')!;
  const drawn = getComputedStyle(icon).backgroundColor;
  expect(drawn, `${what}: the icon's colour`).to.equal(getComputedStyle(button).color);
  expect(drawn, `${what}: the icon against the button`).not.to.equal(getComputedStyle(button).backgroundColor);
}

describe('forced colours: the closed launchers still show their icon', () => {
  before(async () => {
    await executeServerCommand('forced-colors', { active: true });
  });
  after(async () => {
    await executeServerCommand('forced-colors', { active: false });
  });

  it('the emulation is on', () => {
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
  });

  it('live chat', async () => {
    await resetSim();
    const chat = await fixture(
      html`<sportello-live-chat widget-key="demo" endpoint=${CHAT_URL}></sportello-live-chat>`,
    );
    expectVisible(chat.shadowRoot!.querySelector<HTMLButtonElement>('button.launcher')!, 'live chat');
  });

  it('AI assistant', async () => {
    const el = await closedLauncher();
    expectVisible(bubble(el)!, 'AI assistant');
  });
});
