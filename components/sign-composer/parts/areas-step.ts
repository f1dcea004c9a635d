import { html, nothing } from 'lit';
import { PLACEHOLDER_GROUPS, PLACEHOLDER_KINDS } from '../../../src/model/sign/composer/placeholder-kinds.js';
import { signerLabel, type ComposerArea } from '../../../src/model/sign/composer/practice-draft.js';
import type { UploadAcrofield } from '../../../src/services/sign-authoring.js';
import type { PdfDocument } from '../../../src/pdf/pdfjs.js';
import type { AsyncState } from '../../../src/controllers/async-state.js';
import { renderAreaProperties, areaKind, areaOwner } from './area-properties.js';
import { fieldId, selectField, textField, type ComposerView } from './view.js';
import type { AreaEditDetail, EditorArea, PlaceDetail } from './page-editor.js';
import type { StringKey } from '../strings.js';
import './page-editor.js';

/** What Enter or a click on a page places. */
export interface Tool {
  kind: 'signature' | 'placeholder';
  /** The placeholder's type code. */
  type: string;
  /** A signer's id, or '' for the practice. */
  for: string;
}

export interface AreasStepHooks {
  documentId: string | undefined;
  setDocument(id: string): void;
  pdf: PdfDocument | undefined;
  pdfState: AsyncState;
  pdfError: Error | undefined;
  retryPdf(): void;
  tool: Tool;
  setTool(change: Partial<Tool>): void;
  selected: string | undefined;
  select(id: string | undefined, focusProperties?: boolean): void;
  keyword: string;
  setKeyword(value: string): void;
  findKeyword(): void;
  keywordNote: string | undefined;
  useField(field: UploadAcrofield): void;
  editorAreas: EditorArea[];
  onPlace(detail: PlaceDetail): void;
  onEdit(detail: AreaEditDetail): void;
  onRemove(id: string): void;
  onPages(pages: number): void;
  focusArea(id: string): void;
}

