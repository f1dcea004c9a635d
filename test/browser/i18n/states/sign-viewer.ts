import '../../../../components/sign-viewer/index.js';
import { fixture, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import type { SportelloSignViewer } from '../../../../components/sign-viewer/sign-viewer.js';
import { faults, LANG, type ElementState } from './shared.js';

// ---- Signing viewer ----------------------------------------------------------------------------

const SIGN = `${SIM_URL}/sign/api/v2`;
/** The practice's name, signers, file names and the PDF's own text are data. */
const SIGN_DATA = {
  skip: ['.practice-name', '.summary', '.who', '.textLayer', '.switcher button'],
  // The service's own event descriptions (shown instead of ours when it gives one), file names.
  data: ['Pratica inviata in firma', /Firmata da \p{Lu}\p{L}+ \p{Lu}\p{L}+/gu, /[\w.-]+\.pdf/g],
};

async function signViewer(idFile: string | undefined): Promise<SportelloSignViewer> {
  const el = document.createElement('sportello-sign-viewer');
  el.setAttribute('lang', LANG);
  el.setAttribute('style', '--sportello-sign-viewer-height: 700px; width: 1000px');
  for (const [k, v] of Object.entries({
    endpoint: SIGN,
    'sign-token': 'demo-sign-token',
    'sign-user': 'demo',
    'poll-interval': '150',
  }))
    el.setAttribute(k, v);
  if (idFile) el.setAttribute('id-file', idFile);
  return fixture<SportelloSignViewer>(el);
}
const sign$ = (el: Element, s: string) => el.shadowRoot!.querySelector(s);
/** A viewer in link-only mode on one file of the real-world corpus (test/fixtures/pdf-corpus). */
function corpusViewer(file: string): Promise<SportelloSignViewer> {
  const el = document.createElement('sportello-sign-viewer');
  el.setAttribute('lang', LANG);
  el.setAttribute('style', 'width: 390px; --sportello-sign-viewer-height: 700px');
  el.setAttribute('signing-url', `${SIM_URL}/sign/app/sign/corpus`);
  el.setAttribute('document-src', `/test/fixtures/pdf-corpus/${file}`);
  return fixture<SportelloSignViewer>(el);
}

export const signStates: ElementState[] = [
  {
    element: 'sign-viewer',
    state: 'loading',
    show: async () => {
      await faults({ kind: 'delay', match: '/sign/api/v2', count: 1, delayMs: 4000 });
      const el = await signViewer('1001');
      await waitUntil(() => sign$(el, '.loading'), 'loading shown', { timeout: 10000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'practice with the PDF toolbar',
    show: async () => {
      const el = await signViewer('1001');
      await waitUntil(
        () => sign$(el, 'sportello-sign-document')?.shadowRoot?.querySelector('canvas[data-painted]'),
        'painted',
        { timeout: 15000 },
      );
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'signed practice',
    show: async () => {
      const el = await signViewer('1004');
      await waitUntil(() => sign$(el, '.practice-name'), 'shown', { timeout: 10000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'error (404)',
    show: async () => {
      const el = await signViewer('999999');
      await waitUntil(() => sign$(el, '[part="error"]'), 'error', { timeout: 10000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'password asked, a wrong one said to be wrong',
    show: async () => {
      const el = await corpusViewer('encrypted-user-password.pdf');
      await waitUntil(() => sign$(el, '#document-password'), 'no prompt', { timeout: 15000 });
      (sign$(el, '#document-password') as HTMLInputElement).value = 'wrong';
      sign$(el, '.password-form')!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      await waitUntil(() => sign$(el, '.password-wrong'), 'wrong password not said', { timeout: 15000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'password cancelled: the document is protected',
    show: async () => {
      const el = await corpusViewer('encrypted-user-password.pdf');
      await waitUntil(() => sign$(el, '.password-form'), 'no prompt', { timeout: 15000 });
      [...sign$(el, '.password-form')!.querySelectorAll('button')].find((b) => b.type !== 'submit')!.click();
      await waitUntil(() => sign$(el, '.password [role="status"]'), 'cancel says nothing', { timeout: 15000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'damaged document',
    show: async () => {
      const el = await corpusViewer('damaged-garbage.pdf');
      await waitUntil(() => sign$(el, '.doc-state [part="error"], .doc-state sportello-error-notice'), 'not said', {
        timeout: 15000,
      });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'a damaged page among readable ones',
    show: async () => {
      const el = await corpusViewer('damaged-page-2.pdf');
      await waitUntil(
        () => sign$(el, 'sportello-sign-document')?.shadowRoot?.querySelector('.page-error'),
        'not said',
        {
          timeout: 15000,
        },
      );
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'error (not configured)',
    show: async () => {
      const el = await signViewer(undefined);
      el.removeAttribute('endpoint');
      await waitUntil(() => sign$(el, '[part="error"]'), 'error', { timeout: 10000 });
      return { root: el, ...SIGN_DATA };
    },
  },
];
