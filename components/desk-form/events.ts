import type { CreatedRequest } from '../../src/services/desk.js';

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
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-before-submit': CustomEvent<DeskBeforeSubmitDetail>;
    'sportello-request-created': CustomEvent<DeskRequestCreatedDetail>;
    'sportello-comment-added': CustomEvent<DeskCommentAddedDetail>;
  }
}
