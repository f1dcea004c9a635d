/**
 * A practice being prepared, as the composer holds it: documents, signers, copy recipients, areas
 * on the pages and options. Plain JSON (it is the browser draft as stored), changed only through
 * the pure functions below, each returning a new draft. UI-free.
 *
 * Areas keep their place in the spec's own frame (§2.4: 0..1 from the top-left of the page as
 * stored, before its `/Rotate`; the kit's one convention, shared with the viewer — see
 * demo/server/sign/README.md). The page editor turns them for display and back (src/pdf/geometry.ts).
 */
import type {
  ActionCode,
  ConditionBehavior,
  ConditionOperator,
  UploadAcrofield,
} from '../../../services/sign-authoring.js';
import type { NormalizedBox } from '../../../pdf/geometry.js';
import { randomKey } from '../../random-key.js';

export interface ComposerDocument {
  id: string;
  /** The name shown (and sent as `filename`). */
  name: string;
  /** `upload`: a file the user added; `template`: a process type's document. */
  origin: 'upload' | 'template';
  /** The upload's `filename` once the service answered (what the practice names). */
  uploadedFilename?: string | undefined;
  /** A template document's id (its bytes at `/documents/viewer/{idDocument}`). */
  idDocument?: number | undefined;
  pages: number;
  /** Page sizes in PDF points (upload `pagesSize`), index = page - 1. */
  pageSizes: Array<{ width: number; height: number }>;
  /** The PDF's own form fields (upload `acrofields`): offered as ready areas. */
  acrofields: UploadAcrofield[];
}

export interface ComposerSigner {
  id: string;
  /** `person`: name and e-mail; `user`: an internal username of the service. */
  who: 'person' | 'user';
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  action: ActionCode;
  phonePrefix: string;
  phone: string;
  requireOtp: boolean;
  requirePassword: boolean;
  /** Empty: the service makes one up and tells the signer. */
  password: string;
  customMessageObject: string;
  customMessage: string;
  /** Signs here, on this device (§2.6 `hostUsername` = the user preparing the practice). */
  inPerson: boolean;
  /** A process type's signer slot: its role, and whether its identity may be changed. */
  slot?: { description: string; editable: boolean } | undefined;
}

export interface PlaceholderSettings {
  /** §2.5 type code. */
  type: string;
  code: string;
  required: boolean;
  defaultValue: string;
  readonly: boolean;
  regex: string;
  regexErrorMessage: string;
  /** Radio buttons of one group share it. */
  groupId?: number | undefined;
  /** A combo box's options. */
  options: string[];
  condition?: PlaceholderCondition | undefined;
}

export interface PlaceholderCondition {
  /** The area (a placeholder) compared. */
  area: string;
  operator: ConditionOperator;
  value: string;
  behavior: ConditionBehavior;
}

export interface ComposerArea {
  id: string;
  /** The signer it belongs to; null for a practice-level placeholder. */
  signer: string | null;
  kind: 'signature' | 'placeholder';
  document: string;
  page: number;
  /** Place on the page as stored (§2.4 frame). For an anchor: where the keyword was found, offsets added. */
  box: NormalizedBox;
  /** Placed by a keyword of the text instead of coordinates. */
  anchor?: { keyword: string; offsetX: number; offsetY: number } | undefined;
  /** Placed on a form field of the PDF (§2.6). */
  acrofield?: string | undefined;
  /** A signature area's own kind of signature, when not the signer's action. */
  signatureType?: ActionCode | undefined;
  placeholder?: PlaceholderSettings | undefined;
  /** From a process type that blocks its placeholders, or a slot whose signers are fixed: shown, not changed. */
  locked?: boolean | undefined;
  /** Came with the process type (sent again only where the type lets the body replace it). */
  fromType?: boolean | undefined;
}

export type Privacy = 'P' | 'A' | 'C' | 'S';

export interface PracticeOptions {
  name: string;
  notes: string;
  expiry: 'none' | 'date' | 'days';
  /** yyyy-mm-dd, the last day the practice may be signed. */
  expiryDate: string;
  expiryDays: string;
  urgent: boolean;
  privacy: Privacy;
  sendNotifications: boolean;
  sendCopyIterCompleted: boolean;
  protocol: string;
}

export interface ChosenType {
  idWorkflowType: number;
  code: string;
  name: string;
  preloadDocuments: boolean;
  editSigners: boolean;
  blockTypePlaceholders: boolean;
}

export interface PracticeDraft {
  version: 1;
  processType?: ChosenType | undefined;
  documents: ComposerDocument[];
  signers: ComposerSigner[];
  copies: Array<{ id: string; email: string }>;
  areas: ComposerArea[];
  options: PracticeOptions;
  /** The service draft this one was saved as (`/workflows/draft`), if any. */
  idDraft?: number | undefined;
}

export const newId = (prefix: string): string => `${prefix}-${randomKey().slice(0, 8)}`;

export function emptyDraft(): PracticeDraft {
  return {
    version: 1,
    documents: [],
    signers: [],
    copies: [],
    areas: [],
    options: {
      name: '',
      notes: '',
      expiry: 'none',
      expiryDate: '',
      expiryDays: '30',
      urgent: false,
      privacy: 'A',
      sendNotifications: true,
      sendCopyIterCompleted: true,
      protocol: '',
    },
  };
}

export function newSigner(over: Partial<ComposerSigner> = {}): ComposerSigner {
  return {
    id: newId('signer'),
    who: 'person',
    firstName: '',
    lastName: '',
    email: '',
    username: '',
    action: 'S',
    phonePrefix: '+39',
    phone: '',
    requireOtp: false,
    requirePassword: false,
    password: '',
    customMessageObject: '',
    customMessage: '',
    inPerson: false,
    ...over,
  };
}

