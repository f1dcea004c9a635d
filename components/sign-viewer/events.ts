import type { PracticeDetail, PracticeStatus } from '../../src/services/sign.js';

/**
 * Detail of `sportello-sign-status`: the followed practice changed status, or one signer's step
 * did ({@link PracticeStatusDetail}); in link-only mode, the link's signer signed or rejected, or
 * the link was closed ({@link LinkStatusDetail}, told apart by its `link`).
 */
export type SignStatusDetail = PracticeStatusDetail | LinkStatusDetail;

/** `sportello-sign-status` of a practice followed by `id-file`. */
export interface PracticeStatusDetail {
  /** Absent here: set only in link-only mode. */
  link?: undefined;
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

/**
 * `sportello-sign-status` in link-only mode (`signing-url`): the signer holding the link is done,
 * or the link closed. The service says only what its link status says: no practice detail.
 */
export interface LinkStatusDetail {
  /** The signing link followed. */
  link: string;
  /** `signed`, `rejected`, or `closed` (the practice ended otherwise: expired, cancelled, completed by others). */
  outcome: 'signed' | 'rejected' | 'closed';
  /** The practice's id, when the link's status names it. */
  idFile?: number | undefined;
  /** The practice's status now, and before. */
  status: PracticeStatus;
  previousStatus: PracticeStatus;
  /** True when the practice's status is final (F, R, E, V). */
  final: boolean;
  practice?: undefined;
  /** The link's signer: their e-mail (when the status names it), their step now and before, and when. */
  signer?: { email: string; status: string; previousStatus: string; at?: string | undefined } | undefined;
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
