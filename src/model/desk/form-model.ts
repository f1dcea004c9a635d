/**
 * What the user has typed into the help-desk form, its client-side validation (mirroring spec §2.1)
 * and the creation body built from it. Pure functions: no DOM, no I/O.
 */
import type { ExtraAttribute, ExtraSection } from '../../services/desk-types.js';

export type { AttributeType, ExtraAttribute, ExtraSection } from '../../services/desk-types.js';
import {
  findEntry,
  identify,
  requestTypesFor,
  type Catalog,
  type CatalogAsset,
  type CatalogItem,
  type CatalogService,
  type KeyPreference,
} from './catalog.js';

/** The form's own fields, by the names portals use for `prefill`, `hiddenFields`, `readonlyFields`. */
export const FORM_FIELDS = [
  'servizio',
  'assetRoot',
  'assetFiglio',
  'tipoRichiesta',
  'urgenza',
  'oggetto',
  'descrizione',
  'note',
  'codiceCanale',
  'dataSegnalazione',
  'dataScadenza',
  'allegati',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export interface FormValues {
  servizio: string;
  assetRoot: string;
  assetFiglio: string;
  tipoRichiesta: string;
  urgenza: string;
  oggetto: string;
  descrizione: string;
  note: string;
  codiceCanale: string;
  /** `YYYY-MM-DDTHH:mm` as an `<input type="datetime-local">` holds it (local time). */
  dataSegnalazione: string;
  dataScadenza: string;
  /** Extra attributes by attribute key (see {@link ExtraAttribute.key}). */
  extra: Record<string, string | boolean>;
}

export function emptyValues(): FormValues {
  return {
    servizio: '',
    assetRoot: '',
    assetFiglio: '',
    tipoRichiesta: '',
    urgenza: '',
    oggetto: '',
    descrizione: '',
    note: '',
    codiceCanale: 'WEB',
    dataSegnalazione: '',
    dataScadenza: '',
    extra: {},
  };
}

/** Length limits; the spec gives none, so these are the simulator's documented ones and overridable. */
export interface Limits {
  oggetto: number;
  descrizione: number;
  note: number;
  attribute: number;
}
export const DEFAULT_LIMITS: Limits = { oggetto: 200, descrizione: 4000, note: 2000, attribute: 1000 };

/** Why a field is invalid; the element turns the code into words. */
export type ErrorCode =
  | 'required'
  | 'tooLong'
  | 'badDate'
  | 'future'
  | 'beforeReport'
  | 'badNumber'
  | 'notInteger'
  | 'tooSmall'
  | 'tooLarge'
  | 'badEmail'
  | 'badPhone'
  | 'badOption'
  | 'badFormat'
  | 'server';

export interface FieldError {
  code: ErrorCode;
  /** Limit for tooLong/tooSmall/tooLarge; server message for `server`. */
  detail?: string | number | undefined;
}

/** Keys: a {@link FormField} or `extra.<attribute key>`. */
export type FieldErrors = Record<string, FieldError>;

export interface Selection {
  service?: CatalogService | undefined;
  assetRoot?: CatalogAsset | undefined;
  assetChild?: CatalogItem | undefined;
  requestType?: CatalogItem | undefined;
  urgency?: CatalogItem | undefined;
}

/** Resolves the select values against the catalogue (dropping choices the parent no longer offers). */
export function resolveSelection(catalog: Catalog | undefined, values: FormValues): Selection {
  if (!catalog) return {};
  const service = findEntry(catalog.services, values.servizio);
  const assetRoot = service ? findEntry(service.assets, values.assetRoot) : undefined;
  const assetChild = assetRoot ? findEntry(assetRoot.children, values.assetFiglio) : undefined;
  const requestType = findEntry(requestTypesFor(service, assetRoot), values.tipoRichiesta);
  const urgency = findEntry(catalog.urgencies, values.urgenza);
  return { service, assetRoot, assetChild, requestType, urgency };
}

/** Parses a `datetime-local` (or full ISO) value; undefined when empty or invalid. */
export function parseLocalDate(value: string): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `YYYY-MM-DDTHH:mm` in local time, as datetime-local inputs want it. */
export function toLocalInputValue(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}

/** A server pattern that does not compile is not the user's fault: the value passes. */
function matchesPattern(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern.startsWith('^') ? pattern : `^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A report date this far in the future is accepted: clocks of customer PCs drift. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

function validateAttribute(
  attr: ExtraAttribute,
  raw: string | boolean | undefined,
  limits: Limits,
): FieldError | undefined {
  if (attr.type === 'boolean') return attr.required && raw !== true ? { code: 'required' } : undefined;
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) return attr.required ? { code: 'required' } : undefined;
  const max = attr.maxLength ?? limits.attribute;
  if (value.length > max) return { code: 'tooLong', detail: max };
  switch (attr.type) {
    case 'number':
    case 'integer': {
      const n = Number(value);
      if (!Number.isFinite(n)) return { code: 'badNumber' };
      if (attr.type === 'integer' && !Number.isInteger(n)) return { code: 'notInteger' };
      if (attr.min !== undefined && n < attr.min) return { code: 'tooSmall', detail: attr.min };
      if (attr.max !== undefined && n > attr.max) return { code: 'tooLarge', detail: attr.max };
      return undefined;
    }
    case 'date':
    case 'datetime':
      return parseLocalDate(value) ? undefined : { code: 'badDate' };
    case 'email':
      return EMAIL.test(value) ? undefined : { code: 'badEmail' };
    case 'text':
    case 'textarea':
      return attr.pattern && !matchesPattern(attr.pattern, value) ? { code: 'badFormat' } : undefined;
    case 'select':
      return attr.options.some((o) => o.value === value) ? undefined : { code: 'badOption' };
    default:
      return undefined;
  }
}

/**
 * Client validation of spec §2.1: the triple's service and request type and the subject are
 * required; text lengths are bounded; dates must be dates, the report date not in the future and
 * a manual due date not before it; extra attributes follow their own type and required flag.
 * Hidden fields are the page's business and are not checked, except the required ones.
 */
export function validate(
  values: FormValues,
  selection: Selection,
  sections: readonly ExtraSection[],
  limits: Limits = DEFAULT_LIMITS,
  now: Date = new Date(),
): FieldErrors {
  const errors: FieldErrors = {};
  if (!selection.service) errors['servizio'] = { code: 'required' };
  if (!selection.requestType) errors['tipoRichiesta'] = { code: 'required' };
  if (selection.assetChild && !selection.assetRoot) errors['assetRoot'] = { code: 'required' };
  const subject = values.oggetto.trim();
  if (!subject) errors['oggetto'] = { code: 'required' };
  else if (subject.length > limits.oggetto) errors['oggetto'] = { code: 'tooLong', detail: limits.oggetto };
  if (values.descrizione.length > limits.descrizione)
    errors['descrizione'] = { code: 'tooLong', detail: limits.descrizione };
  if (values.note.length > limits.note) errors['note'] = { code: 'tooLong', detail: limits.note };
  if (values.codiceCanale.length > 20) errors['codiceCanale'] = { code: 'tooLong', detail: 20 };
  const reported = parseLocalDate(values.dataSegnalazione);
  if (values.dataSegnalazione && !reported) errors['dataSegnalazione'] = { code: 'badDate' };
  else if (reported && reported.getTime() > now.getTime() + CLOCK_SKEW_MS)
    errors['dataSegnalazione'] = { code: 'future' };
  const due = parseLocalDate(values.dataScadenza);
  if (values.dataScadenza && !due) errors['dataScadenza'] = { code: 'badDate' };
  else if (due && due.getTime() < (reported ?? now).getTime() - (reported ? 0 : CLOCK_SKEW_MS))
    errors['dataScadenza'] = { code: 'beforeReport' };
  for (const section of sections) {
    for (const attr of section.attributes) {
      const error = validateAttribute(attr, values.extra[attr.key], limits);
      if (error) errors[`extra.${attr.key}`] = error;
    }
  }
  return errors;
}

/** Field order on screen, so "the first invalid field" means the first one the user sees. */
export function fieldOrder(sections: readonly ExtraSection[]): string[] {
  const extra = sections.flatMap((s) => s.attributes.map((a) => `extra.${a.key}`));
  return [
    'servizio',
    'assetRoot',
    'assetFiglio',
    'tipoRichiesta',
    'urgenza',
    ...extra,
    'oggetto',
    'descrizione',
    'note',
    'codiceCanale',
    'dataSegnalazione',
    'dataScadenza',
    'allegati',
  ];
}

export function firstInvalid(errors: FieldErrors, sections: readonly ExtraSection[]): string | undefined {
  return fieldOrder(sections).find((f) => errors[f]) ?? Object.keys(errors)[0];
}

/** An ISO 8601 instant from a datetime-local value (the spec's dates are ISO 8601). */
function isoOrUndefined(value: string): string | undefined {
  return parseLocalDate(value)?.toISOString();
}

/** One section of `listaSezioniRichiesta` as the creation body carries it. */
export interface SectionPayload {
  idSezione?: number | undefined;
  /** Section code, when the section has no id. */
  codice?: string | undefined;
  attributi: Array<{ idAttributo?: number | undefined; codice?: string | undefined; valore: string }>;
}

export function sectionsPayload(sections: readonly ExtraSection[], extra: FormValues['extra']): SectionPayload[] {
  return sections
    .map((s) => ({
      ...(s.id !== undefined ? { idSezione: s.id } : { codice: s.code }),
      attributi: s.attributes
        .filter((a) => extra[a.key] !== undefined && extra[a.key] !== '')
        .map((a) => {
          const raw = extra[a.key];
          // Dates stay `YYYY-MM-DD` (a day, not an instant); date-times become ISO 8601 instants.
          const valore =
            typeof raw === 'boolean'
              ? String(raw)
              : a.type === 'datetime'
                ? (isoOrUndefined(String(raw)) ?? String(raw))
                : String(raw).trim();
          return { ...(a.id !== undefined ? { idAttributo: a.id } : { codice: a.code }), valore };
        }),
    }))
    .filter((s) => s.attributi.length > 0);
}

/** The creation body of spec §2.1 (without upload and page additions, which the controller adds). */
export function creationBody(
  values: FormValues,
  selection: Selection,
  sections: readonly ExtraSection[],
  prefer: KeyPreference = 'auto',
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...identify('Servizio', selection.service, prefer),
    ...identify('AssetRoot', selection.assetRoot, prefer),
    ...identify('AssetFiglio', selection.assetChild, prefer),
    ...identify('TipoRichiesta', selection.requestType, prefer),
    ...identify('Urgenza', selection.urgency, prefer),
    oggetto: values.oggetto.trim(),
  };
  if (values.descrizione.trim()) body['descrizione'] = values.descrizione;
  if (values.note.trim()) body['note'] = values.note;
  body['codiceCanale'] = values.codiceCanale.trim() || 'WEB';
  const reported = isoOrUndefined(values.dataSegnalazione);
  if (reported) body['dataSegnalazione'] = reported;
  const due = isoOrUndefined(values.dataScadenza);
  if (due) body['dataScadenza'] = due;
  const lista = sectionsPayload(sections, values.extra);
  if (lista.length) body['listaSezioniRichiesta'] = lista;
  return body;
}

/** The spec's id/code body names of the catalogue choices, each to the one form field it fills. */
export const SPEC_FIELD_ALIASES: Readonly<Record<string, FormField>> = {
  idServizio: 'servizio',
  codServizio: 'servizio',
  idAssetRoot: 'assetRoot',
  codAssetRoot: 'assetRoot',
  idAssetFiglio: 'assetFiglio',
  codAssetFiglio: 'assetFiglio',
  idTipoRichiesta: 'tipoRichiesta',
  codTipoRichiesta: 'tipoRichiesta',
  idUrgenza: 'urgenza',
  codUrgenza: 'urgenza',
};

/**
 * Maps a server field name (spec body names, possibly `listaSezioniRichiesta[0].attributi[1]` or an
 * attribute id/code) back to a form field key. Unknown names map to undefined (shown as a form error).
 */
export function formFieldForServerField(name: string, sections: readonly ExtraSection[]): string | undefined {
  const direct: Record<string, FormField> = {
    ...SPEC_FIELD_ALIASES,
    oggetto: 'oggetto',
    descrizione: 'descrizione',
    note: 'note',
    codiceCanale: 'codiceCanale',
    dataSegnalazione: 'dataSegnalazione',
    dataScadenza: 'dataScadenza',
    nomeAllegati: 'allegati',
    idUpload: 'allegati',
  };
  if (direct[name]) return direct[name];
  const attrs = sections.flatMap((s) => s.attributes);
  const idMatch =
    /(?:idAttributo|attributo|attributi)[.:=[\s]*(\d+)/i.exec(name) ?? /^(?:extra\.)?(?:id:)?(\d+)$/.exec(name);
  if (idMatch) {
    const found = attrs.find((a) => a.id === Number(idMatch[1]));
    if (found) return `extra.${found.key}`;
  }
  const codeMatch =
    /(?:codAttributo|codice)[.:=[\s]*([\w-]+)/i.exec(name) ?? /^(?:extra\.)?(?:code:)?([\w-]+)$/.exec(name);
  if (codeMatch) {
    const found = attrs.find((a) => a.code === codeMatch[1]);
    if (found) return `extra.${found.key}`;
  }
  return undefined;
}

/**
 * A server 400's field errors as form errors: each on the form field it names (first message
 * wins), except a hidden form field, which the customer could not fix; what maps nowhere is
 * returned as `unmatched` for the form-level message.
 */
export function serverFieldErrors(
  fields: ReadonlyArray<{ field: string; message: string }>,
  sections: readonly ExtraSection[],
  isHidden: (field: string) => boolean,
): { errors: FieldErrors; unmatched: string[] } {
  const errors: FieldErrors = {};
  const unmatched: string[] = [];
  for (const f of fields) {
    const key = formFieldForServerField(f.field, sections);
    if (key && !errors[key] && !(isHidden(key) && !key.startsWith('extra.')))
      errors[key] = { code: 'server', detail: f.message };
    else unmatched.push(f.message);
  }
  return { errors, unmatched };
}