/** Step 3: the pages of each document, with the signers' signature areas and the fields to fill in. */
export function renderAreasStep(view: ComposerView, h: AreasStepHooks) {
  const { t, draft } = view;
  if (!draft.documents.length)
    return html`<section class="step-body"><p class="muted">${t('areasNoDocuments')}</p></section>`;
  const doc = draft.documents.find((d) => d.id === h.documentId) ?? draft.documents[0]!;
  const signers = draft.signers.filter((s) => !s.slot || s.slot.editable);
  const forOptions = [
    ...signers.map((s) => ({
      value: s.id,
      label: `${draft.signers.indexOf(s) + 1}. ${signerLabel(s) || t('signerHeading', { n: draft.signers.indexOf(s) + 1 })}`,
    })),
    ...(h.tool.kind === 'placeholder' ? [{ value: '', label: t('forPractice') }] : []),
  ];
  const toolFor = h.tool.kind === 'signature' && !h.tool.for ? (signers[0]?.id ?? '') : h.tool.for;
  const owner = draft.signers.find((s) => s.id === toolFor);
  const ownerWords = owner
    ? signerLabel(owner) || t('signerHeading', { n: draft.signers.indexOf(owner) + 1 })
    : t('forPractice');
  const canPlace = h.tool.kind === 'placeholder' || !!owner;
  const what = h.tool.kind === 'signature' ? t('toolSignature') : t(`ph_${h.tool.type}` as StringKey);
  const toolWords = canPlace ? `${what} (${ownerWords})` : '';
  const areasHere = draft.areas.filter((a) => a.document === doc.id);
  const selected = draft.areas.find((a) => a.id === h.selected);
  const typeGroups = PLACEHOLDER_GROUPS.map((group) => ({
    group: t(`phGroup_${group}` as StringKey),
    options: PLACEHOLDER_KINDS.filter((k) => k.group === group).map((k) => ({
      value: k.code,
      label: t(`ph_${k.code}` as StringKey),
    })),
  }));
  const fields = doc.acrofields;
  return html`<section class="step-body areas-step" aria-labelledby="step-title">
    ${
      draft.documents.length > 1
        ? selectField(view, {
            field: 'area-document',
            label: t('document'),
            value: doc.id,
            options: draft.documents.map((d, i) => ({ value: d.id, label: `${i + 1}. ${d.name}` })),
            onChange: (v) => h.setDocument(v),
          })
        : html`<p class="doc-title"><strong dir="auto">${doc.name}</strong></p>`
    }
    <div class="areas-layout">
      <div class="palette" part="palette">
        <fieldset>
          <legend>${t('tool')}</legend>
          <label class="radio"
            ><input type="radio" name="tool" .checked=${h.tool.kind === 'signature'} @change=${() => h.setTool({ kind: 'signature', for: toolFor || signers[0]?.id || '' })} />${t('toolSignature')}</label
          >
          <label class="radio"
            ><input type="radio" name="tool" .checked=${h.tool.kind === 'placeholder'} @change=${() => h.setTool({ kind: 'placeholder' })} />${t('toolField')}</label
          >
        </fieldset>
        ${
          h.tool.kind === 'placeholder'
            ? selectField(view, {
                field: 'tool-type',
                label: t('fieldType'),
                value: h.tool.type,
                options: typeGroups,
                onChange: (v) => h.setTool({ type: v }),
              })
            : nothing
        }
        ${
          forOptions.length
            ? selectField(view, {
                field: 'tool-for',
                label: t('forWhom'),
                value: toolFor,
                options: forOptions,
                onChange: (v) => h.setTool({ for: v }),
              })
            : html`<p class="muted">${t('areasNoSigners')}</p>`
        }
        <p class="hint">${t('placeHint')}</p>
        <div class="keyword">
          ${textField(view, {
            field: 'keyword',
            label: t('keyword'),
            value: h.keyword,
            hint: t('keywordHint'),
            onInput: (v) => h.setKeyword(v),
          })}
          <button type="button" class="button" ?disabled=${!h.keyword.trim() || !canPlace || !h.pdf} @click=${() => h.findKeyword()}>
            ${t('findKeyword')}
          </button>
          ${h.keywordNote ? html`<p class="note" role="status">${h.keywordNote}</p>` : nothing}
        </div>
        <details class="form-fields" ?open=${fields.length > 0}>
          <summary>${t('formFields')} (${fields.length})</summary>
          ${
            fields.length
              ? html`<ul>
                ${fields.map(
                  (field) =>
                    html`<li>
                      <button type="button" class="link-button" ?disabled=${!canPlace} @click=${() => h.useField(field)}>
                        ${t('useField', { name: field.keyword })}
                      </button>
                    </li>`,
                )}
              </ul>`
              : html`<p class="muted">${t('formFieldsNone')}</p>`
          }
        </details>
      </div>

      <div class="editor">
        ${
          h.pdfState === 'error' && h.pdfError
            ? view.renderError(h.pdfError, () => h.retryPdf())
            : h.pdfState === 'pending'
              ? html`<p class="muted" role="status">${t('typeLoading')}</p>`
              : nothing
        }
        <sportello-sign-composer-pages
          .pdf=${h.pdf}
          .areas=${h.editorAreas}
          .selected=${h.selected}
          .language=${view.speaker.language}
          .strings=${view.speaker.strings}
          .documentName=${doc.name}
          .tool=${toolWords}
          @composer-place=${(e: CustomEvent<PlaceDetail>) => h.onPlace(e.detail)}
          @composer-area-edit=${(e: CustomEvent<AreaEditDetail>) => h.onEdit(e.detail)}
          @composer-area-select=${(e: CustomEvent<{ id: string; open: boolean }>) => h.select(e.detail.id, e.detail.open)}
          @composer-area-remove=${(e: CustomEvent<{ id: string }>) => h.onRemove(e.detail.id)}
          @composer-say=${(e: CustomEvent<{ text: string }>) => view.say(e.detail.text)}
          @composer-pages=${(e: CustomEvent<{ pages: number }>) => h.onPages(e.detail.pages)}
        ></sportello-sign-composer-pages>
      </div>

      <div class="properties" part="properties" id="area-properties" tabindex="-1" aria-labelledby="properties-title">
        <h4 id="properties-title">${t('properties')}</h4>
        ${renderAreaProperties(view, selected, () => h.select(undefined))}
      </div>
    </div>

    <h4>${t('areaList')}</h4>
    ${
      areasHere.length
        ? html`<ul class="area-list" part="area-list">
          ${areasHere.map((a: ComposerArea) => {
            const words = `${areaKind(view, a)}, ${areaOwner(view, a)} · ${t('pageLabel', { n: a.page, total: doc.pages || a.page })}`;
            return html`<li>
              <button
                type="button"
                class="link-button"
                id=${fieldId(`area:${a.id}`)}
                aria-pressed=${a.id === h.selected ? 'true' : 'false'}
                @click=${() => {
                  h.select(a.id);
                  h.focusArea(a.id);
                }}
              >
                ${words}
              </button>
              ${a.locked ? html`<span class="muted"> · ${t('areaLocked')}</span>` : nothing}
              ${view.problemAt(`area:${a.id}`) ? html`<p class="field-error">${view.problemAt(`area:${a.id}`)}</p>` : nothing}
            </li>`;
          })}
        </ul>`
        : html`<p class="muted">${t('areaListEmpty')}</p>`
    }
  </section>`;
}