export function newPlaceholder(type: string, over: Partial<PlaceholderSettings> = {}): PlaceholderSettings {
  return {
    type,
    code: '',
    required: false,
    defaultValue: '',
    readonly: false,
    regex: '',
    regexErrorMessage: '',
    options: [],
    ...over,
  };
}

// ---- documents ----

export function addDocument(d: PracticeDraft, doc: ComposerDocument): PracticeDraft {
  return { ...d, documents: [...d.documents, doc] };
}

export function updateDocument(d: PracticeDraft, id: string, change: Partial<ComposerDocument>): PracticeDraft {
  return { ...d, documents: d.documents.map((x) => (x.id === id ? { ...x, ...change } : x)) };
}

/** Removes a document and every area on it. */
export function removeDocument(d: PracticeDraft, id: string): PracticeDraft {
  return {
    ...d,
    documents: d.documents.filter((x) => x.id !== id),
    areas: dropConditionsOn(
      d.areas.filter((a) => a.document !== id),
      d.areas.filter((a) => a.document === id).map((a) => a.id),
    ),
  };
}

/** Moves an uploaded document up (-1) or down (1); a process type's documents stay first, in their order. */
export function moveDocument(d: PracticeDraft, id: string, by: -1 | 1): PracticeDraft {
  return { ...d, documents: moveWithin(d.documents, id, by, (x) => x.origin === 'upload') };
}

// ---- signers ----

export function addSigner(d: PracticeDraft, signer: ComposerSigner = newSigner()): PracticeDraft {
  return { ...d, signers: [...d.signers, signer] };
}

export function updateSigner(d: PracticeDraft, id: string, change: Partial<ComposerSigner>): PracticeDraft {
  return { ...d, signers: d.signers.map((s) => (s.id === id ? { ...s, ...change } : s)) };
}

/** Removes a signer and their areas. */
export function removeSigner(d: PracticeDraft, id: string): PracticeDraft {
  const gone = d.areas.filter((a) => a.signer === id).map((a) => a.id);
  return {
    ...d,
    signers: d.signers.filter((s) => s.id !== id),
    areas: dropConditionsOn(
      d.areas.filter((a) => a.signer !== id),
      gone,
    ),
  };
}

/** Moves a signer up or down the signing order; a process type's slots keep their places. */
export function moveSigner(d: PracticeDraft, id: string, by: -1 | 1): PracticeDraft {
  return { ...d, signers: moveWithin(d.signers, id, by, (s) => !s.slot) };
}

// ---- copies ----

export function addCopy(d: PracticeDraft, email = ''): PracticeDraft {
  return { ...d, copies: [...d.copies, { id: newId('copy'), email }] };
}

export function updateCopy(d: PracticeDraft, id: string, email: string): PracticeDraft {
  return { ...d, copies: d.copies.map((c) => (c.id === id ? { ...c, email } : c)) };
}

export function removeCopy(d: PracticeDraft, id: string): PracticeDraft {
  return { ...d, copies: d.copies.filter((c) => c.id !== id) };
}

// ---- areas ----

export function addArea(d: PracticeDraft, area: ComposerArea): PracticeDraft {
  return { ...d, areas: [...d.areas, area] };
}

export function updateArea(d: PracticeDraft, id: string, change: Partial<ComposerArea>): PracticeDraft {
  return { ...d, areas: d.areas.map((a) => (a.id === id && !a.locked ? { ...a, ...change } : a)) };
}

export function updatePlaceholder(d: PracticeDraft, id: string, change: Partial<PlaceholderSettings>): PracticeDraft {
  return {
    ...d,
    areas: d.areas.map((a) =>
      a.id === id && !a.locked && a.placeholder ? { ...a, placeholder: { ...a.placeholder, ...change } } : a,
    ),
  };
}

export function removeArea(d: PracticeDraft, id: string): PracticeDraft {
  if (d.areas.find((a) => a.id === id)?.locked) return d;
  return {
    ...d,
    areas: dropConditionsOn(
      d.areas.filter((a) => a.id !== id),
      [id],
    ),
  };
}

export function updateOptions(d: PracticeDraft, change: Partial<PracticeOptions>): PracticeDraft {
  return { ...d, options: { ...d.options, ...change } };
}

/** Placeholders whose condition compared a removed area lose the condition, not their place. */
function dropConditionsOn(areas: ComposerArea[], removed: readonly string[]): ComposerArea[] {
  if (!removed.length) return areas;
  return areas.map((a) =>
    a.placeholder?.condition && removed.includes(a.placeholder.condition.area)
      ? { ...a, placeholder: { ...a.placeholder, condition: undefined } }
      : a,
  );
}

/** Moves `id` by one place among the items `movable` accepts, never past an item it refuses. */
function moveWithin<T extends { id: string }>(list: T[], id: string, by: -1 | 1, movable: (item: T) => boolean): T[] {
  const i = list.findIndex((x) => x.id === id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= list.length || !movable(list[i]!) || !movable(list[j]!)) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

/** A signer's name as the user reads it: the name, else the e-mail, else the username. */
export function signerLabel(s: ComposerSigner): string {
  if (s.who === 'user') return s.username.trim();
  return [s.firstName.trim(), s.lastName.trim()].filter(Boolean).join(' ') || s.email.trim();
}

/** Placeholders a condition may compare: every other placeholder of the practice. */
export function comparablePlaceholders(d: PracticeDraft, areaId: string): ComposerArea[] {
  return d.areas.filter((a) => a.kind === 'placeholder' && a.id !== areaId);
}
