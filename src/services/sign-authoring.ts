/**
 * Typed client of the signing service's authoring side (specs/signing-service.md §2.1–2.6, §2.9,
 * §4): uploads with progress, process types, drafts, and sending a practice under an
 * Idempotency-Key. Apart from `SignService` (what the viewer reads) so the viewer's chunk carries
 * none of it; both share one `HttpClient`. No DOM, no UI.
 */
import { HttpClient } from '../transport/http.js';
import { ServiceError } from '../transport/errors.js';
import type { AreaPlacement, PracticeStatus } from './sign.js';

/** §2.3 action codes: the kind of signature or approval a signer gives. */
export type ActionCode = 'S' | 'E' | 'T' | 'V' | 'Q' | 'P' | 'O' | 'J';
export const ACTION_CODES: readonly ActionCode[] = ['S', 'E', 'T', 'V', 'Q', 'P', 'O', 'J'];

/** §2.8 `pagesSize` item: a page's size in PDF points. */
export interface PageSizePoints {
  page: number;
  width: number;
  height: number;
}

/** §2.8 `acrofields` item of an upload answer: a form field's rectangle in PDF points, origin bottom-left. */
export interface UploadAcrofield {
  keyword: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** §2.8 upload response. */
export interface UploadedDocument {
  uuid: string;
  /** The processed name: what a practice names as `uploadedFilename`. */
  filename: string;
  originalFilename: string;
  pages: number;
  pagesSize?: PageSizePoints[];
  hasAcrofields?: boolean;
  acrofields?: UploadAcrofield[];
  rotated?: boolean;
  readonly?: boolean;
}

/** §2.2 document item. */
export interface DocumentItem {
  uploadedFilename?: string;
  base64content?: string;
  externalUrl?: string;
  filename?: string;
  order?: number;
  convert?: boolean;
}

/** §2.4 signature coordinate item (what the composer writes). */
export interface CoordinateItem extends AreaPlacement {
  signatureType?: ActionCode;
}

/** §2.5 condition operators and behaviours. */
export type ConditionOperator = 'equals' | 'notEquals' | 'contains' | 'isEmpty' | 'isNotEmpty';
export type ConditionBehavior = 'show' | 'hide' | 'required' | 'readonly';

/** §2.5 placeholder item (what the composer writes). */
export interface PlaceholderItem extends AreaPlacement {
  type: string;
  code?: string;
  required?: boolean;
  defaultValue?: string;
  regex?: string;
  regexErrorMessage?: string;
  readonly?: boolean;
  groupId?: number;
  autocompleteValuesList?: string[];
  cfCondition?: ConditionOperator;
  /** §2.5: the id of the compared placeholder; the composer numbers placeholders by their `groupId`-free order (see practice-body.ts). */
  cfConditionComparePlaceholder?: number;
  cfConditionCompareValue?: string;
  cfBehavior?: ConditionBehavior;
}

/** §2.6 acrofield rule. */
export interface AcrofieldItem {
  acrofieldKeyword: string;
  acrofieldSignatureType?: ActionCode;
  acrofieldMatch?: 'full' | 'prefix' | 'postfix' | 'contains';
}

/** §2.3 signer item. */
export interface SignerItem {
  email?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  action: ActionCode;
  sendNotifications?: boolean;
  signatureCoordinates?: CoordinateItem[];
  placeholders?: PlaceholderItem[];
  requirePassword?: boolean;
  password?: string;
  requireOtp?: boolean;
  phone?: string;
  phonePrefix?: string;
  hostUsername?: string;
  customMessage?: string;
  customMessageObject?: string;
  acrofields?: AcrofieldItem[];
}

/** §2.1 practice creation body (the fields the composer writes). */
export interface CreationBody {
  documents: DocumentItem[];
  signers: SignerItem[];
  destinationContacts?: Array<{ email: string }>;
  name?: string;
  notes?: string;
  sendNotifications?: boolean;
  sendCopyIterCompleted?: boolean;
  expirationDate?: string;
  expirationDateDays?: number;
  draft?: boolean;
  urgent?: boolean;
  privacy?: 'P' | 'A' | 'C' | 'S';
  protocol?: string;
  placeholders?: PlaceholderItem[];
  idWorkflowType?: number;
  workflowTypeCode?: string;
}

/** §2.8 creation response. */
export interface CreationResponse {
  idFile: number;
  canAutoAdvance?: boolean;
  signers: Array<{
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    action: string;
    /** The signing link of an external signer (absent where the caller may not see it). */
    signingUrl?: string | null;
    external?: boolean;
    password?: string;
    hostUsername?: string;
  }>;
}

/** A process type as listed (§2.9 without its documents and slots). */
export interface ProcessTypeSummary {
  idWorkflowType: number;
  code: string;
  name: string;
  notes?: string | null;
  summary?: string | null;
  preloadDocuments?: boolean;
  editSigners?: boolean;
  blockTypePlaceholders?: boolean;
  urgent?: boolean;
  draft?: boolean;
  expirationDate?: string | null;
}

/** A template document of a process type (bytes at `GET /documents/viewer/{idDocument}`). */
export interface TemplateDocument {
  idDocument: number;
  filename: string;
  order?: number;
  pages: number;
  pagesSize?: PageSizePoints[];
  acrofields?: UploadAcrofield[];
}

/** A signer slot of a process type (`workflowTypesTemplates` item, as the simulator's README assumes). */
export interface SignerSlot {
  order: number;
  /** The slot's role in the tenant's words. */
  description?: string;
  action: ActionCode;
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phonePrefix?: string;
  phone?: string;
  requireOtp?: boolean;
  signatureCoordinates?: CoordinateItem[];
  placeholders?: PlaceholderItem[];
}

/** §2.9 process type, whole. */
export interface ProcessType extends ProcessTypeSummary {
  documents: TemplateDocument[];
  workflowTypesTemplates: SignerSlot[];
  placeholders?: PlaceholderItem[];
}

/** A draft of `/workflows/draft*` (the simulator's shape; see its README). */
export interface DraftRecord {
  idDraft: number;
  name: string | null;
  idWorkflowType?: number | null;
  tsIns?: string;
  tsUpd?: string;
  body: Partial<CreationBody>;
}

export interface UploadOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((loaded: number, total: number) => void) | undefined;
  /** §4 `convert` (default true at the service): ask the service to convert a non-PDF. */
  convert?: boolean;
}

