/**
 * What the desk form's render parts read from the element: the values, the errors, the network
 * state and the field rules (hidden, read-only). One small interface, so that each part
 * (classification, details, attachments, confirmation) is a module of its own and the element
 * only composes them.
 */
import type { Lang } from '../../../src/i18n/lang.js';
import { keyOf, type CatalogItem } from '../../../src/model/desk/catalog.js';
import type { DeskFormController } from '../../../src/controllers/desk/form-controller.js';
import type {
  ExtraAttribute,
  FieldError,
  FieldErrors,
  FormField,
  FormValues,
} from '../../../src/model/desk/form-model.js';
import { fieldId, type FieldFrame, type Option } from './fields.js';
import type { DeskStringKey } from '../strings.js';
import { patternHint, type FieldsText } from '../../shared/pattern-hint.js';

export interface FormView {
  readonly language: Lang;
  readonly values: FormValues;
  readonly errors: FieldErrors;
  readonly controller: DeskFormController;
  tr(key: DeskStringKey, params?: Record<string, string | number>): string;
  /** The words of a field's expected format (shared with the live chat). */
  fields: FieldsText;
  isHidden(field: string): boolean;
  isLocked(field: string): boolean;
  attributeHidden(attr: ExtraAttribute): boolean;
  attributeLocked(attr: ExtraAttribute): boolean;
  /** Asks the triple lookups (extra sections, SLA) again after a failure. */
  retryTriple(): void;
}

/** The words for a field's error, or undefined when the field is fine. */
export function fieldError(view: FormView, name: string, label: string): string | undefined {
  const e: FieldError | undefined = view.errors[name];
  if (!e) return undefined;
  // A wrong format says which format (defect 2 of issue #22), when the pattern can be put in words.
  const hint = e.code === 'badFormat' ? formatHintOf(view, name) : undefined;
  if (hint) return view.tr('err_badFormatHint', { field: label, hint });
  return view.tr(`err_${e.code}` as DeskStringKey, { field: label, detail: e.detail ?? '' });
}

export function fieldFrame(
  view: FormView,
  name: FormField,
  required: boolean,
  extra: Partial<FieldFrame> = {},
): FieldFrame {
  const label = view.tr(name);
  return { name, id: fieldId(name), label, required, error: fieldError(view, name, label), ...extra };
}

export function optionsOf(items: readonly CatalogItem[]): Option[] {
  return items.map((i) => ({ value: keyOf(i), label: i.name }));
}

/** The human hint of an extra attribute's pattern, if it has one. */
export function formatHintOf(view: FormView, name: string): string | undefined {
  if (!name.startsWith('extra.')) return undefined;
  const attr = view.controller.sections.flatMap((s) => s.attributes).find((a) => `extra.${a.key}` === name);
  return patternHint(attr?.pattern, view.fields);
}
