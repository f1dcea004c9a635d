/**
 * A composer's draft as the service's shapes: the §2.1 creation body a draft becomes (with a map
 * from each body path back to the field it came from, so a refusal that names `signers[1].email`
 * lands on that field). The way back, the service's shapes read into a draft, is
 * draft-from-service.ts. Pure.
 */
import type {
  AcrofieldItem,
  CoordinateItem,
  CreationBody,
  DocumentItem,
  PlaceholderItem,
  SignerItem,
} from '../../../services/sign-authoring.js';
import {
  newPlaceholder,
  type ComposerArea,
  type ComposerDocument,
  type ComposerSigner,
  type PracticeDraft,
} from './practice-draft.js';
import { placeholderKind } from './placeholder-kinds.js';

/** A field of the composer a body path stands for: `document:<id>`, `signer:<id>`, `area:<id>`, `copy:<id>`, `option:<name>`, `type`. */
export type FieldRef = string;

export interface BuiltBody {
  body: CreationBody;
  /** Body path prefix (`signers[1]`, `signers[1].placeholders[0]`, `documents[0]`, `name`) → field. */
  fields: Map<string, FieldRef>;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** `yyyy-mm-dd` as the end of that day where the user is, ISO 8601 with its offset (§2.1 `expirationDate`). */
export function endOfDayIso(day: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  if (Number.isNaN(date.getTime()) || date.getDate() !== Number(m[3])) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${m[1]}-${m[2]}-${m[3]}T23:59:59${sign}${hh}:${mm}`;
}

function placement(
  area: ComposerArea,
): Pick<CoordinateItem, 'positionX' | 'positionY' | 'width' | 'height' | 'anchorKeyword' | 'offsetX' | 'offsetY'> {
  const { width, height } = area.box;
  if (area.anchor)
    return {
      anchorKeyword: area.anchor.keyword,
      width: round(width),
      height: round(height),
      ...(area.anchor.offsetX ? { offsetX: round(area.anchor.offsetX) } : {}),
      ...(area.anchor.offsetY ? { offsetY: round(area.anchor.offsetY) } : {}),
    };
  return { positionX: round(area.box.x), positionY: round(area.box.y), width: round(width), height: round(height) };
}

/**
 * Condition targets are numbered as the body lists its placeholders, from 1: practice-level first,
 * then each signer's in signing order (the spec's `cfConditionComparePlaceholder` is "the id of the
 * compared placeholder", which a practice not yet created has none of; see the composer's README).
 */
function placeholderItem(
  area: ComposerArea,
  documentIndex: number,
  numberOf: (areaId: string) => number | undefined,
): PlaceholderItem {
  const p = area.placeholder ?? newPlaceholder('T');
  const kind = placeholderKind(p.type);
  const item: PlaceholderItem = { document: documentIndex, page: area.page, type: p.type, ...placement(area) };
  const code = p.code.trim() || (area.acrofield ?? '');
  if (code) item.code = code;
  if (p.required && !kind.auto) item.required = true;
  if (p.defaultValue && !kind.auto) item.defaultValue = p.defaultValue;
  if (p.readonly) item.readonly = true;
  if (kind.typed && p.regex.trim()) {
    item.regex = p.regex.trim();
    if (p.regexErrorMessage.trim()) item.regexErrorMessage = p.regexErrorMessage.trim();
  }
  if (kind.radio && p.groupId !== undefined) item.groupId = p.groupId;
  if (kind.options) item.autocompleteValuesList = p.options.map((o) => o.trim()).filter(Boolean);
  const c = p.condition;
  const target = c ? numberOf(c.area) : undefined;
  if (c && target !== undefined) {
    item.cfCondition = c.operator;
    item.cfConditionComparePlaceholder = target;
    if (c.operator !== 'isEmpty' && c.operator !== 'isNotEmpty') item.cfConditionCompareValue = c.value;
    item.cfBehavior = c.behavior;
  }
  return item;
}

/** The signers the body carries, in order: a type's editable slots, then the practice's own. */
export function sentSigners(d: PracticeDraft): ComposerSigner[] {
  return d.signers.filter((s) => !s.slot || s.slot.editable);
}

/** The documents the body carries: the user's own (a type's preloaded documents come from the service). */
export function sentDocuments(d: PracticeDraft): ComposerDocument[] {
  return d.documents.filter((doc) => doc.origin === 'upload');
}

/** Whether an area goes in the body (a locked area of the type stays at the service by itself). */
const sent = (a: ComposerArea) => !(a.locked && a.fromType);

/**
 * The creation body of a draft. `host`: the username of whoever prepares it, for in-person signers
 * (§2.6 `hostUsername`). `draft`: save without starting (§2.1 `draft`).
 */
export function creationBody(d: PracticeDraft, host: string | undefined, draft = false): BuiltBody {
  const fields = new Map<string, FieldRef>();
  const docIndex = new Map(d.documents.map((doc, i) => [doc.id, i] as const));
  const blocked = !!d.processType?.blockTypePlaceholders;

  const documents: DocumentItem[] = sentDocuments(d).map((doc, i) => {
    fields.set(`documents[${i}]`, `document:${doc.id}`);
    return { uploadedFilename: doc.uploadedFilename ?? '', filename: doc.name };
  });

  const signers = sentSigners(d);
  const practicePlaceholders = d.areas.filter((a) => a.kind === 'placeholder' && a.signer === null && sent(a));
  const numbers = new Map<string, number>();
  let n = 0;
  for (const a of practicePlaceholders) numbers.set(a.id, ++n);
  for (const s of signers)
    for (const a of d.areas) if (a.kind === 'placeholder' && a.signer === s.id && sent(a)) numbers.set(a.id, ++n);
  const numberOf = (id: string) => numbers.get(id);
  const indexOf = (a: ComposerArea) => docIndex.get(a.document) ?? 0;

  const kept = (signer: string | null) =>
    blocked
      ? d.areas.filter((a) => a.kind === 'placeholder' && a.signer === signer && a.locked && a.fromType).length
      : 0;

  const signerItems: SignerItem[] = signers.map((s, i) => {
    const at = `signers[${i}]`;
    fields.set(at, `signer:${s.id}`);
    const item: SignerItem = { action: s.action };
    if (s.who === 'user') item.username = s.username.trim();
    else {
      item.firstName = s.firstName.trim();
      item.lastName = s.lastName.trim();
      item.email = s.email.trim();
    }
    if (s.phone.trim()) {
      item.phone = s.phone.replace(/\s+/g, '');
      if (s.phonePrefix.trim()) item.phonePrefix = s.phonePrefix.trim();
    }
    if (s.requireOtp) item.requireOtp = true;
    if (s.requirePassword) {
      item.requirePassword = true;
      if (s.password) item.password = s.password;
    }
    if (s.customMessageObject.trim()) item.customMessageObject = s.customMessageObject.trim();
    if (s.customMessage.trim()) item.customMessage = s.customMessage.trim();
    if (s.inPerson && host) {
      item.hostUsername = host;
      item.sendNotifications = false;
    }
    const mine = d.areas.filter((a) => a.signer === s.id && sent(a));
    const coordinates: CoordinateItem[] = [];
    const acrofields: AcrofieldItem[] = [];
    const placeholders: PlaceholderItem[] = [];
    const offset = kept(s.id);
    for (const a of mine) {
      if (a.kind === 'signature' && a.acrofield) {
        fields.set(`${at}.acrofields[${acrofields.length}]`, `area:${a.id}`);
        acrofields.push({
          acrofieldKeyword: a.acrofield,
          acrofieldMatch: 'full',
          ...(a.signatureType ? { acrofieldSignatureType: a.signatureType } : {}),
        });
      } else if (a.kind === 'signature') {
        fields.set(`${at}.signatureCoordinates[${coordinates.length}]`, `area:${a.id}`);
        coordinates.push({
          document: indexOf(a),
          page: a.page,
          ...placement(a),
          ...(a.signatureType ? { signatureType: a.signatureType } : {}),
        });
      } else {
        fields.set(`${at}.placeholders[${offset + placeholders.length}]`, `area:${a.id}`);
        placeholders.push(placeholderItem(a, indexOf(a), numberOf));
      }
    }
    // A type's slot: the keys are always given, so that what the user removed is removed.
    if (coordinates.length || s.slot) item.signatureCoordinates = coordinates;
    if (placeholders.length || s.slot) item.placeholders = placeholders;
    if (acrofields.length) item.acrofields = acrofields;
    return item;
  });

  const offset = kept(null);
  const placeholders = practicePlaceholders.map((a, j) => {
    fields.set(`placeholders[${offset + j}]`, `area:${a.id}`);
    return placeholderItem(a, indexOf(a), numberOf);
  });

  const copies = d.copies.filter((c) => c.email.trim());
  copies.forEach((c, i) => fields.set(`destinationContacts[${i}]`, `copy:${c.id}`));

  const o = d.options;
  const body: CreationBody = {
    documents,
    signers: signerItems,
    ...(copies.length ? { destinationContacts: copies.map((c) => ({ email: c.email.trim() })) } : {}),
    ...(o.name.trim() ? { name: o.name.trim() } : {}),
    ...(o.notes.trim() ? { notes: o.notes.trim() } : {}),
    sendNotifications: o.sendNotifications,
    sendCopyIterCompleted: o.sendCopyIterCompleted,
    urgent: o.urgent,
    privacy: o.privacy,
    ...(o.protocol.trim() ? { protocol: o.protocol.trim() } : {}),
    ...(placeholders.length || d.processType ? { placeholders } : {}),
    ...(d.processType ? { idWorkflowType: d.processType.idWorkflowType } : {}),
    ...(draft ? { draft: true } : {}),
  };
  if (o.expiry === 'date') {
    const iso = endOfDayIso(o.expiryDate);
    if (iso) body.expirationDate = iso;
  } else if (o.expiry === 'days' && /^\d+$/.test(o.expiryDays.trim())) {
    body.expirationDateDays = Number(o.expiryDays.trim());
  }
  for (const [path, field] of [
    ['name', 'option:name'],
    ['notes', 'option:notes'],
    ['expirationDate', 'option:expiryDate'],
    ['expirationDateDays', 'option:expiryDays'],
    ['privacy', 'option:privacy'],
    ['protocol', 'option:protocol'],
    ['idWorkflowType', 'type'],
    ['workflowTypeCode', 'type'],
  ] as const)
    fields.set(path, field);
  return { body, fields };
}
