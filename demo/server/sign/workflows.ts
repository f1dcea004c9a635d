import type { IncomingMessage } from 'node:http';
import { queryInt, readJson, sendJson } from '../core/http-kit.js';
import { readSeed } from '../core/seed-data.js';
import { SignError } from './errors.js';
import type { ApiHandler } from './auth.js';
import { isoOffset, type ProcessType, type SignerSlot, type SignUser, type StoredDocument } from './model.js';
import type { SignStore } from './store.js';
import { pageObject } from './views.js';
import { templatePdfs, type TemplateKey, type TemplatePdf } from './templates.js';

/**
 * Process types (spec §2.9, §4 `/workflows/types*`): the seeded types of data/process-types.json
 * with their template documents, the list, the full type, the types a user may submit, clone; and
 * what a practice created from a type receives (spec §2.1: "its documents, signers, placeholders
 * and rules are applied automatically; extra documents and signers in the body are added").
 * The inner shapes of `documents`, `workflowTypesTemplates` and `workflowTypeLimitations` are not
 * shown by the spec: README.md says what the simulator assumes.
 */

type Json = Record<string, unknown>;

/** A template document of a type: a stored PDF readable at `/documents/viewer/{idDocument}`. */
export type TemplateDocument = StoredDocument;

/** A signer slot as data/process-types.json gives it: its placements name a box or a form field. */
interface SlotSeed extends Omit<SignerSlot, 'idTemplate' | 'signatureCoordinates' | 'placeholders'> {
  signatureCoordinates?: SeedPlacement[];
  placeholders?: SeedPlacement[];
}

interface SeedPlacement extends Json {
  document: number;
  /** A signature box of the template (its label). */
  box?: string;
  /** A form field of the template (its name). */
  field?: string;
}

interface SeedType extends Omit<ProcessType, 'documents' | 'workflowTypesTemplates' | 'placeholders'> {
  documents: Array<{ template: TemplateKey; filename: string }>;
  workflowTypesTemplates: SlotSeed[];
  placeholders: SeedPlacement[];
}

const SEED = readSeed<{ types: SeedType[] }>(new URL('./data/process-types.json', import.meta.url));

const round = (n: number) => Number(n.toFixed(4));

/** `box`/`field` of a seed placement as the spec's normalized page, position and size. */
function resolvePlacement(p: SeedPlacement, pdfs: TemplatePdf[]): Json {
  const { box, field, ...rest } = p;
  const pdf = pdfs[p.document];
  if (!pdf) throw new Error(`process type seed: no template document ${p.document}`);
  if (box !== undefined) {
    const b = pdf.signatureBoxes[box];
    if (!b) throw new Error(`process type seed: no signature box "${box}"`);
    return { ...rest, page: b.page, positionX: b.positionX, positionY: b.positionY, width: b.width, height: b.height };
  }
  if (field !== undefined) {
    const f = pdf.info.acrofields.find((a) => a.keyword === field);
    const size = f && pdf.info.pagesSize[f.page - 1];
    if (!f || !size) throw new Error(`process type seed: no form field "${field}"`);
    // Form fields are in PDF points from the bottom-left; placements are 0..1 from the top-left.
    return {
      ...rest,
      page: f.page,
      positionX: round(f.x / size.width),
      positionY: round((size.height - f.y - f.height) / size.height),
      width: round(f.width / size.width),
      height: round(f.height / size.height),
    };
  }
  return rest;
}

/** The seeded types with their template PDFs made and placements resolved. */
export async function loadProcessTypes(): Promise<ProcessType[]> {
  const pdfs = await templatePdfs();
  const tsIns = isoOffset(new Date('2026-01-10T09:00:00+01:00'));
  return SEED.types.map((seed) => {
    const templates = seed.documents.map((d) => pdfs[d.template]);
    const documents: TemplateDocument[] = seed.documents.map((d, i) => {
      const pdf = templates[i]!;
      return {
        idDocument: templateDocumentId(seed.idWorkflowType, i + 1),
        idFile: 0,
        filename: d.filename,
        contentType: 'application/pdf',
        order: i,
        bytes: pdf.bytes,
        pages: pdf.info.pages,
        pagesSize: pdf.info.pagesSize,
        acrofields: pdf.info.acrofields,
        tsIns,
        docExternalId: null,
        externalUrl: null,
      };
    });
    return {
      ...seed,
      documents,
      workflowTypesTemplates: seed.workflowTypesTemplates.map((slot, i) => ({
        ...slot,
        idTemplate: seed.idWorkflowType * 10 + i + 1,
        signatureCoordinates: (slot.signatureCoordinates ?? []).map((p) => resolvePlacement(p, templates)),
        placeholders: (slot.placeholders ?? []).map((p) => resolvePlacement(p, templates)),
      })),
      placeholders: seed.placeholders.map((p) => resolvePlacement(p, templates)),
    };
  });
}

