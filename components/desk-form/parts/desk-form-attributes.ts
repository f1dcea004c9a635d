/**
 * The desk form's public attributes and properties, documented for `custom-elements.json`: what
 * the page sets. The element (desk-form.ts) extends this and does the work; keeping them here
 * leaves the element with its behaviour only.
 */
import { property } from 'lit/decorators.js';
import { SportelloElement } from '../../shared/sportello-element.js';
import type { KeyPreference } from '../../../src/model/desk/catalog.js';
import type { DeskPrefill } from './values.js';

const listConverter = {
  fromAttribute: (value: string | null) => (value ? value.split(/[\s,]+/).filter(Boolean) : []),
  toAttribute: (value: string[]) => value.join(' '),
};

export class DeskFormAttributes extends SportelloElement {
  static formAssociated = true;

  /** Catalogue JSON: `{ servizi|services: [...], urgenze|urgencies: [...], canali|channels: [...] }`. */
  @property({ attribute: false }) catalog?: unknown;
  /** URL of the catalogue JSON (used when `catalog` is not set). */
  @property({ attribute: 'catalog-src' }) catalogSrc?: string;
  /** Follow this request instead of opening a new one. */
  @property({ attribute: 'request-id', reflect: true }) requestId?: string;
  /** Values to start from (and to keep, for hidden and read-only fields). */
  @property({ attribute: false }) prefill: DeskPrefill = {};
  /** Fields not shown (still sent when prefilled), space separated: `note codiceCanale`. */
  @property({ attribute: 'hidden-fields', converter: listConverter }) hiddenFields: string[] = [];
  /** Fields shown but not editable. */
  @property({ attribute: 'readonly-fields', converter: listConverter }) readonlyFields: string[] = [];
  /** Which identifiers go in the body when the catalogue has both ids and codes. */
  @property({ attribute: 'send-keys' }) sendKeys: KeyPreference = 'auto';
  /** localStorage key of the draft; defaults to the page path. */
  @property({ attribute: 'draft-key' }) draftKey?: string;
  /** Do not keep a draft. */
  @property({ type: Boolean, attribute: 'no-draft' }) noDraft = false;
  /** The requesting user (`idUtente`, required by spec §2.1); a page may also add it in `sportello-before-submit`. */
  @property({ attribute: 'user-id' }) userId?: string;
  /** Per-attempt timeout of the creation call, ms. */
  @property({ type: Number }) timeout = 30000;
  /** Name under which a host `<form>` receives the created request id. */
  @property({ reflect: true }) name?: string;
  /** Disabled (also by an ancestor `<fieldset disabled>` of a host form). */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** `inline` (default): the form where the tag stands; `launcher`: a button that opens it in a modal dialog. */
  @property({ reflect: true }) mode: 'inline' | 'launcher' = 'inline';

  /** Anonymous visitors (no `user-id`): optional contact fields to offer, space separated: `name email phone`. */
  @property({ attribute: 'contact-fields', converter: listConverter }) contactFields: string[] = [];
  /** Where an anonymous visitor's contact details are carried: `note` (default) or `descrizione`. */
  @property({ attribute: 'contact-into' }) contactInto: 'note' | 'descrizione' = 'note';

  /** AI service base URL or proxy for deflection and suggestions (else `<sportello-config ai-endpoint>`, `configure()`). */
  @property({ attribute: 'ai-endpoint' }) aiEndpoint?: string;
  /** Development only: the AI service's `X-Api-Key` (through the gateway, leave it out). */
  @property({ attribute: 'ai-api-key' }) aiApiKey?: string;
  /** Deflection: knowledge-base ids to search while the customer writes (turns deflection on). */
  @property({ attribute: 'deflect-kb', converter: listConverter }) deflectKb: string[] = [];
  /** Deflection: an agent whose knowledge bases to search (instead of `deflect-kb`). */
  @property({ type: Number, attribute: 'deflect-agent' }) deflectAgent?: number;
  /** Deflection: `faq` (POST /search/faq, default) or `search` (FAQs and document passages). */
  @property({ attribute: 'deflect-mode' }) deflectMode: 'faq' | 'search' = 'faq';
  /** Deflection: answers below this score (0-1) are not shown. */
  @property({ type: Number, attribute: 'deflect-min-score' }) deflectMinScore = 0.3;
  /** Suggested classification: the similarity catalog id (turns suggestions on). */
  @property({ type: Number, attribute: 'classify-catalog' }) classifyCatalog?: number;
  /** Rest time after typing before the AI is asked, ms. */
  @property({ type: Number, attribute: 'assist-delay' }) assistDelay = 600;
}
