/**
 * Typed client of the signing service (specs/signing-service.md). No DOM, no UI: every call goes
 * through the shared transport (auth headers, retries, 401 refresh, error normalising) and rejects
 * with a ServiceError.
 */
import { HttpClient, filenameFromContentDisposition, type RequestOptions } from '../transport/http.js';
import { none, type AuthStrategy } from '../transport/auth.js';
import { ServiceError } from '../transport/errors.js';

/** §3 practice status codes. */
export type PracticeStatus = 'L' | 'F' | 'R' | 'E' | 'S' | 'V' | 'U' | 'A' | 'C';

/** States nothing moves a practice out of; the viewer stops following the practice there. */
export const FINAL_STATUSES: readonly PracticeStatus[] = ['F', 'R', 'E', 'V'];
export const isFinalStatus = (status: string | undefined): boolean => FINAL_STATUSES.includes(status as PracticeStatus);

/**
 * Where an area sits (§2.4/§2.5, shared by signature coordinates and placeholders): a document's
 * page and either a box (0..1 from the page's top-left) or an anchor keyword with offsets.
 */
export interface AreaPlacement {
  document: number;
  page: number;
  positionX?: number;
  positionY?: number;
  width?: number;
  height?: number;
  anchorKeyword?: string;
  offsetX?: number;
  offsetY?: number;
}

/** §2.4 signature coordinate item (only the fields the viewer reads). */
export interface SignatureCoordinate extends AreaPlacement {
  signatureType?: string;
  invisible?: boolean;
  textContent?: string;
  /** Degrees (0, 90, 180, 270): the stamp's turn. */
  rotation?: number;
  offsetLeft?: number;
  offsetTop?: number;
}

/** §2.5 placeholder item (placement and identity). */
export interface Placeholder extends AreaPlacement {
  type: string;
  code?: string;
  required?: boolean;
  idSigner?: number;
}

/** §2.6 acrofield item. */
export interface AcrofieldRule {
  acrofieldKeyword: string;
  acrofieldSignatureType?: string;
  acrofieldMatch?: 'full' | 'prefix' | 'postfix' | 'contains';
}

export interface PracticeSigner {
  idSigner?: number;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  action: string;
  status: string;
  tsSign?: string | null;
  signatureCoordinates?: SignatureCoordinate[];
  placeholders?: Placeholder[];
  acrofields?: AcrofieldRule[];
}

export interface PracticeDocumentRef {
  idDocument: number;
  filename: string;
  contentType?: string;
  order?: number;
}

export interface PracticeEvent {
  action: string;
  tsIns: string;
  description?: string | null;
  signerEmail?: string | null;
  notes?: string | null;
}

/** §2.8 detail response. */
export interface PracticeDetail {
  idFile: number;
  name: string;
  notes?: string | null;
  summary?: string | null;
  status: PracticeStatus;
  numDocuments?: number;
  urgent?: boolean;
  privacy?: string;
  digitalSigned?: boolean;
  expirationDate?: string | null;
  protocol?: string | null;
  tsIns?: string;
  tsUpd?: string;
  user?: { idUser?: number; firstName?: string | null; lastName?: string | null; email?: string | null };
  signers: PracticeSigner[];
  documents: PracticeDocumentRef[];
  events: PracticeEvent[];
  placeholders?: Placeholder[];
}

/** §2.8 document list item. */
export interface DocumentListItem {
  idDocument: number;
  idFile: number;
  name: string;
  pages: number;
  mimeType: string;
  documentOrder: number;
  pagesSize?: Array<{ page: number; width: number; height: number }>;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
  contentType?: string | undefined;
}

export interface ByteProgress {
  loaded: number;
  /** From Content-Length; undefined when the server did not say. */
  total: number | undefined;
}

export interface FetchBytesOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: ByteProgress) => void) | undefined;
}

export interface SignServiceOptions {
  /** `{sign_base_url}/api/v2`, or the portal's proxy serving the same paths. */
  endpoint: string;
  auth?: AuthStrategy;
  timeoutMs?: number;
}

