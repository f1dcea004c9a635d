/**
 * Between the composer's draft and the service's shapes: the §2.1 creation body a draft becomes
 * (with a map from each body path back to the field it came from, so a refusal that names
 * `signers[1].email` lands on that field), a process type applied to a draft, and a body (a service
 * draft) read back into a draft. Pure.
 */
import type {
  AcrofieldItem,
  CoordinateItem,
  CreationBody,
  DocumentItem,
  PlaceholderItem,
  ProcessType,
  SignerItem,
} from '../../../services/sign-authoring.js';
import { clampBox, DEFAULT_AREA, type NormalizedBox } from '../../../pdf/geometry.js';
import {
  emptyDraft,
  newId,
  newPlaceholder,
  newSigner,
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

// ---- from the service's shapes ----

function boxOf(item: CoordinateItem | PlaceholderItem): NormalizedBox {
  return clampBox({
    x: (item.positionX ?? 0) + (item.offsetX ?? 0),
    y: (item.positionY ?? 0) + (item.offsetY ?? 0),
    width: item.width ?? DEFAULT_AREA.width,
    height: item.height ?? DEFAULT_AREA.height,
  });
}

function anchorOf(item: CoordinateItem | PlaceholderItem): ComposerArea['anchor'] {
  if (!item.anchorKeyword || (item.positionX !== undefined && item.positionY !== undefined)) return undefined;
  return { keyword: item.anchorKeyword, offsetX: item.offsetX ?? 0, offsetY: item.offsetY ?? 0 };
}

function signatureArea(
  c: CoordinateItem,
  signer: string,
  document: string,
  extra: Partial<ComposerArea>,
): ComposerArea {
  return {
    id: newId('area'),
    signer,
    kind: 'signature',
    document,
    page: c.page || 1,
    box: boxOf(c),
    anchor: anchorOf(c),
    signatureType: c.signatureType,
    ...extra,
  };
}

function placeholderArea(
  p: PlaceholderItem,
  signer: string | null,
  document: string,
  extra: Partial<ComposerArea>,
): ComposerArea {
  return {
    id: newId('area'),
    signer,
    kind: 'placeholder',
    document,
    page: p.page || 1,
    box: boxOf(p),
    anchor: anchorOf(p),
    placeholder: newPlaceholder(p.type, {
      code: p.code ?? '',
      required: !!p.required,
      defaultValue: p.defaultValue ?? '',
      readonly: !!p.readonly,
      regex: p.regex ?? '',
      regexErrorMessage: p.regexErrorMessage ?? '',
      groupId: p.groupId,
      options: [...(p.autocompleteValuesList ?? [])],
    }),
    ...extra,
  };
}

/**
 * A draft with `type` applied: the previous type's documents, slots and areas out; the type's
 * template documents (when it preloads them), its signer slots (editable when `editSigners`) and
 * its areas in — locked where the type fixes them (`blockTypePlaceholders`, or fixed signers).
 */
export function applyType(d: PracticeDraft, type: ProcessType): PracticeDraft {
  const oldTemplates = new Set(d.documents.filter((x) => x.origin === 'template').map((x) => x.id));
  const oldSlots = new Set(d.signers.filter((s) => s.slot).map((s) => s.id));
  const keptAreas = d.areas.filter(
    (a) => !oldTemplates.has(a.document) && !(a.signer && oldSlots.has(a.signer)) && !a.fromType,
  );
  const templates: ComposerDocument[] = type.preloadDocuments
    ? [...type.documents]
        .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
        .map((t) => ({
          id: newId('doc'),
          name: t.filename,
          origin: 'template',
          idDocument: t.idDocument,
          pages: t.pages,
          pageSizes: (t.pagesSize ?? []).map((s) => ({ width: s.width, height: s.height })),
          acrofields: [...(t.acrofields ?? [])],
        }))
    : [];
  const docId = (index: number) => templates[index]?.id;
  const editable = !!type.editSigners;
  const blocked = !!type.blockTypePlaceholders;
  const areas: ComposerArea[] = [];
  const slots = [...type.workflowTypesTemplates]
    .sort((a, b) => a.order - b.order)
    .map((slot) => {
      const signer = newSigner({
        who: slot.username ? 'user' : 'person',
        username: slot.username ?? '',
        firstName: slot.firstName ?? '',
        lastName: slot.lastName ?? '',
        email: slot.email ?? '',
        action: slot.action,
        phonePrefix: slot.phonePrefix ?? '+39',
        phone: slot.phone ?? '',
        requireOtp: !!slot.requireOtp,
        slot: { description: slot.description ?? '', editable },
      });
      for (const c of slot.signatureCoordinates ?? []) {
        const doc = docId(c.document);
        if (doc) areas.push(signatureArea(c, signer.id, doc, { fromType: true, locked: !editable }));
      }
      for (const p of slot.placeholders ?? []) {
        const doc = docId(p.document);
        if (doc) areas.push(placeholderArea(p, signer.id, doc, { fromType: true, locked: blocked || !editable }));
      }
      return signer;
    });
  for (const p of type.placeholders ?? []) {
    const doc = docId(p.document);
    if (doc) areas.push(placeholderArea(p, null, doc, { fromType: true, locked: blocked }));
  }
  return {
    ...d,
    processType: {
      idWorkflowType: type.idWorkflowType,
      code: type.code,
      name: type.name,
      preloadDocuments: !!type.preloadDocuments,
      editSigners: editable,
      blockTypePlaceholders: blocked,
    },
    documents: [...templates, ...d.documents.filter((x) => x.origin === 'upload')],
    signers: [...slots, ...d.signers.filter((s) => !s.slot)],
    areas: [...areas, ...keptAreas],
  };
}

/** The draft without its process type: the type's documents, slots and areas go. */
export function clearType(d: PracticeDraft): PracticeDraft {
  const templates = new Set(d.documents.filter((x) => x.origin === 'template').map((x) => x.id));
  const slots = new Set(d.signers.filter((s) => s.slot).map((s) => s.id));
  return {
    ...d,
    processType: undefined,
    documents: d.documents.filter((x) => !templates.has(x.id)),
    signers: d.signers.filter((s) => !slots.has(s.id)),
    areas: d.areas.filter((a) => !templates.has(a.document) && !(a.signer && slots.has(a.signer)) && !a.fromType),
  };
}

/**
 * A body kept at the service (a draft) read back as a draft: the user's documents by their upload
 * name (their pages come when their bytes do), signers, areas and options. With `type` (the body's
 * process type, fetched), its documents and slots first, as when it was chosen.
 */
export function draftFromBody(
  body: Partial<CreationBody>,
  type: ProcessType | undefined,
  idDraft?: number,
): PracticeDraft {
  let d: PracticeDraft = { ...emptyDraft(), idDraft };
  if (type) d = applyType(d, type);
  const uploads: ComposerDocument[] = (body.documents ?? [])
    .filter((x) => x.uploadedFilename)
    .map((x) => ({
      id: newId('doc'),
      name: x.filename || x.uploadedFilename!,
      origin: 'upload',
      uploadedFilename: x.uploadedFilename,
      pages: 0,
      pageSizes: [],
      acrofields: [],
    }));
  d = { ...d, documents: [...d.documents, ...uploads] };
  const docAt = (i: number) => d.documents[i]?.id;
  const slotSigners = d.signers.filter((s) => s.slot?.editable);
  const areas: ComposerArea[] = [];
  const signers: ComposerSigner[] = [...d.signers];
  /** Placeholders with the item each came from, numbered as `creationBody` numbers them (for conditions). */
  const practicePlaceholders: Array<[ComposerArea, PlaceholderItem]> = [];
  const signerPlaceholders: Array<[ComposerArea, PlaceholderItem]> = [];
  (body.signers ?? []).forEach((item, i) => {
    const fields: Partial<ComposerSigner> = {
      who: item.username ? 'user' : 'person',
      username: item.username ?? '',
      firstName: item.firstName ?? '',
      lastName: item.lastName ?? '',
      email: item.email ?? '',
      action: item.action,
      phonePrefix: item.phonePrefix ?? '+39',
      phone: item.phone ?? '',
      requireOtp: !!item.requireOtp,
      requirePassword: !!item.requirePassword,
      password: item.password ?? '',
      customMessage: item.customMessage ?? '',
      customMessageObject: item.customMessageObject ?? '',
      inPerson: !!item.hostUsername,
    };
    const slot = slotSigners[i];
    let id: string;
    if (slot) {
      id = slot.id;
      const at = signers.findIndex((s) => s.id === id);
      signers[at] = { ...slot, ...fields, slot: slot.slot };
      // The body's areas replace the slot's where it gives them.
      if (item.signatureCoordinates)
        d = { ...d, areas: d.areas.filter((a) => !(a.signer === id && a.kind === 'signature')) };
      if (item.placeholders)
        d = { ...d, areas: d.areas.filter((a) => !(a.signer === id && a.kind === 'placeholder' && !a.locked)) };
    } else {
      const signer = newSigner(fields);
      id = signer.id;
      signers.push(signer);
    }
    for (const c of item.signatureCoordinates ?? []) {
      const doc = docAt(c.document);
      if (doc) areas.push(signatureArea(c, id, doc, {}));
    }
    for (const a of item.acrofields ?? []) {
      const doc = d.documents.find((x) => x.acrofields.some((f) => f.keyword === a.acrofieldKeyword)) ?? d.documents[0];
      if (doc)
        areas.push({
          id: newId('area'),
          signer: id,
          kind: 'signature',
          document: doc.id,
          page: 1,
          box: { x: 0, y: 0, width: DEFAULT_AREA.width, height: DEFAULT_AREA.height },
          acrofield: a.acrofieldKeyword,
          signatureType: a.acrofieldSignatureType,
        });
    }
    for (const p of item.placeholders ?? []) {
      const doc = docAt(p.document);
      if (!doc) continue;
      const area = placeholderArea(p, id, doc, {});
      areas.push(area);
      signerPlaceholders.push([area, p]);
    }
  });
  if (body.placeholders && !d.processType?.blockTypePlaceholders)
    d = { ...d, areas: d.areas.filter((a) => !(a.signer === null && !a.locked)) };
  for (const p of body.placeholders ?? []) {
    const doc = docAt(p.document);
    if (!doc) continue;
    const area = placeholderArea(p, null, doc, {});
    areas.push(area);
    practicePlaceholders.push([area, p]);
  }
  const numbered = [...practicePlaceholders, ...signerPlaceholders];
  for (const [area, item] of numbered) {
    const target = item.cfConditionComparePlaceholder ? numbered[item.cfConditionComparePlaceholder - 1] : undefined;
    if (target && item.cfCondition && item.cfBehavior && area.placeholder)
      area.placeholder.condition = {
        area: target[0].id,
        operator: item.cfCondition,
        value: item.cfConditionCompareValue ?? '',
        behavior: item.cfBehavior,
      };
  }
  const o = d.options;
  return {
    ...d,
    signers,
    areas: [...d.areas, ...areas],
    copies: (body.destinationContacts ?? []).map((c) => ({ id: newId('copy'), email: c.email })),
    options: {
      ...o,
      name: body.name ?? '',
      notes: body.notes ?? '',
      urgent: !!body.urgent,
      privacy: body.privacy ?? 'A',
      sendNotifications: body.sendNotifications ?? true,
      sendCopyIterCompleted: body.sendCopyIterCompleted ?? true,
      protocol: body.protocol ?? '',
      ...(body.expirationDate
        ? { expiry: 'date' as const, expiryDate: body.expirationDate.slice(0, 10) }
        : body.expirationDateDays
          ? { expiry: 'days' as const, expiryDays: String(body.expirationDateDays) }
          : {}),
    },
  };
}
