/**
 * The README's one-line snippet pays for no framework before the visitor shows intent: the lazy kit
 * (`sportello.js`) with a closed launcher, inside a `<sportello-config>` too, fetches no Lit while
 * the page loads and goes idle. `npm run bench snippet` measures the bytes; this checks the rule.
 *
 * This page imports nothing that uses Lit (not even the usual test helpers, which do): any Lit
 * module fetched here was fetched by the kit. Assertions throw plain errors for that reason.
 */
import { SIM_URL } from '/__sportello/env.js';
// The harness's base imports nothing: it brings no Lit with it.
import { until } from '../harness/harness.js';

const LIT = /\/node_modules\/(lit|lit-html|lit-element|@lit\/[\w-]+)\//;
const fetched = () => performance.getEntriesByType('resource').map((e) => e.name);

function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

const idle = () => new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 }));

describe("the README's snippet before intent", () => {
  it('a closed live-chat launcher inside <sportello-config> loads no Lit', async () => {
    const config = document.createElement('sportello-config');
    config.setAttribute('chat-endpoint', `${SIM_URL}/chat`);
    config.setAttribute('lang', 'en');
    const chat = document.createElement('sportello-live-chat');
    chat.setAttribute('widget-key', 'demo');
    config.append(chat);
    document.body.append(config);

    await import('../../entries/index.js');
    await until(() => !!chat.shadowRoot?.querySelector('button')); // the launcher bubble
    await until(() => !!customElements.get('sportello-config')); // <sportello-config> defined
    // The launcher's idle work (its full labels, the stored-chat check) runs too.
    await idle();
    await idle();

    check(
      customElements.get('sportello-config') !== undefined && config.shadowRoot !== null,
      '<sportello-config> is defined once its tag is seen',
    );
    const lit = fetched().filter((name) => LIT.test(name));
    check(lit.length === 0, `no Lit before intent, but the page fetched:\n${lit.join('\n')}`);
    check(
      !fetched().some((name) => name.includes('/components/live-chat/chat-window')),
      'the chat window waits for intent',
    );
  });
});
