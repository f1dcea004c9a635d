import type { AcrofieldInfo, PageSize } from './pdfs.js';

/** Practice status codes of spec §3. */
export type PracticeStatus = 'L' | 'F' | 'R' | 'E' | 'S' | 'V' | 'U' | 'A' | 'C';
export const PRACTICE_STATUSES: PracticeStatus[] = ['L', 'F', 'R', 'E', 'S', 'V', 'U', 'A', 'C'];
/** Final states: nothing moves a practice out of them. */
export const FINAL_STATUSES: PracticeStatus[] = ['F', 'R', 'E', 'V', 'A', 'C'];
/** Signer action codes of spec §2.3. */
export const SIGNER_ACTIONS = ['S', 'E', 'T', 'V', 'Q', 'P', 'O', 'J'] as const;

export interface StoredDocument {
  idDocument: number;
  idFile: number;
  filename: string;
  contentType: string;
  order: number;
  bytes: Uint8Array;
  pages: number;
  pagesSize: PageSize[];
  acrofields: AcrofieldInfo[];
  tsIns: string;
  docExternalId: string | null;
  externalUrl: string | null;
}

export interface Signer {
  idSigner: number;
  email: string;
  firstName: string;
  lastName: string;
  username: string | null;
  action: string;
  /** `L` pending; the simulator uses `F` signed and `R` rejected (spec §3 shows only `L`). */
  status: 'L' | 'F' | 'R';
  /** The secret part of this signer's signing link. */
  token: string;
  external: boolean;
  requirePassword: boolean;
  password: string | null;
  /** §2.6: the user on whose device this signer signs in person; null for a remote signer. */
  hostUsername: string | null;
  signatureCoordinates: unknown[];
  placeholders: unknown[];
  acrofields: unknown[];
  tsSign: string | null;
  notes: string | null;
  /** Per-signer webhook of spec §2.3. */
  webhook?: unknown;
}

export interface PracticeEvent {
  action: string;
  tsIns: string;
  description: string;
  signerEmail?: string | null;
  notes?: string | null;
}

export interface Practice {
  idFile: number;
  name: string;
  notes: string | null;
  summary: string | null;
  status: PracticeStatus;
  draft: boolean;
  urgent: boolean;
  privacy: 'P' | 'A' | 'C' | 'S';
  digitalSigned: boolean;
  sealed: boolean;
  expirationDate: string | null;
  protocol: string | null;
  externalId: string | null;
  tsIns: string;
  tsUpd: string;
  idUser: number;
  signers: Signer[];
  documents: StoredDocument[];
  events: PracticeEvent[];
  history: Array<{ action: string; tsIns: string; idUser: number | null; description: string }>;
  placeholders: unknown[];
  metadata: Record<string, string>;
  tags: string[];
  webhook: unknown;
  webhooks: unknown[];
  destinationContacts: Array<{ email: string }>;
  sendNotifications: boolean;
  sendCopyIterCompleted: boolean;
  /** The process type it was created from (spec §2.1 `idWorkflowType`), if any. */
  idWorkflowType?: number | null;
}

/**
 * A process type (spec §2.9, `/workflows/types*`): what a practice created from it receives. The
 * seeded ones and their template documents are built by workflows.ts from data/process-types.json.
 */
export interface ProcessType {
  idWorkflowType: number;
  code: string;
  name: string;
  notes: string | null;
  summary: string | null;
  preloadDocuments: boolean;
  editSigners: boolean;
  blockTypePlaceholders: boolean;
  visibilityLimit: boolean;
  retentionDays: number;
  expirationDate: string | null;
  urgent: boolean;
  draft: boolean;
  attachedReport: boolean;
  idDocumentFormat: number;
  /** Its template documents: stored PDFs readable at `/documents/viewer/{idDocument}`. */
  documents: StoredDocument[];
  workflowTypesTemplates: SignerSlot[];
  workflowTypeLimitations: Array<{ username: string }>;
  /** Practice-level placeholders the type adds. */
  placeholders: Array<Record<string, unknown>>;
}

/** One signer slot of a type (`workflowTypesTemplates` item). */
export interface SignerSlot {
  idTemplate: number;
  order: number;
  /** The slot's role, in the tenant's words ("Contraente"). */
  description: string;
  action: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phonePrefix?: string;
  phone?: string;
  requireOtp?: boolean;
  signatureCoordinates: Array<Record<string, unknown>>;
  placeholders: Array<Record<string, unknown>>;
}

