// Entry for <sportello-sign-composer>: importing it defines the element. pdf.js is not imported
// here: it loads from its own chunk (shared with the viewer) when the first page is about to be shown.
import { SportelloElement } from '../shared/sportello-element.js';
import { SportelloSignComposer } from './sign-composer.js';

SportelloElement.define('sportello-sign-composer', SportelloSignComposer);

export { SportelloSignComposer };
export { setPdfWorkerSrc } from '../../src/pdf/worker-src.js';
export type { SignSentDetail, SignDraftSavedDetail, SentSigner } from './events.js';
