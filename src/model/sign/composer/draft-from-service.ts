/**
 * The service's shapes read into a composer's draft: a process type applied to a draft (its
 * template documents, signer slots and areas), and a body kept at the service (a saved draft) read
 * back as a draft. The opposite way, a draft as a creation body, is practice-body.ts. Pure.
 */
import type { CoordinateItem, CreationBody, PlaceholderItem, ProcessType } from '../../../services/sign-authoring.js';
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
