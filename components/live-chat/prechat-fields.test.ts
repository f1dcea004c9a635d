/**
 * The widget's own pre-chat fields: a field with a `pattern` says its format (the desk form's
 * sentence, the same module), and their labels speak the visitor's language where the widget's
 * owner wrote it, else English marked as English.
 */
import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { changeWidget } from '../../test/browser/helpers/chat-widget.js';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';
import { textOf } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

const labelOf = (chat: LiveChatHarness, id: string) => chat.inWindow(`label[for="${id}"]`)!;

describe('sportello-live-chat: the widget’s own pre-chat fields', () => {
  liveChatSuite();

  it('a field’s pattern is said as its format, before and in its error (axe clean)', async () => {
    const chat = await LiveChatHarness.mount({ parent: siteLandmarks() });
    await chat.waitFor('prechat');
    const field = chat.field('cf-orderNumber')!;
    const hint = chat.inWindow('#cf-orderNumber-hint')!;
    expect(textOf(hint), 'the format, before anything is typed').to.equal('Use only digits (3 to 12 characters).');
    expect(field.getAttribute('aria-describedby')).to.equal('cf-orderNumber-hint');
    await chat.setFields({ 'cf-orderNumber': 'AB-12' });
    await chat.fillPrechat({ name: 'Ada', email: 'ada@example.com', category: '2' });
    await chat.answered();
    expect(chat.invalidFields()).to.include('cf-orderNumber');
    expect(chat.fieldError('cf-orderNumber')).to.equal(
      'This is not in the expected format. Use only digits (3 to 12 characters).',
    );
    expect(field.getAttribute('aria-describedby')).to.equal('cf-orderNumber-error');
    await expectAxeClean(document, 'a custom field in error');
  });

  it('the format in the visitor’s language (Italian)', async () => {
    const chat = await LiveChatHarness.mount({ lang: 'it' });
    await chat.waitFor('prechat');
    expect(textOf(chat.inWindow('#cf-orderNumber-hint'))).to.equal('Usi solo cifre (da 3 a 12 caratteri).');
  });

  for (const [lang, order, type, business] of [
    ['de', 'Bestellnummer (optional)', 'Sie sind', 'Ein Unternehmen'],
    ['fr', 'Numéro de commande (facultatif)', 'Vous êtes', 'Une entreprise'],
    ['es', 'Número de pedido (opcional)', 'Usted es', 'Una empresa'],
  ] as const) {
    it(`labels in ${lang}, as the owner wrote them, not in the service’s Italian`, async () => {
      const chat = await LiveChatHarness.mount({ lang, widgetKey: 'demo-greeting' });
      await chat.waitFor('prechat');
      expect(textOf(labelOf(chat, 'cf-orderNumber'))).to.equal(order);
      expect(textOf(labelOf(chat, 'cf-customerType'))).to.equal(type);
      const option = chat.inWindow<HTMLOptionElement>('#cf-customerType option[value=business]')!;
      expect(textOf(option)).to.equal(business);
      expect(option.getAttribute('lang'), 'no language of its own').to.equal(null);
      expect(!!labelOf(chat, 'cf-orderNumber').querySelector('[lang]')).to.equal(false);
    });
  }

  it('a label the owner did not write in German is shown in English, marked as English', async () => {
    await changeWidget('demo', {
      prechatFields: [{ name: 'plate', type: 'text', label: { it: 'Targa', en: 'Number plate' } }],
    });
    const chat = await LiveChatHarness.mount({ lang: 'de' });
    await chat.waitFor('prechat');
    const label = labelOf(chat, 'cf-plate');
    expect(textOf(label)).to.equal('Number plate');
    expect(label.querySelector('[lang]')!.getAttribute('lang')).to.equal('en');
    // The kit's own words stay German.
    expect(textOf(chat.inWindow('form button[type=submit]'))).to.equal('Chat starten');
  });
});
