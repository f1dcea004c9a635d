/**
 * What the customer has entered in the desk form and what is wrong with it: the values, the field
 * errors, and every way they change — typing, a later prefill, an accepted AI suggestion, and the
 * catalogue's say (a choice it no longer offers is dropped, extra attributes take their defaults
 * once). The element renders from here and asks here; a change re-renders the element.
 */
import type { ReactiveControllerHost } from 'lit';
import type { Catalog } from '../../../src/model/desk/catalog.js';
import type { SuggestedSelection } from '../../../src/model/desk/assist-model.js';
import {
  emptyValues,
  type ExtraSection,
  type FieldErrors,
  type FormValues,
} from '../../../src/model/desk/form-model.js';
import {
  applyInput,
  applySelection,
  extraDefaults,
  initialValues,
  normaliseSelection,
  prefillValues,
  type DeskPrefill,
} from './values.js';

export interface FormEntriesOptions {
  host: ReactiveControllerHost;
  /** A field the customer may not change (read-only or the form disabled): it keeps its prefill. */
  locked(field: string): boolean;
}

export class FormEntries {
  private current: FormValues = emptyValues();
  private wrong: FieldErrors = {};
  /** Extra attributes that already took their page or server default (once each). */
  private readonly extraPrefilled = new Set<string>();

  constructor(private readonly o: FormEntriesOptions) {}

  get values(): FormValues {
    return this.current;
  }
  set values(values: FormValues) {
    this.current = values;
    this.o.host.requestUpdate();
  }

  get errors(): FieldErrors {
    return this.wrong;
  }
  set errors(errors: FieldErrors) {
    this.wrong = errors;
    this.o.host.requestUpdate();
  }

  /** The customer fixed (or changed) a field: its error goes. */
  clearError(name: string): void {
    if (!this.wrong[name]) return;
    const { [name]: _fixed, ...rest } = this.wrong;
    this.errors = rest;
  }

  /** Back to the page's prefill, nothing wrong. */
  reset(prefill: DeskPrefill | undefined): void {
    this.values = initialValues(prefill);
    this.errors = {};
    this.extraPrefilled.clear();
  }

  /** A later prefill wins for the fields it names. */
  prefilled(prefill: DeskPrefill | undefined): void {
    this.values = { ...this.current, ...prefillValues(prefill), extra: { ...this.current.extra } };
    this.extraPrefilled.clear();
  }

  /** One field typed or chosen; a new triple lets the extra attributes take their defaults again. */
  input(name: string, value: string | boolean): void {
    const next = applyInput(this.current, name, value);
    if (next.triple) this.extraPrefilled.clear();
    this.values = next.values;
    this.clearError(name);
  }

  /** The customer accepted the suggested classification: set as if chosen by hand. */
  applySuggestion(selection: SuggestedSelection): void {
    this.extraPrefilled.clear();
    this.values = applySelection(this.current, selection);
    const { servizio: _s, assetRoot: _a, assetFiglio: _f, tipoRichiesta: _t, ...rest } = this.wrong;
    this.errors = rest;
  }

  /**
   * What the catalogue and the triple's sections say, before each render: choices the catalogue
   * does not offer are dropped, extra attributes take their page or server default once.
   */
  follow(catalog: Catalog | undefined, sections: ExtraSection[], prefill: DeskPrefill | undefined): void {
    const normalised = normaliseSelection(catalog, this.current);
    if (normalised) this.current = normalised;
    const extra = extraDefaults(sections, this.current.extra, prefill?.extra, this.extraPrefilled, (f) =>
      this.o.locked(f),
    );
    if (extra) this.current = { ...this.current, extra };
  }
}
