/**
 * The seeded practices: the data in data/practices.json (listed in README.md), here the rules that
 * read it. A document names its file by asset (documents.ts makes them) and a signature area may
 * name a drawn signature box instead of giving numbers; both are resolved, and every id, token and
 * left-out field filled, each time the store is seeded. The file is edited by hand, so it is
 * checked as it loads: a wrong name or page stops the simulator with the practice and field.
 */
import { readSeed } from '../core/seed-data.js';
import type { SeedAsset, SeedAssets } from './documents.js';
import {
  PRACTICE_STATUSES,
  SIGNER_ACTIONS,
  USERS,
  parseIsoWithOffset,
  type Practice,
  type PracticeEvent,
  type Signer,
  type StoredDocument,
} from './model.js';
import type { SignStore } from './store.js';

/**
 * The seeded practices tests and screenshots name; ids, tokens and dates never change between
 * starts or resets. Each must be in data/practices.json.
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

/** A signature area or placeholder as the file gives it; `box` names a drawn signature box of its document. */
interface SeedArea extends Record<string, unknown> {
  document: number;
  page?: number;
  box?: string;
  anchorKeyword?: string;
}

interface SeedDocument {
  filename: string;
  asset: string;
  tsIns: string;
}

type SeedSigner = Partial<Omit<Signer, 'idSigner' | 'signatureCoordinates' | 'placeholders'>> &
  Pick<Signer, 'firstName' | 'lastName' | 'email' | 'action'> & {
    signatureCoordinates?: SeedArea[];
    placeholders?: SeedArea[];
  };

/** A practice as data/practices.json gives it. */
export type SeedPractice = Partial<Omit<Practice, 'documents' | 'signers' | 'events' | 'placeholders'>> &
  Pick<Practice, 'idFile' | 'name' | 'status' | 'tsIns'> & {
    documents: SeedDocument[];
    signers: SeedSigner[];
    events: PracticeEvent[];
    placeholders?: SeedArea[];
  };

const seed = readSeed<{ practices: SeedPractice[] }>(new URL('./data/practices.json', import.meta.url));

/** Stops the simulator on a mistake in the file, saying where: the practice and the field. */
function fail(idFile: unknown, field: string, problem: string): never {
  throw new Error(`sign seed (data/practices.json): practice ${String(idFile)}, ${field}: ${problem}`);
}

const FAR_EXPIRY = '2027-12-31T23:59:59+01:00';

/** Where an area goes, then how big it is, then how it looks: the order areas are written out in. */
const AREA_ORDER = [
  'document',
  'page',
  'positionX',
  'positionY',
  'anchorKeyword',
  'offsetX',
  'offsetY',
  'width',
  'height',
];

/** A signature area with its `box` turned into the box's page and size, and position unless anchored. */
function placeOnBox(area: SeedArea, asset: SeedAsset, idFile: number, field: string): Record<string, unknown> {
  const { box, ...given } = area;
  if (box === undefined) return area;
  const drawn = asset.signatureBoxes[box];
  if (!drawn) {
    const labels = Object.keys(asset.signatureBoxes).map((l) => `"${l}"`);
    fail(idFile, `${field}.box`, `no signature box "${box}" in its document (${labels.join(', ') || 'it has none'})`);
  }
  const { page, width, height } = drawn;
  const fromBox = area.anchorKeyword === undefined ? drawn : { page, width, height };
  for (const key of Object.keys(fromBox))
    if (key in given) fail(idFile, field, `gives both "box" and "${key}" (the box gives its ${key})`);
  const placed: Record<string, unknown> = { ...given, ...fromBox };
  const ordered = AREA_ORDER.filter((key) => key in placed).map((key) => [key, placed[key]]);
  return { ...Object.fromEntries(ordered), ...placed };
}

/** Checks that an area sits on a page of a document of its practice. */
function checkPlace(area: Record<string, unknown>, documents: StoredDocument[], idFile: number, field: string): void {
  const document = documents[area['document'] as number];
  if (!document) fail(idFile, `${field}.document`, `no document ${String(area['document'])} in the practice`);
  const page = area['page'];
  if (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > document.pages)
    fail(idFile, `${field}.page`, `${String(page)} is not a page of ${document.filename} (1-${document.pages})`);
}

function checkDate(value: unknown, idFile: number, field: string): void {
  if (!parseIsoWithOffset(value))
    fail(idFile, field, `${JSON.stringify(value)} is not an ISO date-time with an offset`);
}

/** The file a document names, or a stop naming the practice and the field. */
function assetOf(d: SeedDocument, idFile: number, field: string, assets: SeedAssets): SeedAsset {
  if (!Object.hasOwn(assets, d.asset))
    fail(idFile, `${field}.asset`, `no seeded file "${d.asset}" (${Object.keys(assets).join(', ')})`);
  return assets[d.asset as keyof SeedAssets];
}

