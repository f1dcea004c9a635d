/**
 * The desk form's attachment area: a file button and a drop zone, one row per file with its
 * upload progress, a retry for a failed upload and a remove button. Uploading itself is the
 * controller's ({@link DeskFormController.addFiles}); this part only turns gestures into calls and
 * tells the element what to announce.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { fieldError, type FormView } from './form-view.js';

export interface AttachmentsHost {
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment; updateComplete: Promise<boolean> };
  view: () => FormView;
  /** Files were chosen or dropped (the element clears a pending "wait for uploads" error and announces them). */
  added: (files: File[]) => void;
  /** A file was removed (the element announces it). */
  removed: (name: string) => void;
}

export class AttachmentsArea {
  private dragging = false;

  constructor(private readonly options: AttachmentsHost) {}

  private get locked(): boolean {
    return this.options.view().isLocked('allegati');
  }

  private add(files: File[]): void {
    if (this.locked || !files.length) return;
    this.options.view().controller.addFiles(files);
    this.options.added(files);
  }

  private readonly onFiles = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    if (input.files?.length) this.add(Array.from(input.files));
    input.value = '';
  };

  private readonly onDragOver = (event: DragEvent): void => {
    if (this.locked || !event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    this.setDragging(true);
  };

  private readonly onDrop = (event: DragEvent): void => {
    this.setDragging(false);
    if (this.locked || !event.dataTransfer?.files.length) return;
    event.preventDefault();
    this.add(Array.from(event.dataTransfer.files));
  };

  private setDragging(value: boolean): void {
    if (this.dragging === value) return;
    this.dragging = value;
    this.options.host.requestUpdate();
  }

  private remove(key: string, name: string): void {
    this.options.view().controller.removeAttachment(key);
    this.options.removed(name);
    const { host } = this.options;
    void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>('#file-input')?.focus());
  }

  render(): TemplateResult | typeof nothing {
    const view = this.options.view();
    if (view.isHidden('allegati')) return nothing;
    const c = view.controller;
    const locked = this.locked;
    const error = view.errors['allegati'];
    const errorText = error
      ? error.code === 'server'
        ? String(error.detail ?? '')
        : fieldError(view, 'allegati', view.tr('allegati'))
      : undefined;
    return html`<fieldset class="group" part="attachments" aria-describedby=${ifDefined(errorText ? 'attachments-error' : undefined)}>
      <legend>${view.tr('allegati')}</legend>
      <div class="dropzone ${this.dragging ? 'dragging' : ''}" @dragover=${this.onDragOver} @dragleave=${() => this.setDragging(false)} @drop=${this.onDrop}>
        <span aria-hidden="true">${view.tr('dropHere')}</span>
        <label class="file-button" for="file-input">${view.tr('chooseFiles')}</label>
        <input id="file-input" class="file-input" type="file" multiple data-field="allegati" ?disabled=${locked} @change=${this.onFiles} @input=${(e: Event) => e.stopPropagation()} />
      </div>
      ${errorText ? html`<p class="error" id="attachments-error">${errorText}</p>` : nothing}
      ${
        c.attachments.length
          ? html`<ul class="files">
            ${c.attachments.map((a) => {
              const percent = a.total ? Math.round((a.loaded / a.total) * 100) : 0;
              const label =
                a.state === 'uploading'
                  ? view.tr('uploading', { name: a.name, percent })
                  : a.state === 'done'
                    ? view.tr('uploaded', { name: a.name })
                    : view.tr('uploadFailed', { name: a.name });
              return html`<li class="file ${a.state}" data-state=${a.state}>
                <span class="file-name">${a.name}</span>
                <progress max="100" value=${a.state === 'done' ? 100 : percent} aria-label=${label}></progress>
                <span class="file-state">${a.state === 'uploading' ? `${percent}%` : a.state === 'done' ? '✓' : '!'}</span>
                ${a.state === 'error' ? html`<button type="button" class="link" @click=${() => c.retryAttachment(a.key)} aria-label=${view.tr('retryUpload', { name: a.name })}>${view.tr('retry')}</button>` : nothing}
                ${locked ? nothing : html`<button type="button" class="link remove" @click=${() => this.remove(a.key, a.name)} aria-label=${view.tr('remove', { name: a.name })}>✕</button>`}
              </li>`;
            })}
          </ul>`
          : nothing
      }
    </fieldset>`;
  }
}
