/**
 * Every state of every element, for the pseudo-locale test. Each entry mounts an element in
 * `lang="qps"` against the real simulator and drives it (as a visitor would) to one state, then
 * says which of what it shows is data (simulator content, what the visitor typed) rather than
 * the kit's own words. To cover a new state: add an entry to its element's file in states/, nothing else.
 */
import '../../../components/shared/sportello-config.js';
import { setPdfWorkerSrc } from '../../../src/pdf/pdfjs.js';
import type { ElementState } from './states/shared.js';
import { aiStates } from './states/ai.js';
import { chatStates } from './states/live-chat.js';
import { signStates } from './states/sign-viewer.js';
import { deskStates } from './states/desk-form.js';
import { composerStates } from './states/sign-composer.js';

export { LANG, resetSim, type ElementState, type Shown } from './states/shared.js';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

export const ELEMENT_STATES: readonly ElementState[] = [
  ...aiStates,
  ...chatStates,
  ...signStates,
  ...composerStates,
  ...deskStates,
];
