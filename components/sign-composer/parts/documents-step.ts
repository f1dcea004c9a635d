import { html, nothing } from 'lit';
import { moveDocument } from '../../../src/model/sign/composer/practice-draft.js';
import { fieldId, renderProblem, selectField, type ComposerView } from './view.js';

/** What the documents step needs beyond the view: files in, drag state. */
export interface DocumentsStepHooks {
  addFiles(files: File[]): void;
  dragging: boolean;
  setDragging(on: boolean): void;
}

const filesOf = (list: FileList | null | undefined): File[] => (list ? [...list] : []);

/** Step 1: a process type, and the documents (picker, drag and drop, paste), their uploads and order. */
export function renderDocumentsStep(view: ComposerView, hooks: DocumentsStepHooks) {
  const { t, ctl, draft } = view;
  const type = draft.processType;
  const typeOptions = [
    { value: '', label: t('processTypeNone') },
    ...ctl.processTypes.list.map((x) => ({ value: String(x.idWorkflowType), label: x.name })),
  ];
  if (type && !ctl.processTypes.list.some((x) => x.idWorkflowType === type.idWorkflowType))
    typeOptions.push({ value: String(type.idWorkflowType), label: type.name });
  const uploads = draft.documents.filter((d) => d.origin === 'upload');
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    hooks.setDragging(false);
    const files = filesOf(e.dataTransfer?.files);
    if (files.length) hooks.addFiles(files);
  };
  return html`<section class="step-body" aria-labelledby="step-title">
    <div class="type-row">
      ${
        ctl.processTypes.listState === 'pending' && !ctl.processTypes.list.length
          ? html`<p class="muted" role="status">${t('loadingTypes')}</p>`
          : selectField(view, {
              field: 'type',
              label: t('processType'),
              value: type ? String(type.idWorkflowType) : '',
              options: typeOptions,
              hint: t('processTypeHint'),
              disabled: ctl.processTypes.chosenState === 'pending',
              onChange: (v) => void ctl.processTypes.choose(v ? Number(v) : undefined),
            })
      }
      ${ctl.processTypes.chosenState === 'pending' ? html`<p class="muted" role="status">${t('typeLoading')}</p>` : nothing}
      ${
        ctl.processTypes.chosenState === 'error' && ctl.processTypes.chosenError
          ? view.renderError(ctl.processTypes.chosenError, () => void ctl.processTypes.choose(type?.idWorkflowType))
          : nothing
      }
      ${
        type
          ? html`<ul class="type-facts" part="type-facts">
            <li>${type.preloadDocuments ? t('typeDocuments') : t('typeNoDocuments')}</li>
            <li>${type.editSigners ? t('typeSignersEditable') : t('typeSignersFixed')}</li>
            ${type.blockTypePlaceholders ? html`<li>${t('typeFieldsFixed')}</li>` : nothing}
          </ul>`
          : nothing
      }
    </div>

    <h3>${t('documentsTitle')}</h3>
    ${renderProblem(view, 'documents')}
    ${
      draft.documents.length
        ? html`<ol class="documents" part="documents">
          ${draft.documents.map((doc, i) => {
            const up = ctl.upload(doc.id);
            const uploadIndex = uploads.indexOf(doc);
            const present = ctl.uploads.present(doc);
            const percent = up && up.total ? Math.round((up.loaded / up.total) * 100) : 0;
            return html`<li class="document" part="document" id=${fieldId(`document:${doc.id}`)} tabindex="-1">
              <div class="doc-main">
                <span class="doc-name" dir="auto">${doc.name}</span>
                <span class="muted"
                  >${doc.pages ? t('pages', { n: doc.pages }) : nothing}
                  ${doc.origin === 'template' ? html`· ${t('fromType')}` : nothing}</span
                >
                ${
                  up?.state === 'uploading'
                    ? html`<span class="upload" role="status"
                      ><progress max="100" .value=${percent} aria-label=${t('uploadProgress', { name: doc.name })}></progress>
                      ${t('uploading', { percent })}</span
                    >`
                    : nothing
                }
                ${
                  up?.state === 'failed' && up.error
                    ? html`<div class="doc-failed">
                      ${view.renderError(up.error, () => ctl.retryUpload(doc.id))}
                    </div>`
                    : nothing
                }
                ${
                  doc.origin === 'upload' && !present && up?.state !== 'uploading'
                    ? html`<p class="field-error">${t('notOnDevice')}</p>`
                    : nothing
                }
                ${renderProblem(view, `document:${doc.id}`)}
              </div>
              ${
                doc.origin === 'upload'
                  ? html`<div class="row-actions">
                    <button
                      type="button"
                      class="icon-button"
                      aria-label=${t('moveDocUp', { name: doc.name })}
                      title=${t('moveUp')}
                      ?disabled=${uploadIndex === 0}
                      @click=${() => {
                        view.update(moveDocument(view.draft, doc.id, -1));
                        view.say(t('documentMoved', { name: doc.name, n: i, total: draft.documents.length }));
                      }}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      class="icon-button"
                      aria-label=${t('moveDocDown', { name: doc.name })}
                      title=${t('moveDown')}
                      ?disabled=${uploadIndex === uploads.length - 1}
                      @click=${() => {
                        view.update(moveDocument(view.draft, doc.id, 1));
                        view.say(t('documentMoved', { name: doc.name, n: i + 2, total: draft.documents.length }));
                      }}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      class="icon-button danger"
                      aria-label=${t('removeDoc', { name: doc.name })}
                      title=${t('remove')}
                      @click=${() => {
                        ctl.removeDocument(doc.id);
                        view.say(t('documentRemoved', { name: doc.name }));
                      }}
                    >
                      ✕
                    </button>
                  </div>`
                  : nothing
              }
            </li>`;
          })}
        </ol>`
        : html`<p class="muted">${t('documentsEmpty')}</p>`
    }

    <div
      class="drop ${hooks.dragging ? 'active' : ''}"
      part="drop-zone"
      @dragenter=${(e: DragEvent) => {
        e.preventDefault();
        hooks.setDragging(true);
      }}
      @dragover=${(e: DragEvent) => e.preventDefault()}
      @dragleave=${(e: DragEvent) => {
        if (!(e.currentTarget as Element).contains(e.relatedTarget as Node | null)) hooks.setDragging(false);
      }}
      @drop=${onDrop}
    >
      <p>${hooks.dragging ? t('dropZoneActive') : t('dropZone')}</p>
      <button
        type="button"
        class="button"
        id=${fieldId('documents')}
        @click=${(e: Event) => ((e.currentTarget as HTMLElement).nextElementSibling as HTMLInputElement).click()}
      >
        ${t('chooseFiles')}
      </button>
      <input
        hidden
        type="file"
        multiple
        accept="application/pdf,.pdf,.doc,.docx,.odt,.rtf,.txt,.jpg,.jpeg,.png"
        @change=${(e: Event) => {
          const input = e.target as HTMLInputElement;
          const files = filesOf(input.files);
          input.value = '';
          if (files.length) hooks.addFiles(files);
        }}
      />
    </div>
  </section>`;
}
