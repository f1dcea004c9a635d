import { ANCHORS, LONG_PAGES, longPdf, seedPdfs } from './documents.js';
import { inspectPdf, type GeneratedPdf, type PdfInfo } from './pdfs.js';
import { isoOffset, USERS, type Practice, type Signer, type StoredDocument } from './model.js';
import type { SignStore } from './store.js';

/**
 * Deterministic seed practices. Ids, tokens and dates never change between starts or resets,
 * so tests and screenshots can name them (the list is in README.md).
 */
export const SEED_IDS = {
  /** L, 3 documents, signer 1 signed, signer 2 pending: the next signature completes it (F). */
  inProgress: 1001,
  /** L, one document, one pending signer: sign → F. */
  singleSigner: 1002,
  /** L, English agreement, two pending signers (FEA + approval stamp): for reject → R. */
  twoPending: 1003,
  signed: 1004,
  rejected: 1005,
  expired: 1006,
  cancelled: 1007,
  /** Saved with `draft: true`: status `U`, not started, no signing link. */
  draft: 1008,
  /** L, its only document is not a PDF. */
  brokenDocument: 1009,
  /** L, one 100-page document (viewer benchmark). */
  longDocument: 1010,
} as const;

const BROKEN_BYTES = new TextEncoder().encode(
  'Questo file non e un PDF: il documento e stato danneggiato durante il caricamento.\n',
);

export interface SeedAssets {
  contract: GeneratedPdf & { info: PdfInfo };
  privacy: GeneratedPdf & { info: PdfInfo };
  adhesion: GeneratedPdf & { info: PdfInfo };
  agreement: GeneratedPdf & { info: PdfInfo };
  long: { bytes: Uint8Array; info: PdfInfo };
}

/** Generates (once per process) every seeded PDF and reads back its pages and fields. */
export async function loadSeedAssets(): Promise<SeedAssets> {
  const pdfs = await seedPdfs();
  const withInfo = async (g: GeneratedPdf) => ({ ...g, info: await inspectPdf(g.bytes) });
  const longBytes = await longPdf();
  return {
    contract: await withInfo(pdfs.contract),
    privacy: await withInfo(pdfs.privacy),
    adhesion: await withInfo(pdfs.adhesion),
    agreement: await withInfo(pdfs.agreement),
    long: { bytes: longBytes, info: await inspectPdf(longBytes) },
  };
}

const at = (day: number, time: string) =>
  isoOffset(new Date(`2026-02-${String(day).padStart(2, '0')}T${time}:00+01:00`));
const FAR_EXPIRY = '2027-12-31T23:59:59+01:00';

function document(
  idFile: number,
  n: number,
  filename: string,
  asset: { bytes: Uint8Array; info: PdfInfo } | 'broken',
  tsIns: string,
): StoredDocument {
  const broken = asset === 'broken';
  return {
    idDocument: idFile * 10 + n,
    idFile,
    filename,
    contentType: 'application/pdf',
    order: n - 1,
    bytes: broken ? BROKEN_BYTES : asset.bytes,
    pages: broken ? 0 : asset.info.pages,
    pagesSize: broken ? [] : asset.info.pagesSize,
    acrofields: broken ? [] : asset.info.acrofields,
    tsIns,
    docExternalId: null,
    externalUrl: null,
  };
}

type SignerSeed = Partial<Signer> & Pick<Signer, 'firstName' | 'lastName' | 'email' | 'action'>;

function signer(idFile: number, n: number, s: SignerSeed): Signer {
  return {
    idSigner: idFile * 10 + n,
    username: null,
    status: 'L',
    token: `link-${idFile}-${n}`,
    external: true,
    requirePassword: false,
    password: null,
    hostUsername: null,
    signatureCoordinates: [],
    placeholders: [],
    acrofields: [],
    tsSign: null,
    notes: null,
    ...s,
  };
}

function practice(
  p: Partial<Practice> & Pick<Practice, 'idFile' | 'name' | 'status' | 'tsIns' | 'signers' | 'documents' | 'events'>,
): Practice {
  return {
    notes: null,
    summary: null,
    draft: false,
    urgent: false,
    privacy: 'A',
    digitalSigned: false,
    sealed: false,
    expirationDate: FAR_EXPIRY,
    protocol: null,
    externalId: null,
    tsUpd: p.events.at(-1)?.tsIns ?? p.tsIns,
    idUser: USERS.demo!.idUser,
    history: [],
    placeholders: [],
    metadata: {},
    tags: [],
    webhook: null,
    webhooks: [],
    destinationContacts: [],
    sendNotifications: true,
    sendCopyIterCompleted: true,
    ...p,
  };
}