/** Reads a response body to the end, reporting progress as bytes arrive. */
export async function readBytes(response: Response, options: FetchBytesOptions = {}): Promise<Uint8Array> {
  const header = response.headers.get('Content-Length');
  const total = header && /^\d+$/.test(header) ? Number(header) : undefined;
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    options.onProgress?.({ loaded: bytes.length, total: bytes.length });
    return bytes;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  options.onProgress?.({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    options.onProgress?.({ loaded, total });
  }
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** True if `%PDF-` appears in the first 1024 bytes (where readers accept it). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  outer: for (let i = 0; i <= limit; i++) {
    for (let j = 0; j < PDF_MAGIC.length; j++) if (bytes[i + j] !== PDF_MAGIC[j]) continue outer;
    return true;
  }
  return false;
}

/** Fallback file name when a server sends no Content-Disposition. */
function fallbackName(kind: string, id: number | string, ext: string): string {
  return `${kind}-${id}.${ext}`;
}

export class SignService {
  readonly http: HttpClient;

  constructor(options: SignServiceOptions | HttpClient) {
    this.http =
      options instanceof HttpClient
        ? options
        : new HttpClient({
            service: 'sign',
            baseUrl: options.endpoint,
            auth: options.auth ?? none,
            ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
          });
  }

  /** GET /files/{idFile}: the practice with signers, documents and events. */
  getPractice(idFile: number, options: { signal?: AbortSignal | undefined } = {}): Promise<PracticeDetail> {
    return this.http.json<PracticeDetail>(`/files/${idFile}`, { signal: options.signal });
  }

  /** GET /files/{idFile}/documents: the documents with page counts and sizes. */
  getDocuments(idFile: number, options: { signal?: AbortSignal | undefined } = {}): Promise<DocumentListItem[]> {
    return this.http.json<DocumentListItem[]>(`/files/${idFile}/documents`, { signal: options.signal });
  }

  /** GET /files/{idFile}/link: the signing link (the spec's body is a JSON string). */
  async getSigningLink(idFile: number, options: { signal?: AbortSignal | undefined } = {}): Promise<string> {
    const body = await this.http.json<unknown>(`/files/${idFile}/link`, { signal: options.signal });
    const link =
      typeof body === 'string'
        ? body
        : ((body as { link?: unknown; url?: unknown } | null)?.link ?? (body as { url?: unknown } | null)?.url);
    if (typeof link !== 'string' || !/^https?:\/\//i.test(link)) {
      throw new ServiceError({ service: 'sign', kind: 'parse', message: 'The service did not return a signing link.' });
    }
    return link;
  }

  /** GET /documents/viewer/{idDocument}: the PDF bytes, with progress. */
  async getDocumentBytes(idDocument: number, options: FetchBytesOptions = {}): Promise<Uint8Array> {
    const response = await this.http.response(`/documents/viewer/${idDocument}`, {
      signal: options.signal,
      accept: 'application/pdf',
      timeoutMs: 0,
    });
    return readBytes(response, options);
  }

  /** GET /documents/download/{idDocument}. */
  async downloadDocument(idDocument: number, options: RequestOptions = {}): Promise<DownloadedFile> {
    const r = await this.http.blob(`/documents/download/${idDocument}`, { timeoutMs: 0, ...options });
    return {
      blob: r.blob,
      filename: r.filename ?? fallbackName('document', idDocument, 'pdf'),
      contentType: r.contentType,
    };
  }

  /** GET /files/download/{idFile}: the whole practice (PDF, or ZIP with several documents). */
  async downloadPractice(idFile: number, options: RequestOptions = {}): Promise<DownloadedFile> {
    const r = await this.http.blob(`/files/download/${idFile}`, { timeoutMs: 0, ...options });
    const ext = r.contentType?.includes('zip') ? 'zip' : 'pdf';
    return { blob: r.blob, filename: r.filename ?? fallbackName('practice', idFile, ext), contentType: r.contentType };
  }

  /** GET /files/{idFile}/report/download: the audit-trail PDF. */
  async downloadReport(idFile: number, options: RequestOptions = {}): Promise<DownloadedFile> {
    const r = await this.http.blob(`/files/${idFile}/report/download`, { timeoutMs: 0, ...options });
    return { blob: r.blob, filename: r.filename ?? fallbackName('report', idFile, 'pdf'), contentType: r.contentType };
  }
}

/**
 * A document given by URL (link-only mode: an external signer holds a signing link and the
 * documents' addresses, no credentials). No auth headers are sent.
 */
export async function getUrlBytes(
  url: string,
  options: FetchBytesOptions = {},
): Promise<{ bytes: Uint8Array; filename?: string | undefined }> {
  const absolute = new URL(url, document.baseURI);
  const http = new HttpClient({ service: 'sign', baseUrl: absolute.origin, auth: none });
  const response = await http.response(absolute.href, { signal: options.signal, timeoutMs: 0 });
  const bytes = await readBytes(response, options);
  return {
    bytes,
    filename:
      filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? lastPathSegment(absolute.pathname),
  };
}

function lastPathSegment(path: string): string | undefined {
  try {
    return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the holder of a signing link may learn about it: the practice's status and their own step.
 * The spec shows no such call; the kit assumes `GET {signing link}/status` answering
 * `{ status, signer: { status } }` (the simulator serves it, see demo/server/sign/README.md), and an
 * integrator whose service differs maps it with a proxy. No credentials: the link is the credential.
 */
export interface LinkStatus {
  status: PracticeStatus;
  signer?: { email?: string; status: string; tsSign?: string | null } | undefined;
  name?: string | undefined;
}

export async function getLinkStatus(
  signingUrl: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<LinkStatus> {
  const url = new URL(signingUrl, document.baseURI);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/status`;
  const http = new HttpClient({ service: 'sign', baseUrl: url.origin, auth: none });
  const body = await http.json<unknown>(url.href, { signal: options.signal });
  const status = (body as { status?: unknown } | null)?.status;
  if (typeof status !== 'string')
    throw new ServiceError({ service: 'sign', kind: 'parse', message: 'The signing link did not say its status.' });
  return body as LinkStatus;
}
