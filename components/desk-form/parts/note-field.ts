/**
 * A note the follow view asks for: a comment, the reason for reopening, a rating's remark.
 * While it is being sent it is read-only but kept (nothing typed is lost), and it points to the
 * failure shown under it so a screen reader hears why it was not sent.
 */
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';

export interface NoteField {
  id: string;
  label: string;
  value: string;
  rows: number;
  maxLength: number;
  required?: boolean;
  /** Sending: the text stays, read-only, until the service has answered. */
  sending: boolean;
  /** The id of the failure notice under the note, while there is one. */
  errorId?: string | undefined;
  onInput: (value: string) => void;
}

export function renderNoteField(note: NoteField): TemplateResult {
  return html`<div class="field wide">
    <label for=${note.id}>${note.label}</label>
    <textarea
      id=${note.id}
      rows=${note.rows}
      maxlength=${note.maxLength}
      ?required=${note.required ?? false}
      ?readonly=${note.sending}
      .value=${note.value}
      aria-describedby=${ifDefined(note.errorId)}
      @input=${(e: Event) => note.onInput((e.target as HTMLTextAreaElement).value)}
    ></textarea>
  </div>`;
}