/** Template documents get ids of their own, apart from practices' (`900000 + type * 10 + n`). */
export const templateDocumentId = (idWorkflowType: number, n: number) => 900000 + idWorkflowType * 10 + n;

/** Whether `user` may submit practices of `type` now: published, not past its end, not limited to others. */
export function maySubmit(type: ProcessType, user: SignUser, now = Date.now()): boolean {
  if (type.draft) return false;
  if (type.expirationDate && new Date(type.expirationDate).getTime() <= now) return false;
  const limits = type.workflowTypeLimitations;
  return limits.length === 0 || limits.some((l) => l.username === user.username);
}

/** A type as `GET /workflows/types/{id}` gives it: documents without their bytes. */
export function typeView(type: ProcessType) {
  return {
    ...type,
    documents: type.documents.map((d) => ({
      idDocument: d.idDocument,
      filename: d.filename,
      order: d.order,
      pages: d.pages,
      pagesSize: d.pagesSize,
      hasAcrofields: d.acrofields.length > 0,
      ...(d.acrofields.length ? { acrofields: d.acrofields } : {}),
    })),
  };
}

/** A row of a list: the type's own fields, without documents, signer slots or placeholders. */
function typeSummary(type: ProcessType) {
  const { documents: _d, workflowTypesTemplates: _t, placeholders: _p, workflowTypeLimitations: _l, ...rest } = type;
  return { ...rest, numDocuments: type.documents.length, numSigners: type.workflowTypesTemplates.length };
}

const bad = (details: string, key = 'error.validation') => new SignError(400, details, key);

/** The type a creation body names (`idWorkflowType` wins over `workflowTypeCode`), or undefined. */
export function namedType(store: SignStore, body: Json, user: SignUser): ProcessType | undefined {
  const { idWorkflowType, workflowTypeCode } = body;
  if (idWorkflowType === undefined && workflowTypeCode === undefined) return undefined;
  let type: ProcessType | undefined;
  if (idWorkflowType !== undefined && idWorkflowType !== null) {
    if (typeof idWorkflowType !== 'number' || !Number.isInteger(idWorkflowType))
      throw bad('idWorkflowType must be a number');
    type = store.types.get(idWorkflowType);
  } else if (workflowTypeCode !== null) {
    if (typeof workflowTypeCode !== 'string') throw bad('workflowTypeCode must be a string');
    type = [...store.types.values()].find((t) => t.code === workflowTypeCode);
  } else return undefined;
  const named = idWorkflowType ?? workflowTypeCode;
  if (!type) throw bad(`Process type ${String(named)} not found`, 'error.workflowType.notFound');
  if (!maySubmit(type, user))
    throw new SignError(
      403,
      `User ${user.username} is not allowed to submit process type ${type.code} (unpublished, expired or limited to other users)`,
      'error.workflowType.notAllowed',
    );
  return type;
}

const hasKey = (o: Json, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * A creation body with its process type applied: the type's documents first (when it preloads
 * them; `document` indexes then count them first), its signer slots filled in order by the body's
 * signers when `editSigners` (a slot's areas are the body signer's when it gives them, and with
 * `blockTypePlaceholders` the slot's placeholders stay and the body's are added), else kept as
 * they are with the body's signers after them; its practice-level placeholders likewise.
 */
