import type { Item, Triple } from './catalog.js';

/** A stored first-level request, with what DettaglioRichiestaBean shows. */
export interface DeskRequest {
  idRichiesta: number;
  idUtente: number;
  triple: Triple;
  urgenza: Item | null;
  priorita: Item | null;
  oggetto: string;
  descrizione: string | null;
  note: string | null;
  codiceCanale: string;
  /** A open, P taken in charge, C closed (the spec shows A and P; C is the simulator's, see README). */
  statoAvanz: 'A' | 'P' | 'C';
  dataRichiesta: string;
  dataSegnalazione: string | null;
  dataPcarico: string | null;
  dataScadenza: string | null;
  idUtenteAssegnatario: number | null;
  allegati: Array<{ idAllegato: number; nomeFile: string; dimensione: number; contentType: string }>;
  sezioni: Array<{
    idSezione: number;
    codice: string;
    nome: string;
    attributi: Array<{ idAttributo: number; codice: string; nome: string; tipo: string; valore: string }>;
  }>;
  ticket: Array<{ idTicket: number; protocollo: string; oggetto: string; statoTicket: string }>;
  dataChiusura: string | null;
  /** The customer's rating once closed (body of valutazione-richiesta: README assumption). */
  valutazione: { valutazione: number; note: string | null; dataValutazione: string } | null;
  /** Reopening creates a new linked request (spec §3): each side names the other. */
  idRichiestaOriginale: number | null;
  idRichiestaRiapertura: number | null;
}

export interface DeskComment {
  idCommento: number;
  idRichiesta: number;
  tipo: 'CLIENTE' | 'FORNITORE';
  idUtente: number;
  testo: string;
  sollecito: boolean;
  dataInserimento: string;
  allegati: string[];
}

export interface UploadedFile {
  nomeFile: string;
  dimensione: number;
  contentType: string;
  bytes: Buffer;
}

export class DeskStore {
  readonly requests = new Map<number, DeskRequest>();
  readonly comments: DeskComment[] = [];
  /** Upload id → files posted under it. */
  readonly uploads = new Map<string, UploadedFile[]>();
  /** Files linked to a request (its own and its comments'), by `idRichiesta/nomeFile`, for download. */
  readonly files = new Map<string, UploadedFile>();
  /** Idempotency-Key → the first answer (with a fingerprint of its body). */
  readonly idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private nextRequest = 7100;
  private nextTicket = 9100;
  private nextComment = 100;
  private nextAttachment = 1;

  newRequestId(): number {
    while (this.requests.has(this.nextRequest)) this.nextRequest++;
    return this.nextRequest++;
  }
  newTicketId(): number {
    return this.nextTicket++;
  }
  newCommentId(): number {
    return this.nextComment++;
  }
  newAttachmentId(): number {
    return this.nextAttachment++;
  }

  clear(): void {
    this.requests.clear();
    this.comments.length = 0;
    this.uploads.clear();
    this.files.clear();
    this.idempotency.clear();
    this.nextRequest = 7100;
    this.nextTicket = 9100;
    this.nextComment = 100;
    this.nextAttachment = 1;
  }
}
