// Shared by the sign-viewer browser tests (not a test file itself).
import { fixture } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { openPdf, setPdfAssetsUrl, setPdfWorkerSrc, type PdfDocument } from '../../../src/pdf/pdfjs.js';
import '../../../components/sign-viewer/index.js';
import type { SportelloSignViewer } from '../../../components/sign-viewer/sign-viewer.js';
import type { SignDocumentView } from '../../../components/sign-viewer/parts/document-view.js';
import { until } from './sign-wait.js';

// web-test-runner has no Vite: `?worker&url` is not understood, so the worker is named explicitly.
setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');
// Nor is there a built `pdfjs/` folder: pdf.js' data files are served from the package itself.
setPdfAssetsUrl('/node_modules/pdfjs-dist/');

/** A PDF opened for a test of the document view alone (no viewer around it). */
export async function openTestPdf(bytes: Uint8Array): Promise<{ pdf: PdfDocument; destroy: () => Promise<void> }> {
  const opening = await openPdf(bytes);
  return { pdf: await opening.pdf, destroy: opening.destroy };
}

export const SIGN_API = `${SIM_URL}/sign/api/v2`;
export const KEY_HEADERS = { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'demo' };

export async function resetSim(): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
}

/** A viewer in the page for one test (removed after it). */
export async function viewer(
  idFile: number | string,
  extra: Record<string, string> = {},
): Promise<SportelloSignViewer> {
  return fixture<SportelloSignViewer>(viewerElement(idFile, extra));
}

/**
 * A viewer in the page for every test of a `describe` (mounted in its `before`, removed by the
 * returned function in its `after`): a scenario whose document is slow to load on a loaded machine
 * (the 100-page one) loads it once, and each step is a test of its own, under its own time limit.
 */
export async function sharedViewer(
  idFile: number | string,
  extra: Record<string, string> = {},
): Promise<{ el: SportelloSignViewer; remove: () => void }> {
  const el = viewerElement(idFile, extra);
  document.body.append(el);
  await el.updateComplete;
  return { el, remove: () => el.remove() };
}

function viewerElement(idFile: number | string, extra: Record<string, string>): SportelloSignViewer {
  // Attributes set before connecting, as a page's markup would have them.
  const el = document.createElement('sportello-sign-viewer');
  el.setAttribute('lang', 'en');
  el.setAttribute('style', '--sportello-sign-viewer-height: 700px; width: 1000px');
  for (const [k, v] of Object.entries({
    endpoint: SIGN_API,
    'sign-token': 'demo-sign-token',
    'sign-user': 'demo',
    'poll-interval': '150',
    ...extra,
  }))
    el.setAttribute(k, v);
  el.setAttribute('id-file', String(idFile));
  return el;
}

export const shadow = (el: Element) => el.shadowRoot!;

export function docView(el: SportelloSignViewer): SignDocumentView | null {
  return shadow(el).querySelector('sportello-sign-document');
}

export async function practiceShown(el: SportelloSignViewer): Promise<void> {
  await until(
    () => shadow(el).querySelector('.practice-name') || shadow(el).querySelector('[part="error"]'),
    'practice not shown',
  );
}

/** Waits until the document view shows a painted canvas. */
export async function firstPagePainted(el: SportelloSignViewer): Promise<SignDocumentView> {
  await until(() => docView(el)?.shadowRoot?.querySelector('canvas[data-painted]'), 'no painted page');
  return docView(el)!;
}

/** True if any pixel of the canvas differs from white/transparent. */
export function hasInk(canvas: HTMLCanvasElement): boolean {
  const ctx = canvas.getContext('2d')!;
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! > 0 && (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200)) return true;
  }
  return false;
}

export async function signingLink(idFile: number): Promise<string> {
  const r = await fetch(`${SIGN_API}/files/${idFile}/link`, { headers: KEY_HEADERS });
  return (await r.json()) as string;
}

export async function actOnLink(
  link: string,
  action: 'sign' | 'reject',
  body: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${link}/${action}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