function storedDocument(d: SeedDocument, n: number, idFile: number, { bytes, info }: SeedAsset): StoredDocument {
  checkDate(d.tsIns, idFile, `documents[${n - 1}].tsIns`);
  return {
    idDocument: idFile * 10 + n,
    idFile,
    filename: d.filename,
    contentType: 'application/pdf',
    order: n - 1,
    bytes,
    pages: info.pages,
    pagesSize: info.pagesSize,
    acrofields: info.acrofields,
    tsIns: d.tsIns,
    docExternalId: null,
    externalUrl: null,
  };
}

/** A signer with its id, token and left-out fields filled and its areas placed on its practice's documents. */
function signer(s: SeedSigner, n: number, idFile: number, documents: StoredDocument[], files: SeedAsset[]): Signer {
  const field = `signers[${n - 1}]`;
  if (!(SIGNER_ACTIONS as readonly string[]).includes(s.action))
    fail(idFile, `${field}.action`, `"${s.action}" is not a signer action (${SIGNER_ACTIONS.join(', ')})`);
  if (s.status !== undefined && !['L', 'F', 'R'].includes(s.status))
    fail(idFile, `${field}.status`, `"${s.status}" is not L, F or R`);
  if (s.tsSign) checkDate(s.tsSign, idFile, `${field}.tsSign`);
  const { signatureCoordinates: areas = [], ...given } = s;
  const signatureCoordinates = areas.map((area, i) => {
    const where = `${field}.signatureCoordinates[${i}]`;
    const file = files[area.document];
    const placed = file ? placeOnBox(area, file, idFile, where) : area;
    checkPlace(placed, documents, idFile, where);
    return placed;
  });
  (s.placeholders ?? []).forEach((area, i) => checkPlace(area, documents, idFile, `${field}.placeholders[${i}]`));
  return {
    idSigner: idFile * 10 + n,
    username: null,
    status: 'L',
    token: `link-${idFile}-${n}`,
    external: true,
    requirePassword: false,
    password: null,
    hostUsername: null,
    signatureCoordinates,
    placeholders: [],
    acrofields: [],
    tsSign: null,
    notes: null,
    ...given,
  };
}

function practice(p: SeedPractice, assets: SeedAssets): Practice {
  if (!PRACTICE_STATUSES.includes(p.status))
    fail(p.idFile, 'status', `"${p.status}" is not a practice status (${PRACTICE_STATUSES.join(', ')})`);
  if (typeof p.name !== 'string' || !p.name) fail(p.idFile, 'name', 'missing');
  checkDate(p.tsIns, p.idFile, 'tsIns');
  if (p.expirationDate) checkDate(p.expirationDate, p.idFile, 'expirationDate');
  const files = p.documents.map((d, i) => assetOf(d, p.idFile, `documents[${i}]`, assets));
  const documents = p.documents.map((d, i) => storedDocument(d, i + 1, p.idFile, files[i]!));
  const signers = p.signers.map((s, i) => signer(s, i + 1, p.idFile, documents, files));
  (p.placeholders ?? []).forEach((area, i) => checkPlace(area, documents, p.idFile, `placeholders[${i}]`));
  const events = p.events.map((e, i): PracticeEvent => {
    checkDate(e.tsIns, p.idFile, `events[${i}].tsIns`);
    const { action, tsIns, description, signerEmail = null, notes = null } = e;
    return { action, tsIns, description, signerEmail, notes };
  });
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
    tsUpd: events.at(-1)?.tsIns ?? p.tsIns,
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
    documents,
    signers,
    events,
  };
}

/**
 * The practices of `data` (as data/practices.json gives them) with their files, boxes, ids and
 * left-out fields filled; throws on the first mistake, naming the practice and the field.
 */
export function seedPractices(data: readonly SeedPractice[], assets: SeedAssets): Practice[] {
  // A fresh copy each time: a reset must not find the arrays a previous run changed.
  const practices = structuredClone(data).map((p) => practice(p, assets));
  const ids = practices.map((p) => p.idFile);
  ids.forEach((id, i) => ids.indexOf(id) !== i && fail(id, 'idFile', 'used by an earlier practice too'));
  for (const [name, id] of Object.entries(SEED_IDS))
    if (!ids.includes(id)) fail(id, 'idFile', `no practice has it, and SEED_IDS.${name} names it`);
  return practices;
}

/** Fills the store with the seed practices (synchronous: the files are already made). */
export function seedStore(store: SignStore, assets: SeedAssets): void {
  seedPractices(seed.practices, assets).forEach((p) => store.add(p));
}
