import type { SentSigner } from '../../src/model/sign/composer/sent-signers.js';

export type { SentSigner };

/** Detail of `sportello-sign-sent`: the practice the composer sent. */
export interface SignSentDetail {
  idFile: number;
  /** The signers in signing order, as the service created them. */
  signers: SentSigner[];
}

/** Detail of `sportello-sign-draft-saved`: the practice was saved as a draft at the service. */
export interface SignDraftSavedDetail {
  idDraft: number;
  name: string | null;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-sign-sent': CustomEvent<SignSentDetail>;
    'sportello-sign-draft-saved': CustomEvent<SignDraftSavedDetail>;
  }
}

export {};