export function applyProcessType(type: ProcessType, body: Json): { body: Json; templateDocuments: TemplateDocument[] } {
  const templateDocuments = type.preloadDocuments ? type.documents : [];
  const slots = [...type.workflowTypesTemplates].sort((a, b) => a.order - b.order);
  const given = Array.isArray(body.signers) ? (body.signers as unknown[]) : [];
  const fromSlot = (slot: SignerSlot): Json => {
    const { idTemplate: _i, order: _o, description: _d, ...signer } = slot;
    return signer as Json;
  };
  const filled = slots.map((slot, i) => {
    const own = fromSlot(slot);
    const over = type.editSigners ? given[i] : undefined;
    if (over === undefined || typeof over !== 'object' || over === null || Array.isArray(over)) return own;
    const o = over as Json;
    const merged: Json = { ...own, ...o };
    if (type.blockTypePlaceholders)
      merged.placeholders = [...slot.placeholders, ...(Array.isArray(o.placeholders) ? o.placeholders : [])];
    else if (!hasKey(o, 'placeholders')) merged.placeholders = slot.placeholders;
    if (!hasKey(o, 'signatureCoordinates')) merged.signatureCoordinates = slot.signatureCoordinates;
    return merged;
  });
  const extra = type.editSigners ? given.slice(slots.length) : given;
  const ownPlaceholders = Array.isArray(body.placeholders) ? (body.placeholders as unknown[]) : [];
  const placeholders =
    type.blockTypePlaceholders || !hasKey(body, 'placeholders')
      ? [...type.placeholders, ...ownPlaceholders]
      : ownPlaceholders;
  return {
    body: {
      ...body,
      name: typeof body.name === 'string' && body.name.trim() ? body.name : type.name,
      urgent: body.urgent ?? type.urgent,
      signers: [...filled, ...extra],
      placeholders,
    },
    templateDocuments,
  };
}

function findType(store: SignStore, raw: string | undefined): ProcessType {
  const id = Number(raw);
  if (!Number.isInteger(id)) throw bad(`idWorkflowType must be a number, got ${raw}`);
  const type = store.types.get(id);
  if (!type) throw new SignError(404, `Process type ${id} not found`, 'error.workflowType.notFound');
  return type;
}

export function workflowTypeRoutes(store: SignStore): Array<[string, string, ApiHandler]> {
  return [
    [
      'GET',
      '/workflows/types',
      (r) => {
        const page = queryInt(r.query, 'page', 0);
        const size = queryInt(r.query, 'size', 100);
        if (page < 0 || size < 1) throw bad('page must be >= 0 and size >= 1');
        const text = r.query.get('query')?.trim().toLowerCase();
        const list = [...store.types.values()]
          .filter((t) => !text || t.name.toLowerCase().includes(text))
          .sort((a, b) => a.name.localeCompare(b.name));
        sendJson(r.res, 200, pageObject(list, page, size, typeSummary));
      },
    ],
    [
      'GET',
      '/workflows/types/submit',
      (r, user) => {
        sendJson(
          r.res,
          200,
          [...store.types.values()]
            .filter((t) => maySubmit(t, user))
            .sort((a, b) => a.name.localeCompare(b.name))
            .map(typeSummary),
        );
      },
    ],
    [
      'GET',
      '/workflows/types/{idWorkflowType}',
      (r) => sendJson(r.res, 200, typeView(findType(store, r.params.idWorkflowType))),
    ],
    [
      'POST',
      '/workflows/types/{idWorkflowType}/clone',
      async (r) => {
        const type = findType(store, r.params.idWorkflowType);
        const body = await readObject(r.req);
        const { name, code } = body;
        if (typeof name !== 'string' || !name.trim()) throw bad('name is required', 'error.name.missing');
        if (typeof code !== 'string' || !code.trim()) throw bad('code is required', 'error.code.missing');
        if ([...store.types.values()].some((t) => t.code === code))
          throw bad(`A process type with code ${code} exists already`, 'error.workflowType.codeExists');
        const idWorkflowType = store.newIdWorkflowType();
        const clone: ProcessType = {
          ...structuredClone({ ...type, documents: [] }),
          idWorkflowType,
          name,
          code,
          documents: type.documents.map((d, i) => ({ ...d, idDocument: templateDocumentId(idWorkflowType, i + 1) })),
        };
        store.types.set(idWorkflowType, clone);
        sendJson(r.res, 200, typeView(clone));
      },
    ],
  ];
}

/** A JSON object body (400 otherwise). */
export async function readObject(req: IncomingMessage): Promise<Json> {
  const body = await readJson(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw bad('Request body must be a JSON object', 'error.validation');
  return body as Json;
}
