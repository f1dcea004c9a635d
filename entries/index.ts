/**
 * The whole kit for a script tag. Importing this module defines nothing at once: it watches the
 * page, and each element's code (and its heavy parts: pdf.js, markdown, STOMP) loads from chunks
 * beside this file the first time its tag appears, `<sportello-config>` included. Portals that want
 * an element's class import its own entry instead (`sportello/ai-chat.js`, `sportello/config.js`, …).
 */
import { watchForElements } from './lazy-elements.js';
import { acceptCommands } from './command-queue.js';

export { configure, type SportelloConfig, type TokenProvider } from '../src/config.js';
export type { Catalogue, CatalogueStrings, Strings } from '../src/i18n/catalogue-types.js';
export { ServiceError, isServiceError, type ErrorKind, type ServiceName } from '../src/transport/errors.js';
export type { SportelloConfigElement } from '../components/shared/sportello-config.js';
export { loadElements, LAZY_TAGS } from './lazy-elements.js';
// Where pdf.js' worker and data files are hosted, when not beside the script (README: pdf.js' data files).
export { setPdfAssetsUrl, setPdfWorkerSrc } from '../src/pdf/worker-src.js';
export type { SportelloCommand, SportelloEventName } from './command-queue.js';
export type { SportelloErrorDetail } from '../components/shared/sportello-element.js';

// Types only (erased from dist/sportello.js, so the lazy loading stays): a portal that imports just
// this entry still gets each element's class, its event details, and through their declarations the
// `HTMLElementTagNameMap` and `GlobalEventHandlersEventMap` entries (`querySelector('sportello-ai-chat')`
// typed, `e.detail` of `sportello-handoff` typed). Importing a type does not define the element:
// the tag on the page does (or `import 'sportello/ai-chat.js'`).
export type {
  SportelloAiChat,
  AiCitationDetail,
  AiHandoffDetail,
  AiMessageDetail,
} from '../components/ai-chat/index.js';
export type { SportelloLiveChat, HandoffInput, ChatPrefill, ChatIdDetail } from '../components/live-chat/index.js';
export type {
  SportelloSignViewer,
  SignStatusDetail,
  PracticeStatusDetail,
  LinkStatusDetail,
  SignDownloadDetail,
  SignOpenDetail,
} from '../components/sign-viewer/index.js';
export type {
  SportelloSignComposer,
  SignSentDetail,
  SignDraftSavedDetail,
  SentSigner,
} from '../components/sign-composer/index.js';
export type {
  SportelloDeskForm,
  SportelloDeskRequest,
  DeskPrefill,
  DeskBeforeSubmitDetail,
  DeskRequestCreatedDetail,
  DeskCommentAddedDetail,
  CreatedRequest,
  RequestDetail,
  DeskComment,
} from '../components/desk-form/index.js';
export type {
  SportelloDeskRequests,
  DeskRequestSelectedDetail,
  RequestRow,
} from '../components/desk-requests/index.js';

if (typeof document !== 'undefined') {
  watchForElements();
  acceptCommands();
}