export type { PracticeStatus };

const asArray = <T>(body: unknown, what: string): T[] => {
  if (Array.isArray(body)) return body as T[];
  const content = (body as { content?: unknown } | null)?.content;
  if (Array.isArray(content)) return content as T[];
  throw new ServiceError({ service: 'sign', kind: 'parse', message: `The service did not list ${what}.` });
};

export class SignAuthoringService {
  constructor(readonly http: HttpClient) {}

  /** POST /documents/upload (multipart `file`, `convert`), with upload progress. */
  async upload(file: Blob, filename: string, options: UploadOptions = {}): Promise<UploadedDocument> {
    const form = new FormData();
    form.append('file', file, filename);
    if (options.convert !== undefined) form.append('convert', String(options.convert));
    const answer = await this.http.json<UploadedDocument>('/documents/upload', {
      form,
      signal: options.signal,
      timeoutMs: 0,
      // A multipart body is not resent on its own: a failed upload is the user's to retry.
      retry: false,
      ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
    });
    if (!answer || typeof answer.filename !== 'string')
      throw new ServiceError({ service: 'sign', kind: 'parse', message: 'The upload answer has no file name.' });
    return answer;
  }

  /** POST /files/send under `key`: every attempt of one practice carries the same key. */
  send(body: CreationBody, key: string): Promise<CreationResponse> {
    return this.http.json<CreationResponse>('/files/send', { json: body, idempotencyKey: key });
  }

  /** GET /workflows/types/submit: the process types the user may submit. */
  async typesToSubmit(signal?: AbortSignal): Promise<ProcessTypeSummary[]> {
    return asArray<ProcessTypeSummary>(
      await this.http.json<unknown>('/workflows/types/submit', { signal }),
      'process types',
    );
  }

  /** GET /workflows/types/{id}: one process type, whole. */
  processType(idWorkflowType: number, signal?: AbortSignal): Promise<ProcessType> {
    return this.http.json<ProcessType>(`/workflows/types/${idWorkflowType}`, { signal });
  }

  /** GET /workflows/draft: the user's drafts. */
  async drafts(signal?: AbortSignal): Promise<DraftRecord[]> {
    return asArray<DraftRecord>(await this.http.json<unknown>('/workflows/draft', { signal }), 'drafts');
  }

  /** POST /workflows/draft/insert (a new draft) or PUT /workflows/draft/update (an existing one). */
  saveDraft(body: Partial<CreationBody>, idDraft: number | undefined, key: string): Promise<DraftRecord> {
    if (idDraft === undefined)
      return this.http.json<DraftRecord>('/workflows/draft/insert', { json: body, idempotencyKey: key });
    return this.http.json<DraftRecord>('/workflows/draft/update', { method: 'PUT', json: { ...body, idDraft } });
  }

  /** DELETE /workflows/draft/delete/{idDraft}. */
  async deleteDraft(idDraft: number): Promise<void> {
    await this.http.text(`/workflows/draft/delete/${idDraft}`, { method: 'DELETE' });
  }
}