export interface SignUser {
  idUser: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  permissions: string[];
  /** §2.6: a host of in-person signing must be active and enabled, and of the same tenant. */
  active: boolean;
  tenant: string;
}

/** The simulator's one tenant; `TENANT_SETTINGS` are its settings the spec names. */
export const TENANT = 'demo';
export const TENANT_SETTINGS = { signInPersonEnabled: true };

const ALL = ['DOC_SUBMIT', 'DOC_LST', 'DOC_PERSONAL', 'DOC_SIGN', 'DOC_DOWNLOAD', 'UNIT_DOC_ADMIN'];

const user = (u: Omit<SignUser, 'active' | 'tenant'> & Partial<SignUser>): SignUser => ({
  active: true,
  tenant: TENANT,
  ...u,
});

/**
 * Seeded users. `viewer` may list and view, but neither submit nor download (403 tests). The
 * agents host in-person signing (`hostUsername`); `former` is disabled, `partner` belongs to
 * another tenant, `viewer` lacks DOC_SIGN: none of the three may host.
 */
export const USERS: Record<string, SignUser> = {
  demo: user({
    idUser: 1,
    username: 'demo',
    firstName: 'Daniela',
    lastName: 'Demo',
    email: 'demo@sportello.test',
    permissions: ALL,
  }),
  viewer: user({
    idUser: 2,
    username: 'viewer',
    firstName: 'Vittorio',
    lastName: 'Viewer',
    email: 'viewer@sportello.test',
    permissions: ['DOC_LST', 'DOC_PERSONAL'],
  }),
  mrossi: user({
    idUser: 3,
    username: 'mrossi',
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario.rossi@acme.test',
    permissions: ['DOC_SIGN', 'DOC_PERSONAL'],
  }),
  'agente.conti': user({
    idUser: 4,
    username: 'agente.conti',
    firstName: 'Carla',
    lastName: 'Conti',
    email: 'carla.conti@agenzia.test',
    permissions: ['DOC_SUBMIT', 'DOC_SIGN', 'DOC_PERSONAL', 'DOC_LST'],
  }),
  'agente.ferri': user({
    idUser: 5,
    username: 'agente.ferri',
    firstName: 'Dario',
    lastName: 'Ferri',
    email: 'dario.ferri@agenzia.test',
    permissions: ['DOC_SUBMIT', 'DOC_SIGN', 'DOC_PERSONAL', 'DOC_LST'],
  }),
  'hr.manager': user({
    idUser: 6,
    username: 'hr.manager',
    firstName: 'Elena',
    lastName: 'Marchi',
    email: 'elena.marchi@acme.test',
    permissions: ['DOC_SIGN', 'DOC_PERSONAL'],
  }),
  former: user({
    idUser: 7,
    username: 'former',
    firstName: 'Franco',
    lastName: 'Ex',
    email: 'franco.ex@acme.test',
    permissions: ['DOC_SIGN'],
    active: false,
  }),
  partner: user({
    idUser: 8,
    username: 'partner',
    firstName: 'Paola',
    lastName: 'Partner',
    email: 'paola@partner.test',
    permissions: ['DOC_SIGN'],
    tenant: 'partner',
  }),
};

/** API tokens of spec §5 mode 1 and the users each may act as (X-SignUser). */
export const SIGN_TOKENS: Record<string, string[]> = {
  'demo-sign-token': ['demo', 'viewer', 'mrossi', 'agente.conti', 'agente.ferri'],
};

/** The user a Bearer token (client credentials of the simulated identity provider) acts as. */
export const BEARER_USER = 'demo';

export function userById(idUser: number): SignUser | undefined {
  return Object.values(USERS).find((u) => u.idUser === idUser);
}

/** ISO 8601 with an explicit offset, as the spec writes `tsIns`/`tsUpd`; the simulator uses +01:00. */
export function isoOffset(date: Date): string {
  const shifted = new Date(date.getTime() + 60 * 60 * 1000);
  return shifted.toISOString().replace(/\.\d{3}Z$/, '+01:00');
}

/** Parses an ISO 8601 date-time that carries an offset (or Z); undefined when it does not. */
export function parseIsoWithOffset(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value))
    return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
