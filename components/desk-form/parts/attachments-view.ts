/**
 * An attachment area (the form's, and the follow view's reply box): a file button and a drop zone,
 * one row per file with its upload progress, a retry for a failed upload and a remove button.
 * Uploading itself is the {@link UploadSet}'s; this part only turns gestures into calls and tells
 * the element what to announce.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { UploadSet } from '../../../src/model/desk/uploads.js';
import type { DeskStringKey } from '../strings.js';

export interface AttachmentsHost {
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment; updateComplete: Promise<boolean> };
  uploads: () => UploadSet;
  tr: (key: DeskStringKey, params?: Record<string, string | number>) => string;
  /** Shown but not usable (read-only field, disabled form, a message on its way). */
  locked: () => boolean;
  /** What is wrong with the files, if anything (shown under the area). */
  errorText?: () => string | undefined;
  /** The input's id, unique in the host's shadow root. */
  inputId?: string;
  /** The area's legend (default: "Attachments"). */
  legend?: () => string;
  /** Files were chosen or dropped (the element clears a pending "wait for uploads" error and announces them). */
  added: (files: File[]) => void;
  /** A file was removed (the element announces it). */
  removed: (name: string) => void;
}

export class AttachmentsArea {
  private dragging = false;

  constructor(private readonly options: AttachmentsHost) {}

  private get locked(): boolean {
    return this.options.locked();
  }

  private get inputId(): string {
    return this.options.inputId ?? 'file-input';
  }

  private add(files: File[]): void {
    if (this.locked || !files.length) return;
    this.options.uploads().add(files);
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
    this.options.uploads().remove(key);
    this.options.removed(name);
    const { host } = this.options;
    void host.updateComplete.then(() => host.renderRoot.querySelector<HTMLElement>(`#${this.inputId}`)?.focus());
  }

  render(): TemplateResult {
    const { tr } = this.options;
    const uploads = this.options.uploads();
    const locked = this.locked;
    const id = this.inputId;
    const errorText = this.options.errorText?.();
    return html`<fieldset class="group" part="attachments" aria-describedby=${ifDefined(errorText ? `${id}-error` : undefined)}>
      <legend>${this.options.legend?.() ?? tr('allegati')}</legend>
      <div class="dropzone ${this.dragging ? 'dragging' : ''}" @dragover=${this.onDragOver} @dragleave=${() => this.setDragging(false)} @drop=${this.onDrop}>
        <span aria-hidden="true">${tr('dropHere')}</span>
        <label class="file-button" for=${id}>${tr('chooseFiles')}</label>
        <input id=${id} class="file-input" type="file" multiple data-field="allegati" ?disabled=${locked} @change=${this.onFiles} @input=${(e: Event) => e.stopPropagation()} />
      </div>
      ${errorText ? html`<p class="error" id="${id}-error">${errorText}</p>` : nothing}
      ${
        uploads.attachments.length
          ? html`<ul class="files">
            ${uploads.attachments.map((a) => {
              const percent = a.total ? Math.round((a.loaded / a.total) * 100) : 0;
              const label =
                a.state === 'uploading'
                  ? tr('uploading', { name: a.name, percent })
                  : a.state === 'done'
                    ? tr('uploaded', { name: a.name })
                    : tr('uploadFailed', { name: a.name });
              return html`<li class="file ${a.state}" data-state=${a.state}>
                <span class="file-name">${a.name}</span>
                <progress max="100" value=${a.state === 'done' ? 100 : percent} aria-label=${label}></progress>
                <span class="file-state">${a.state === 'uploading' ? `${percent}%` : a.state === 'done' ? '✓' : '!'}</span>
                ${a.state === 'error' ? html`<button type="button" class="link" @click=${() => uploads.retry(a.key)} aria-label=${tr('retryUpload', { name: a.name })}>${tr('retry')}</button>` : nothing}
                ${locked ? nothing : html`<button type="button" class="link remove" @click=${() => this.remove(a.key, a.name)} aria-label=${tr('remove', { name: a.name })}>✕</button>`}
                ${a.originalName ? html`<p class="hint file-renamed">${tr('fileRenamed', { original: a.originalName, name: a.name })}</p>` : nothing}
              </li>`;
            })}
          </ul>`
          : nothing
      }
    </fieldset>`;
  }
}
