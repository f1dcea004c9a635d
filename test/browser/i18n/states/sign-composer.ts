import { sendKeys } from '@web/test-runner-commands';
import { fixture } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { addFiles, pdfFile, type } from '../../helpers/sign-composer.js';
import { until } from '../../helpers/chat-frames.js';
import type { SportelloSignComposer } from '../../../../components/sign-composer/sign-composer.js';
import { LANG, type ElementState } from './shared.js';

// ---- Signature practice composer ---------------------------------------------------------------
// Driven by its structure, not by its (pseudo) labels: the steps list, the signer's fields in order.

/** What the author typed and the file's name are data; so are the process types' names (the service's). */
const COMPOSE_DATA = {
  skip: ['.doc-name', '.type-facts'],
  data: ['Mario', 'Rossi', 'mario.rossi@acme.test', 'Contratto Rossi', /[\w.-]+\.pdf/g],
};

let drafts = 0;

async function composer(): Promise<SportelloSignComposer> {
  const el = document.createElement('sportello-sign-composer');
  for (const [k, v] of Object.entries({
    lang: LANG,
    endpoint: `${SIM_URL}/sign/api/v2`,
    'sign-token': 'demo-sign-token',
    'sign-user': 'demo',
    'draft-key': `qps-${Date.now()}-${++drafts}`,
  }))
    el.setAttribute(k, v);
  const mounted = await fixture<SportelloSignComposer>(el);
  await until(() => $(mounted, '#step-title'));
  return mounted;
}

const $ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);

/** Goes to step `n` (0-based) by the steps list, as a click on it would. */
async function step(el: SportelloSignComposer, n: number): Promise<void> {
  el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.steps button')[n]!.click();
  await el.updateComplete;
}

/** One uploaded document (its page count shown) and one signer with a name and an e-mail. */
async function withDocumentAndSigner(el: SportelloSignComposer): Promise<void> {
  await addFiles(el, [await pdfFile('contratto.pdf')]);
  await until(() => !$(el, '.document .upload') && $(el, '.document .muted')?.textContent?.trim());
  await step(el, 1);
  $<HTMLButtonElement>(el, '#f-signers')!.click();
  await until(() => $(el, '.signer'));
  const inputs = [...el.shadowRoot!.querySelectorAll<HTMLInputElement>('.signer input:not([type=radio])')];
  await type(el, inputs[0]!, 'Mario');
  await type(el, inputs[1]!, 'Rossi');
  await type(el, inputs[2]!, 'mario.rossi@acme.test');
}

/** The areas step, with one area placed from the keyboard on page 1. */
async function withArea(el: SportelloSignComposer): Promise<void> {
  await step(el, 2);
  const page = await until(() => pagesOf(el)?.querySelector<HTMLElement>('.page[data-page="1"]'));
  page.focus();
  await sendKeys({ press: 'Enter' });
  await until(() => pagesOf(el)?.querySelector('.area'));
}

function pagesOf(el: SportelloSignComposer): ShadowRoot | undefined {
  return $(el, 'sportello-sign-composer-pages')?.shadowRoot ?? undefined;
}

export const composerStates: ElementState[] = [
  {
    element: 'sign-composer',
    state: 'documents, none yet',
    show: async () => ({ root: await composer(), ...COMPOSE_DATA }),
  },
  {
    element: 'sign-composer',
    state: 'signers, one filled in',
    show: async () => {
      const el = await composer();
      await withDocumentAndSigner(el);
      return { root: el, ...COMPOSE_DATA };
    },
  },
  {
    element: 'sign-composer',
    state: 'areas, one placed from the keyboard',
    show: async () => {
      const el = await composer();
      await withDocumentAndSigner(el);
      await withArea(el);
      return { root: el, ...COMPOSE_DATA, skip: [...COMPOSE_DATA.skip, '.textLayer'] };
    },
  },
  {
    element: 'sign-composer',
    state: 'sent, with the signers and their links',
    show: async () => {
      const el = await composer();
      await withDocumentAndSigner(el);
      await withArea(el);
      await step(el, 3);
      await type(el, $<HTMLInputElement>(el, '.step-body input[type=text]')!, 'Contratto Rossi');
      $<HTMLButtonElement>(el, 'button.send')!.click();
      await until(() => $(el, '.sent'));
      // The signing links and the practice's number are the service's.
      return { root: el, ...COMPOSE_DATA, skip: [...COMPOSE_DATA.skip, 'a[href]', '.sent-id'] };
    },
  },
  {
    element: 'sign-composer',
    state: 'options and send, what is missing listed',
    show: async () => {
      const el = await composer();
      await step(el, 3);
      $<HTMLButtonElement>(el, 'button.send')!.click();
      await until(() => $(el, '.field-error, .problems, [role=alert]'));
      return { root: el, ...COMPOSE_DATA };
    },
  },
];
