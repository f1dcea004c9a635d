// Entry for <sportello-sign-viewer>: importing it defines the element. pdf.js is not imported
// here: it loads from its own chunk when the first document is about to be shown.
import { SportelloElement } from '../shared/sportello-element.js';
import { SportelloSignViewer } from './sign-viewer.js';

SportelloElement.define('sportello-sign-viewer', SportelloSignViewer);

export { SportelloSignViewer };
export { setPdfAssetsUrl, setPdfWorkerSrc } from '../../src/pdf/worker-src.js';
export type {
  SignStatusDetail,
  PracticeStatusDetail,
  LinkStatusDetail,
  SignDownloadDetail,
  SignOpenDetail,
} from './events.js';
