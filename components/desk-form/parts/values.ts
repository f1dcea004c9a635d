/**
 * The desk form's values as pure steps: what a page's `prefill` means, how a draft is taken back
 * under locked fields, how a catalogue change keeps only choices it still offers, how one input
 * changes the values (a parent emptying what depended on it) and which extra attributes take a
 * page or server default. No DOM, no element state: the element owns `values` and calls these.
 */
import { findEntry, keyOf, requestTypesFor, type Catalog } from '../../../src/model/desk/catalog.js';
import {
  emptyValues,
  FORM_FIELDS,
  SPEC_FIELD_ALIASES,
  parseLocalDate,
  toLocalInputValue,
  type ExtraSection,
  type FormField,
  type FormValues,
} from '../../../src/model/desk/form-model.js';

/** Prefill keys: the form's field names, the spec's `id*`/`cod*` names, and `extra` by attribute code or id. */
export type DeskPrefill = Partial<
  Record<
    | FormField
    | 'idServizio'
    | 'codServizio'
    | 'idAssetRoot'
    | 'codAssetRoot'
    | 'idAssetFiglio'
    | 'codAssetFiglio'
    | 'idTipoRichiesta'
    | 'codTipoRichiesta'
    | 'idUrgenza'
    | 'codUrgenza',
    string | number
  >
> & {
  extra?: Record<string, string | number | boolean>;
};

function toInputDate(text: string): string {
  const date = parseLocalDate(text);
  return date ? toLocalInputValue(date) : text;
}

/** The form fields a prefill names (spec aliases mapped, dates as a datetime-local input holds them). */
export function prefillValues(prefill: DeskPrefill | undefined): Partial<FormValues> {
  const out: Partial<Record<FormField, string>> = {};
  for (const [k, v] of Object.entries(prefill ?? {})) {
    if (k === 'extra' || v === undefined || v === null) continue;
    const field = (SPEC_FIELD_ALIASES[k] ?? k) as FormField;
    if ((FORM_FIELDS as readonly string[]).includes(field) && field !== 'allegati') {
      const text = String(v);
      out[field] = field === 'dataSegnalazione' || field === 'dataScadenza' ? toInputDate(text) : text;
    }
  }
  return out as Partial<FormValues>;
}

/** Empty values with the prefill applied. */
export function initialValues(prefill: DeskPrefill | undefined): FormValues {
  return { ...emptyValues(), ...prefillValues(prefill), extra: {} };
}

/** A draft's values, except that hidden and read-only fields keep what the page prefilled. */
export function draftValues(draft: FormValues, prefill: DeskPrefill | undefined, locked: Iterable<string>): FormValues {
  const given = prefillValues(prefill) as Record<string, string>;
  const values = { ...draft };
  for (const field of locked)
    if (field in given) (values as unknown as Record<string, string>)[field] = given[field] as string;
  return values;
}

/**
 * Turns prefilled or restored ids/codes into option keys and drops choices a parent no longer
 * offers. Returns the new values, or undefined when nothing changed.
 */
export function normaliseSelection(catalog: Catalog | undefined, v: FormValues): FormValues | undefined {
  if (!catalog) return undefined;
  const service = findEntry(catalog.services, v.servizio);
  const asset = service ? findEntry(service.assets, v.assetRoot) : undefined;
  const child = asset ? findEntry(asset.children, v.assetFiglio) : undefined;
  const type = findEntry(requestTypesFor(service, asset), v.tipoRichiesta);
  const urgency = findEntry(catalog.urgencies, v.urgenza);
  const next = {
    servizio: service ? keyOf(service) : v.servizio && !service ? '' : v.servizio,
    assetRoot: asset ? keyOf(asset) : '',
    assetFiglio: child ? keyOf(child) : '',
    tipoRichiesta: type ? keyOf(type) : '',
    urgenza: urgency ? keyOf(urgency) : '',
  };
  return Object.entries(next).some(([k, val]) => v[k as keyof FormValues] !== val) ? { ...v, ...next } : undefined;
}

/**
 * Extra attributes take the page's prefill (by code or id) or the server's default, once per
 * attribute (`seen` remembers which). Returns the new extra values, or undefined when unchanged.
 */
export function extraDefaults(
  sections: readonly ExtraSection[],
  current: FormValues['extra'],
  given: DeskPrefill['extra'],
  seen: Set<string>,
  isLocked: (field: string) => boolean,
): FormValues['extra'] | undefined {
  if (!sections.length) return undefined;
  const extra = { ...current };
  let changed = false;
  for (const attr of sections.flatMap((s) => s.attributes)) {
    if (seen.has(attr.key)) continue;
    seen.add(attr.key);
    const fromPage =
      (attr.code !== undefined ? given?.[attr.code] : undefined) ??
      (attr.id !== undefined ? given?.[String(attr.id)] : undefined);
    const value = extra[attr.key];
    if (fromPage !== undefined && (value === undefined || value === '' || isLocked(`extra.${attr.code ?? attr.id}`))) {
      extra[attr.key] = typeof fromPage === 'boolean' ? fromPage : String(fromPage);
      changed = true;
    } else if (value === undefined && attr.defaultValue !== undefined) {
      extra[attr.key] = attr.defaultValue;
      changed = true;
    }
  }
  return changed ? extra : undefined;
}

/**
 * One control's new value applied. A parent's change empties what depended on it; a new triple
 * drops the extra attributes (`triple: true` tells the caller to forget which had defaults).
 */
export function applyInput(
  values: FormValues,
  name: string,
  value: string | boolean,
): { values: FormValues; triple: boolean } {
  if (name.startsWith('extra.'))
    return { values: { ...values, extra: { ...values.extra, [name.slice(6)]: value } }, triple: false };
  const next = { ...values, [name]: value } as FormValues;
  if (name === 'servizio') Object.assign(next, { assetRoot: '', assetFiglio: '', tipoRichiesta: '' });
  if (name === 'assetRoot') Object.assign(next, { assetFiglio: '' });
  const triple = name === 'servizio' || name === 'assetRoot' || name === 'tipoRichiesta';
  if (triple) next.extra = {};
  return { values: next, triple };
}

/** A whole classification set at once (an accepted suggestion): the triple's extra attributes start over. */
export function applySelection(
  values: FormValues,
  selection: Pick<FormValues, 'servizio' | 'assetRoot' | 'assetFiglio' | 'tipoRichiesta'>,
): FormValues {
  const { servizio, assetRoot, assetFiglio, tipoRichiesta } = selection;
  return { ...values, servizio, assetRoot, assetFiglio, tipoRichiesta, extra: {} };
}
