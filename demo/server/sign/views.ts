import { userById, type Practice, type Signer, type StoredDocument } from './model.js';

/** The JSON shapes of spec §2.8, built from the stored practice. */

/** Path (below the simulator base URL) of a signer's signing page. */
export const signerPagePath = (token: string) => `/sign/app/sign/${encodeURIComponent(token)}`;

export function signingLink(baseUrl: string, signer: Signer): string {
  return `${baseUrl}${signerPagePath(signer.token)}`;
}

/** The signer whose link `GET /files/{idFile}/link` gives: the first one still pending, else the first. */
export function currentSigner(p: Practice): Signer | undefined {
  return p.signers.find((s) => s.status === 'L') ?? p.signers[0];
}

function owner(p: Practice) {
  const u = userById(p.idUser);
  return u
    ? { idUser: u.idUser, firstName: u.firstName, lastName: u.lastName, email: u.email }
    : { idUser: p.idUser, firstName: null, lastName: null, email: null };
}

export function signerView(s: Signer) {
  return {
    idSigner: s.idSigner,
    email: s.email,
    firstName: s.firstName,
    lastName: s.lastName,
    username: s.username,
    action: s.action,
    status: s.status,
    external: s.external,
    requirePassword: s.requirePassword,
    hostUsername: s.hostUsername,
    tsSign: s.tsSign,
    notes: s.notes,
    signatureCoordinates: s.signatureCoordinates,
    placeholders: s.placeholders,
    acrofields: s.acrofields,
  };
}

export function practiceDetail(p: Practice) {
  return {
    idFile: p.idFile,
    name: p.name,
    notes: p.notes,
    summary: p.summary,
    status: p.status,
    draft: p.draft,
    numDocuments: p.documents.length,
    urgent: p.urgent,
    privacy: p.privacy,
    digitalSigned: p.digitalSigned,
    sealed: p.sealed,
    expirationDate: p.expirationDate,
    protocol: p.protocol,
    externalId: p.externalId,
    tsIns: p.tsIns,
    tsUpd: p.tsUpd,
    user: owner(p),
    signers: p.signers.map(signerView),
    documents: p.documents.map((d) => ({
      idDocument: d.idDocument,
      filename: d.filename,
      contentType: d.contentType,
      order: d.order,
    })),
    events: p.events.map((e) => ({
      action: e.action,
      tsIns: e.tsIns,
      description: e.description,
      signerEmail: e.signerEmail ?? null,
      notes: e.notes ?? null,
    })),
    history: p.history,
    placeholders: p.placeholders,
    metadata: p.metadata,
    tags: p.tags,
    webhook: p.webhook,
    destinationContacts: p.destinationContacts,
    canAdvance: false,
    deletedData: false,
  };
}

/** A list row: the detail's scalar fields, the owner and the signers (no events, no documents). */
export function practiceListItem(p: Practice) {
  const { events: _e, history: _h, documents: _d, placeholders: _p, webhook: _w, ...rest } = practiceDetail(p);
  return rest;
}

export function documentItem(p: Practice, d: StoredDocument) {
  return {
    idDocument: d.idDocument,
    idFile: d.idFile,
    name: d.filename,
    pages: d.pages,
    mimeType: d.contentType,
    documentOrder: d.order,
    visible: true,
    attachment: false,
    readonly: false,
    digitalSigned: p.digitalSigned,
    external: d.externalUrl !== null,
    externalUrl: d.externalUrl,
    docExternalId: d.docExternalId,
    blobExist: true,
    tsIns: d.tsIns,
    pagesSize: d.pagesSize,
  };
}

/** The §2.8 page object of one page of `list` (`page` 0-based), each row made by `row`. */
export function pageObject<T, R>(list: readonly T[], page: number, size: number, row: (item: T) => R) {
  const content = list.slice(page * size, page * size + size).map(row);
  const totalPages = Math.ceil(list.length / size);
  return {
    content,
    totalElements: list.length,
    totalPages,
    size,
    number: page,
    numberOfElements: content.length,
    first: page === 0,
    last: page >= totalPages - 1,
    empty: content.length === 0,
  };
}
