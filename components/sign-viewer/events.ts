import type { PracticeDetail, PracticeStatus } from '../../src/services/sign.js';

/** Detail of `sportello-sign-status`: the followed practice changed status. */
export interface SignStatusDetail {
  idFile: number;
  status: PracticeStatus;
  previousStatus: PracticeStatus;
  /** True for F, R, E, V: the viewer stopped following. */
  final: boolean;
  practice: PracticeDetail;
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
