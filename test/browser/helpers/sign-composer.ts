// Drives <sportello-sign-composer> as a user does: by its labels, buttons and keys (not a test file itself).
import { sendKeys } from '@web/test-runner-commands';
import { setPdfWorkerSrc } from '../../../src/pdf/pdfjs.js';
import '../../../components/sign-composer/index.js';
import type { SportelloSignComposer } from '../../../components/sign-composer/sign-composer.js';
import type { SignComposerPages } from '../../../components/sign-composer/parts/page-editor.js';
import { SIGN_API, KEY_HEADERS } from './sign-viewer.js';
import { makePdf } from './sign-pdfs.js';
import { siteLandmarks } from './axe-page.js';
import { until } from './sign-wait.js';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

export { SIGN_API, KEY_HEADERS, until };

let drafts = 0;

type TokenProvider = (options: { forceRefresh: boolean }) => Promise<string>;

/**
 * A composer in English, with a draft key of its own (unless given), in a site's `<main>`: with the
 * development keys, or with `tokenProvider` (a visitor token, `endpoint` then the gateway's) and no key.
 */
export async function composer(
  attrs: Record<string, string> = {},
  tokenProvider?: TokenProvider,
): Promise<SportelloSignComposer> {
  const el = document.createElement('sportello-sign-composer');
  for (const [k, v] of Object.entries({
    lang: 'en',
    endpoint: SIGN_API,
    ...(tokenProvider ? {} : { 'sign-token': 'demo-sign-token', 'sign-user': 'demo' }),
    'draft-key': `test-${Date.now()}-${++drafts}`,
    ...attrs,
  }))
    el.setAttribute(k, v);
  if (tokenProvider) el.tokenProvider = tokenProvider;
  siteLandmarks().append(el);
  mounted.add(el);
  await until(() => stepTitle(el), 'the composer did not render');
  return el;
}

const mounted = new Set<Element>();

/** Removes the composers the test mounted (an afterEach of every composer test). */
export function unmountComposers(): void {
  for (const el of mounted) el.remove();
  mounted.clear();
}

export const root = (el: Element) => el.shadowRoot!;

export function stepTitle(el: SportelloSignComposer): string | undefined {
  return root(el).querySelector('#step-title')?.textContent?.trim();
}

/** The control a visible label names (exact text, the required star aside). */
export function field<T extends HTMLElement = HTMLInputElement>(el: SportelloSignComposer, label: string, nth = 0): T {
  const labels = [...root(el).querySelectorAll('label')].filter(
    (l) => l.textContent!.replace('*', '').trim() === label,
  );
  const l = labels[nth];
  if (!l) throw new Error(`no field labelled "${label}"`);
  const control = l.htmlFor ? root(el).getElementById(l.htmlFor) : l.querySelector('input, select, textarea');
  if (!control) throw new Error(`label "${label}" names no control`);
  return control as T;
}

/** The button whose text or accessible name is `name`. */
export function button(el: Element, name: string | RegExp, scope: ParentNode = root(el)): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find((b) => {
    const text = (b.getAttribute('aria-label') ?? b.textContent ?? '').replace(/\s+/g, ' ').trim();
    return typeof name === 'string' ? text === name : name.test(text);
  });
  if (!found) throw new Error(`no button "${String(name)}"`);
  return found;
}

export async function type(el: SportelloSignComposer, control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  control.value = value;
  control.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

export async function choose(el: SportelloSignComposer, control: HTMLSelectElement, value: string) {
  control.value = value;
  control.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await el.updateComplete;
}

/** A one-page (or more) PDF as a File, made in the browser. */
export async function pdfFile(name = 'contract.pdf', pages = 1, text = 'Firma qui'): Promise<File> {
  const bytes = await makePdf(Array.from({ length: pages }, () => ({ width: 595, height: 842, text })));
  return new File([bytes.slice().buffer as ArrayBuffer], name, { type: 'application/pdf' });
}

/** Adds files through the documents step's file input, as the picker would. */
export async function addFiles(el: SportelloSignComposer, files: File[]): Promise<void> {
  const input = root(el).querySelector<HTMLInputElement>('input[type=file]')!;
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

/** Waits until every document shows its page count (its upload answered). */
export async function uploaded(el: SportelloSignComposer, count = 1): Promise<void> {
  await until(
    () =>
      [...root(el).querySelectorAll('.document')].filter((d) => /\d+ pages?/.test(d.textContent ?? '')).length >= count,
    'the upload did not finish',
  );
}

/** The element that has focus, through shadow roots. */
export function deepActive(): Element | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/** Moves focus with the Tab key alone until `target` has it (fails if it is never reached). */
export async function tabTo(target: Element, max = 400): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (deepActive() === target) return;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error(`Tab never reached ${target.outerHTML.slice(0, 120)}`);
}

/** Tabs to a control and types into it with the keyboard. */
export async function tabAndType(target: Element, text: string): Promise<void> {
  await tabTo(target);
  await sendKeys({ type: text });
}

export function pages(el: SportelloSignComposer): SignComposerPages {
  return root(el).querySelector('sportello-sign-composer-pages')!;
}

export function page(el: SportelloSignComposer, n: number): HTMLElement | null {
  return pages(el).shadowRoot!.querySelector<HTMLElement>(`.page[data-page="${n}"]`);
}

export function areas(el: SportelloSignComposer): HTMLElement[] {
  return [...pages(el).shadowRoot!.querySelectorAll<HTMLElement>('.area')];
}

/** Goes to a step by the step list. */
export async function goToStep(el: SportelloSignComposer, name: RegExp): Promise<void> {
  button(el, name, root(el).querySelector('.steps')!).click();
  await el.updateComplete;
}

/** One signer and one signature area: the shortest practice that may be sent. */
export async function prepareSimple(el: SportelloSignComposer, name: string): Promise<void> {
  await addFiles(el, [await pdfFile()]);
  await uploaded(el);
  await goToStep(el, /Signers/);
  button(el, 'Add a signer').click();
  await el.updateComplete;
  await type(el, field(el, 'First name'), 'Mario');
  await type(el, field(el, 'Last name'), 'Rossi');
  await type(el, field(el, 'E-mail'), 'mario.rossi@acme.test');
  await goToStep(el, /Areas/);
  await until(() => page(el, 1), 'page 1 drawn');
  page(el, 1)!.focus();
  await sendKeys({ press: 'Enter' });
  await until(() => areas(el).length === 1, 'the area placed');
  await goToStep(el, /Options/);
  await type(el, field(el, 'Name of the practice'), name);
}

/** GET of the signing service with the development keys. */
export async function signGet<T>(path: string): Promise<T> {
  const res = await fetch(`${SIGN_API}${path}`, { headers: KEY_HEADERS });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** How many practices are named `name` at the service. */
export async function practicesNamed(name: string): Promise<number> {
  const list = await signGet<{ totalElements: number }>(`/files/?query=${encodeURIComponent(name)}`);
  return list.totalElements;
}
