import type { CreatedRequest, RequestDetail } from '../../src/services/desk.js';

/** Detail of `sportello-before-submit`: the creation body about to be sent, which listeners may extend. */
export interface DeskBeforeSubmitDetail {
  /** Spec §2.1 body; add fields (e.g. `idUtente`) by assigning to it. Call `preventDefault()` to stop the submission. */
  body: Record<string, unknown>;
}

/** Detail of `sportello-request-created`: the service's answer (InfoCreazioneRichiesta) and what was sent. */
export interface DeskRequestCreatedDetail {
  response: CreatedRequest;
  idRichiesta: number;
  protocolloTicket: string | null;
  body: Record<string, unknown>;
}

/** Detail of `sportello-comment-added`. */
export interface DeskCommentAddedDetail {
  idRichiesta: string;
  note: string;
  /** The comment was a reminder (`sollecito: true`). */
  reminder: boolean;
  /** Files the comment carries. */
  nomeAllegati: string[];
}

/** Detail of `sportello-request-updated`: a poll saw the request change. */
export interface DeskRequestUpdatedDetail {
  idRichiesta: string;
  statoAvanz: string | undefined;
  statoRichiesta: string | undefined;
  detail: RequestDetail;
}

/** Detail of `sportello-request-reopened`: the new linked request the view now follows. */
export interface DeskRequestReopenedDetail {
  idRichiesta: number;
  idRichiestaOriginale: number;
}

/** Detail of `sportello-request-rated`. */
export interface DeskRequestRatedDetail {
  idRichiesta: number;
  /** 1 to 5. */
  valutazione: number;
  note?: string | undefined;
}

/** Detail of `sportello-attachment-download` (cancelable: the page then handles `blob` itself). */
export interface DeskAttachmentDownloadDetail {
  idRichiesta: string;
  name: string;
  blob: Blob;
}

/** Detail of `sportello-deflected`: an answer solved the customer's problem; no request was created. */
export interface DeskDeflectedDetail {
  /** The question as asked (subject and description). */
  question: string;
  /** The FAQ's (or passage's) id in the knowledge base. */
  answerId: string;
  kind: 'faq' | 'chunk';
  title: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-before-submit': CustomEvent<DeskBeforeSubmitDetail>;
    'sportello-request-created': CustomEvent<DeskRequestCreatedDetail>;
    'sportello-comment-added': CustomEvent<DeskCommentAddedDetail>;
    'sportello-deflected': CustomEvent<DeskDeflectedDetail>;
    'sportello-desk-open': CustomEvent<Record<string, never>>;
    'sportello-desk-close': CustomEvent<Record<string, never>>;
    'sportello-request-updated': CustomEvent<DeskRequestUpdatedDetail>;
    'sportello-request-reopened': CustomEvent<DeskRequestReopenedDetail>;
    'sportello-request-rated': CustomEvent<DeskRequestRatedDetail>;
    'sportello-attachment-download': CustomEvent<DeskAttachmentDownloadDetail>;
  }
}
