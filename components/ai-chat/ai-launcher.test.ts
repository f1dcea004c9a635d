/**
 * Nothing paid before intent (issue #23): in launcher mode the closed bubble comes from the small
 * loader (launcher.ts); the panel's module and the service are untouched until the visitor shows
 * intent. Here: focus (the keyboard path), then the panel opened and used with the keyboard.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../entries/ai-launcher.js';
import { BUILT_IN_BUBBLE_LABELS } from './parts/launcher.js';
import { builtInStrings, loadAllCatalogues } from '../../src/i18n/catalogue.js';
import { BUILT_IN_LANGS } from '../../src/i18n/lang.js';
import { ignoreResizeObserverLoop, until } from '../../test/browser/helpers/chat-frames.js';
import { bubble, closedLauncher, idlePeriods, serviceRequests } from '../../test/browser/helpers/ai-launcher.js';

ignoreResizeObserverLoop();

describe('sportello-ai-chat launcher: nothing before intent', () => {
  it('the closed bubble loads no panel and asks the service nothing, even once idle; it is named and accessible', async () => {
    const el = await closedLauncher();
    await idlePeriods(20);
    expect(customElements.get('sportello-ai-chat'), 'panel module').to.equal(undefined);
    expect(serviceRequests()).to.deep.equal([]);
    expect(bubble(el)!.getAttribute('aria-label')).to.equal('Open the assistant');
    expect(bubble(el)!.getAttribute('aria-expanded')).to.equal('false');
    expect(document.querySelectorAll('link[rel=modulepreload]').length).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('the closed bubble draws its icon with no SVG element, as large as the panel icon, hidden from assistive technology', async () => {
    // The page's first SVG element makes the browser set up its SVG style rules: the closed bubble
    // draws the same path as a clipped span in its own sheet, 26 px as the panel's 26 px SVG.
    const el = await closedLauncher();
    const icon = bubble(el)!.querySelector('.icon')!;
    expect(el.shadowRoot!.querySelectorAll('svg').length).to.equal(0);
    expect(icon.getAttribute('aria-hidden')).to.equal('true');
    const box = icon.getBoundingClientRect();
    expect([Math.round(box.width), Math.round(box.height)]).to.deep.equal([26, 26]);
    const style = getComputedStyle(icon);
    expect(style.clipPath).to.match(/^path\(/);
    expect(style.backgroundColor).to.equal(getComputedStyle(bubble(el)!).color);
  });

  it('the closed bubble follows <html lang> in the built-in languages, still loading nothing', async () => {
    const pageLang = document.documentElement.lang;
    try {
      const el = await closedLauncher();
      el.removeAttribute('lang');
      document.documentElement.lang = 'de-AT';
      await until(() => bubble(el)!.getAttribute('aria-label') === 'Assistenten öffnen');
      document.documentElement.lang = 'fr';
      await until(() => bubble(el)!.getAttribute('aria-label') === 'Ouvrir l’assistant');
      await idlePeriods(5);
      expect(customElements.get('sportello-ai-chat'), 'panel module').to.equal(undefined);
      expect(serviceRequests()).to.deep.equal([]);
    } finally {
      document.documentElement.lang = pageLang;
    }
  });

  it('focus on the bubble loads the panel and keeps the focus on its bubble; Enter opens it with the focus inside, a question is answered, Escape closes it and the focus returns', async () => {
    const el = await closedLauncher();
    bubble(el)!.focus();
    await until(() => customElements.get('sportello-ai-chat'));
    await el.updateComplete;
    // Intent loads code, not the conversation.
    expect(serviceRequests()).to.deep.equal([]);
    await until(() => el.shadowRoot!.activeElement === bubble(el));
    expect(el.shadowRoot!.querySelectorAll('button.launcher').length).to.equal(1);
    await sendKeys({ press: 'Enter' });
    await until(() => el.shadowRoot!.activeElement?.tagName === 'SPORTELLO-COMPOSER');
    expect(el.open).to.equal(true);
    await sendKeys({ type: 'What are your opening hours?' });
    await sendKeys({ press: 'Enter' });
    const thread = () => el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot;
    await until(() => {
      const answers = thread()?.querySelectorAll('.msg.assistant') ?? [];
      const last = answers[answers.length - 1];
      return last && !last.closest('[aria-busy="true"]') && (last.textContent ?? '').trim().length > 20;
    });
    await sendKeys({ press: 'Escape' });
    await until(() => !el.open);
    await el.updateComplete;
    expect(el.shadowRoot!.activeElement).to.equal(bubble(el));
  });

  it("the bubble's built-in labels are the catalogue's", async () => {
    await loadAllCatalogues();
    for (const lang of BUILT_IN_LANGS) expect(BUILT_IN_BUBBLE_LABELS[lang]).to.equal(builtInStrings(lang, 'ai')?.open);
  });
});