const box = (g: GeneratedPdf, label: string) => g.signatureBoxes[label]!;

/** Fills the store with the seed practices (synchronous: the PDFs are already made). */
export function seedStore(store: SignStore, a: SeedAssets): void {
  const mario = { firstName: 'Mario', lastName: 'Rossi', email: 'mario.rossi@acme.test' };
  const laura = { firstName: 'Laura', lastName: 'Bianchi', email: 'laura.bianchi@acme.test' };
  const giovanni = { firstName: 'Giovanni', lastName: 'Verdi', email: 'giovanni.verdi@example.test' };
  const emily = { firstName: 'Emily', lastName: 'Carter', email: 'emily.carter@northwind.test' };
  const paolo = { firstName: 'Paolo', lastName: 'Neri', email: 'paolo.neri@example.test' };
  const sent = (ts: string) => ({
    action: 'I',
    tsIns: ts,
    description: 'Pratica inviata in firma',
    signerEmail: null,
    notes: null,
  });
  const signedBy = (ts: string, action: string, who: { firstName: string; lastName: string; email: string }) => ({
    action,
    tsIns: ts,
    description: `Firmata da ${who.firstName} ${who.lastName}`,
    signerEmail: who.email,
    notes: null,
  });
  const put = (p: Practice) => store.add(p);

  const c = a.contract;
  const cb = box(c, ANCHORS.contractClient);
  put(
    practice({
      idFile: SEED_IDS.inProgress,
      name: 'Contratto di fornitura servizi - ACME S.p.A.',
      notes: 'Firma del cliente e del fornitore',
      summary: 'Contratto annuale di assistenza e hosting, con informativa privacy e modulo di adesione.',
      status: 'L',
      urgent: true,
      protocol: 'PROT-2026-0042',
      externalId: 'CRM-7781',
      metadata: { area: 'vendite' },
      tags: ['contratti'],
      tsIns: at(2, '09:15'),
      documents: [
        document(SEED_IDS.inProgress, 1, 'contratto-fornitura.pdf', c, at(2, '09:14')),
        document(SEED_IDS.inProgress, 2, 'informativa-privacy.pdf', a.privacy, at(2, '09:14')),
        document(SEED_IDS.inProgress, 3, 'modulo-adesione.pdf', a.adhesion, at(2, '09:14')),
      ],
      signers: [
        signer(SEED_IDS.inProgress, 1, {
          ...mario,
          action: 'E',
          status: 'F',
          tsSign: at(3, '10:02'),
          signatureCoordinates: [
            {
              document: 0,
              page: cb.page,
              positionX: cb.positionX,
              positionY: cb.positionY,
              width: cb.width,
              height: cb.height,
              signatureType: 'E',
              textContent: '{{signedByText}} {{signDate}}',
            },
            {
              document: 1,
              page: 2,
              anchorKeyword: ANCHORS.privacy,
              offsetY: 0.02,
              width: 0.3,
              height: 0.06,
              signatureType: 'E',
            },
          ],
          placeholders: [
            {
              document: 2,
              page: 1,
              type: 'F',
              code: 'nome_completo',
              required: true,
              positionX: 0.4,
              positionY: 0.2,
              width: 0.35,
              height: 0.025,
            },
          ],
        }),
        signer(SEED_IDS.inProgress, 2, {
          ...laura,
          action: 'E',
          acrofields: [{ acrofieldKeyword: 'firma_fornitore', acrofieldMatch: 'full', acrofieldSignatureType: 'E' }],
          placeholders: [
            {
              document: 0,
              page: 3,
              type: 'D',
              code: 'data_firma_fornitore',
              required: false,
              positionX: 0.55,
              positionY: 0.41,
              width: 0.2,
              height: 0.025,
              readonly: true,
            },
            {
              document: 2,
              page: 1,
              type: 'I',
              code: 'verifica_documenti',
              required: true,
              positionX: 0.7,
              positionY: 0.5,
              width: 0.03,
              height: 0.02,
            },
          ],
        }),
      ],
      placeholders: [
        {
          document: 0,
          page: 1,
          type: 'T',
          code: 'riferimento_ordine',
          required: false,
          positionX: 0.6,
          positionY: 0.08,
          width: 0.3,
          height: 0.025,
          regex: '^[A-Z0-9-]+$',
        },
      ],
      events: [sent(at(2, '09:15')), signedBy(at(3, '10:02'), 'E', mario)],
      destinationContacts: [{ email: 'archivio@acme.test' }],
    }),
  );

  const m = a.adhesion;
  const mb = box(m, ANCHORS.module);
  put(
    practice({
      idFile: SEED_IDS.singleSigner,
      name: 'Modulo di adesione - Giovanni Verdi',
      status: 'L',
      tsIns: at(4, '11:30'),
      documents: [document(SEED_IDS.singleSigner, 1, 'modulo-adesione.pdf', m, at(4, '11:29'))],
      signers: [
        signer(SEED_IDS.singleSigner, 1, {
          ...giovanni,
          action: 'S',
          signatureCoordinates: [
            {
              document: 0,
              page: mb.page,
              positionX: mb.positionX,
              positionY: mb.positionY,
              width: mb.width,
              height: mb.height,
            },
          ],
          acrofields: [{ acrofieldKeyword: 'firma_', acrofieldMatch: 'prefix', acrofieldSignatureType: 'S' }],
          placeholders: [
            {
              document: 0,
              page: 1,
              type: 'F',
              code: 'nome_completo',
              required: true,
              positionX: 0.4,
              positionY: 0.17,
              width: 0.4,
              height: 0.025,
            },
            {
              document: 0,
              page: 2,
              type: 'D',
              code: 'data_firma',
              required: false,
              positionX: 0.55,
              positionY: 0.2,
              width: 0.2,
              height: 0.025,
            },
          ],
        }),
      ],
      events: [sent(at(4, '11:30'))],
    }),
  );

  const g = a.agreement;
  const gc = box(g, ANCHORS.agreementCustomer);
  const ga = box(g, ANCHORS.agreementApprover);
  put(
    practice({
      idFile: SEED_IDS.twoPending,
      name: 'Service agreement - Northwind Traders Ltd',
      summary: 'Managed support services, one year.',
      status: 'L',
      privacy: 'C',
      tsIns: at(5, '14:00'),
      documents: [document(SEED_IDS.twoPending, 1, 'service-agreement.pdf', g, at(5, '13:58'))],
      signers: [
        signer(SEED_IDS.twoPending, 1, {
          ...emily,
          action: 'V',
          signatureCoordinates: [
            {
              document: 0,
              page: gc.page,
              positionX: gc.positionX,
              positionY: gc.positionY,
              width: gc.width,
              height: gc.height,
              reason: 'Agreement',
              location: 'London',
            },
          ],
        }),
        signer(SEED_IDS.twoPending, 2, {
          ...laura,
          action: 'P',
          signatureCoordinates: [
            {
              document: 0,
              page: ga.page,
              anchorKeyword: ANCHORS.agreementApprover,
              offsetY: 0.015,
              width: ga.width,
              height: ga.height,
            },
          ],
        }),
      ],
      // Anchored on a phrase that wraps ("… and ACME Services" / "S.p.A. …"): a locator that glues
      // the lines together does not find it.
      placeholders: [
        {
          document: 0,
          page: 1,
          type: 'T',
          code: 'provider_reference',
          required: false,
          anchorKeyword: ANCHORS.agreementProvider,
          offsetY: 0.03,
          width: 0.3,
          height: 0.025,
        },
      ],
      events: [sent(at(5, '14:00'))],
    }),
  );

  put(
    practice({
      idFile: SEED_IDS.signed,
      name: 'Contratto di locazione uffici - Via Dante 12',
      status: 'F',
      digitalSigned: true,
      protocol: 'PROT-2026-0031',
      tsIns: at(1, '08:45'),
      expirationDate: null,
      documents: [
        document(SEED_IDS.signed, 1, 'contratto-locazione.pdf', c, at(1, '08:44')),
        document(SEED_IDS.signed, 2, 'informativa-privacy.pdf', a.privacy, at(1, '08:44')),
      ],
      signers: [
        signer(SEED_IDS.signed, 1, {
          ...mario,
          action: 'Q',
          status: 'F',
          tsSign: at(1, '12:10'),
          signatureCoordinates: [
            {
              document: 0,
              page: cb.page,
              positionX: cb.positionX,
              positionY: cb.positionY,
              width: cb.width,
              height: cb.height,
            },
          ],
        }),
        signer(SEED_IDS.signed, 2, {
          ...laura,
          action: 'Q',
          status: 'F',
          tsSign: at(2, '16:40'),
          acrofields: [{ acrofieldKeyword: 'firma_fornitore', acrofieldMatch: 'full' }],
        }),
      ],
      events: [sent(at(1, '08:45')), signedBy(at(1, '12:10'), 'Q', mario), signedBy(at(2, '16:40'), 'Q', laura)],
    }),
  );

  put(
    practice({
      idFile: SEED_IDS.rejected,
      name: 'Informativa privacy - Paolo Neri',
      status: 'R',
      notes: 'Dati anagrafici errati',
      tsIns: at(6, '10:00'),
      documents: [document(SEED_IDS.rejected, 1, 'informativa-privacy.pdf', a.privacy, at(6, '09:59'))],
      signers: [
        signer(SEED_IDS.rejected, 1, {
          ...paolo,
          action: 'S',
          status: 'R',
          notes: 'Dati anagrafici errati',
          signatureCoordinates: [
            { document: 0, page: 2, anchorKeyword: ANCHORS.privacy, offsetY: 0.02, width: 0.3, height: 0.06 },
          ],
        }),
      ],
      events: [
        sent(at(6, '10:00')),
        {
          action: 'D',
          tsIns: at(6, '15:20'),
          description: 'Rifiutata da Paolo Neri',
          signerEmail: paolo.email,
          notes: 'Dati anagrafici errati',
        },
      ],
    }),
  );

  put(
    practice({
      idFile: SEED_IDS.expired,
      name: 'Proposta commerciale 2026 - Beta S.r.l.',
      status: 'E',
      tsIns: at(7, '09:00'),
      expirationDate: at(9, '23:59'),
      documents: [document(SEED_IDS.expired, 1, 'proposta-commerciale.pdf', c, at(7, '08:59'))],
      signers: [signer(SEED_IDS.expired, 1, { ...giovanni, action: 'T' })],
      events: [sent(at(7, '09:00'))],
      tsUpd: at(10, '00:00'),
    }),
  );

  put(
    practice({
      idFile: SEED_IDS.cancelled,
      name: 'Ordine di acquisto 118 (annullato)',
      status: 'V',
      tsIns: at(8, '09:30'),
      documents: [document(SEED_IDS.cancelled, 1, 'ordine-acquisto.pdf', m, at(8, '09:29'))],
      signers: [signer(SEED_IDS.cancelled, 1, { ...mario, action: 'S' })],
      events: [
        sent(at(8, '09:30')),
        {
          action: 'N',
          tsIns: at(8, '17:45'),
          description: 'Pratica annullata',
          signerEmail: null,
          notes: 'Ordine sostituito dal n. 119',
        },
      ],
    }),
  );

  put(
    practice({
      idFile: SEED_IDS.draft,
      name: 'Bozza - Rinnovo contratto 2027',
      status: 'U',
      draft: true,
      tsIns: at(9, '12:00'),
      documents: [document(SEED_IDS.draft, 1, 'rinnovo-contratto.pdf', c, at(9, '11:59'))],
      signers: [signer(SEED_IDS.draft, 1, { ...laura, action: 'E' })],
      events: [],
    }),
  );

  put(
    practice({
      idFile: SEED_IDS.brokenDocument,
      name: 'Documento danneggiato (prova)',
      status: 'L',
      tsIns: at(10, '10:10'),
      documents: [document(SEED_IDS.brokenDocument, 1, 'documento-danneggiato.pdf', 'broken', at(10, '10:09'))],
      signers: [signer(SEED_IDS.brokenDocument, 1, { ...giovanni, action: 'S' })],
      events: [sent(at(10, '10:10'))],
    }),
  );

  put(
    practice({
      idFile: SEED_IDS.longDocument,
      name: `Capitolato tecnico (${LONG_PAGES} pagine)`,
      status: 'L',
      tsIns: at(11, '09:00'),
      documents: [document(SEED_IDS.longDocument, 1, 'capitolato-tecnico.pdf', a.long, at(11, '08:59'))],
      signers: [
        signer(SEED_IDS.longDocument, 1, {
          ...mario,
          action: 'V',
          signatureCoordinates: [
            { document: 0, page: 1, positionX: 0.6, positionY: 0.85, width: 0.3, height: 0.07 },
            { document: 0, page: LONG_PAGES, positionX: 0.6, positionY: 0.85, width: 0.3, height: 0.07 },
          ],
        }),
      ],
      events: [sent(at(11, '09:00'))],
    }),
  );
}
