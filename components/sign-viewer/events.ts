import type { PracticeDetail, PracticeStatus } from '../../src/services/sign.js';

/** Detail of `sportello-sign-status`: the followed practice changed status. */
export interface SignStatusDetail {
  idFile: number;
  status: PracticeStatus;
  previousStatus: PracticeStatus;
  /** True for F, R, E, V: the viewer stopped following. */
  final: boolean;
  practice: PracticeDetail;
  /**
   * Set when one signer's step changed (they signed or rejected); absent when the event is about
   * the practice's own status. Steps arrive in signing order, before the practice's final status.
   */
  signer?: SignStepDetail | undefined;
}

/** One signer's step inside `sportello-sign-status`. */
export interface SignStepDetail {
  email: string;
  name: string;
  /** `F` signed, `R` rejected (the signer status codes of the service). */
  status: string;
  previousStatus: string;
  /** When (ISO 8601), from the signer's `tsSign` or their event. */
  at?: string | undefined;
}

/** Detail of `sportello-sign-download` (cancelable: cancel it to handle the file yourself). */
export interface SignDownloadDetail {
  kind: 'document' | 'practice' | 'report';
  filename: string;
  blob: Blob;
}

/** Detail of `sportello-sign-open`: the signing page is being opened (cancelable: open it yourself). */
export interface SignOpenDetail {
  url: string;
  mode: 'window' | 'dialog';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-sign-status': CustomEvent<SignStatusDetail>;
    'sportello-sign-download': CustomEvent<SignDownloadDetail>;
    'sportello-sign-open': CustomEvent<SignOpenDetail>;
  }
}

export {};
