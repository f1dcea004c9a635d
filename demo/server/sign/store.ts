import { randomBytes } from 'node:crypto';
import { IdempotencyKeys } from '../core/idempotency.js';
import type { AcrofieldInfo, PageSize } from './pdfs.js';
import {
  FINAL_STATUSES,
  isoOffset,
  type Practice,
  type ProcessType,
  type Signer,
  type StoredDocument,
} from './model.js';

/** A file kept by `POST /documents/upload*`, until a practice names it in `uploadedFilename`. */
export interface Upload {
  uuid: string;
  filename: string;
  originalFilename: string;
  bytes: Uint8Array;
  pages: number;
  pagesSize: PageSize[];
  acrofields: AcrofieldInfo[];
}

/** A draft of `/workflows/draft*`: a creation body (spec §2.1) kept for its owner, not sent. */
export interface Draft {
  idDraft: number;
  idUser: number;
  tsIns: string;
  tsUpd: string;
  body: Record<string, unknown>;
}

/** The signing simulator's state: practices, their documents and signers, uploads, process types, drafts. */
export class SignStore {
  readonly practices = new Map<number, Practice>();
  readonly uploads = new Map<string, Upload>();
  readonly types = new Map<number, ProcessType>();
  readonly drafts = new Map<number, Draft>();
  /** Idempotency-Key answers of the writes (`POST /files/send`, `POST /workflows/draft/insert`). */
  readonly idempotency = new IdempotencyKeys();
  private nextIdFile = 2001;
  private nextIdDocument = 60001;
  private nextIdSigner = 50001;
  private nextIdDraft = 7001;
  private nextIdWorkflowType = 401;

  newIdFile(): number {
    return this.nextIdFile++;
  }
  newIdDocument(): number {
    return this.nextIdDocument++;
  }
  newIdSigner(): number {
    return this.nextIdSigner++;
  }
  newIdDraft(): number {
    return this.nextIdDraft++;
  }
  newIdWorkflowType(): number {
    return this.nextIdWorkflowType++;
  }
  /** A fresh signing-link token for a signer of a created practice. */
  newToken(): string {
    return randomBytes(12).toString('base64url');
  }

  add(practice: Practice): void {
    this.practices.set(practice.idFile, practice);
  }

  /** A practice by id; an `L` practice past its expiry date turns `E` first (spec §3, automatic). */
  practice(idFile: number): Practice | undefined {
    const p = this.practices.get(idFile);
    if (p) this.expire(p);
    return p;
  }

  all(): Practice[] {
    const list = [...this.practices.values()];
    list.forEach((p) => this.expire(p));
    return list;
  }

  /** A practice's document, or a process type's template document (no practice then). */
  document(idDocument: number): { practice?: Practice; document: StoredDocument } | undefined {
    for (const practice of this.practices.values()) {
      const document = practice.documents.find((d) => d.idDocument === idDocument);
      if (document) return { practice, document };
    }
    for (const type of this.types.values()) {
      const document = type.documents.find((d) => d.idDocument === idDocument);
      if (document) return { document };
    }
    return undefined;
  }

  signerByToken(token: string): { practice: Practice; signer: Signer } | undefined {
    for (const practice of this.practices.values()) {
      const signer = practice.signers.find((s) => s.token === token);
      if (signer) {
        this.expire(practice);
        return { practice, signer };
      }
    }
    return undefined;
  }

  clear(): void {
    this.practices.clear();
    this.uploads.clear();
    this.types.clear();
    this.drafts.clear();
    this.idempotency.clear();
    this.nextIdFile = 2001;
    this.nextIdDocument = 60001;
    this.nextIdSigner = 50001;
    this.nextIdDraft = 7001;
    this.nextIdWorkflowType = 401;
  }

  private expire(p: Practice): void {
    if (p.status !== 'L' || !p.expirationDate || FINAL_STATUSES.includes(p.status)) return;
    if (new Date(p.expirationDate).getTime() <= Date.now()) {
      p.status = 'E';
      p.tsUpd = isoOffset(new Date());
    }
  }
}
