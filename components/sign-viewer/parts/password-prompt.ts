import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import type { StringsHost } from '../../../src/i18n/translate.js';
import type { SignDocumentController } from '../../../src/controllers/sign/document-controller.js';
import { t, type StringKey } from '../strings.js';

/**
 * A protected document's password, asked where the document would be, as pdf.js' own viewer asks
 * it: a labelled field, Open and Cancel. A wrong password says so (an alert, the field selected to
 * type again); Cancel says the document is protected and offers the prompt again. pdf.js holds the
 * bytes and waits meanwhile: nothing is downloaded twice.
 */
export function renderPasswordPrompt(
  speaker: StringsHost,
  doc: SignDocumentController,
  /** Moves focus to `selector` in the viewer once it has rendered: the control that was pressed is gone. */
  focusAfterUpdate: (selector: string) => void,
) {
  const words = (k: StringKey) => t(speaker, k);
  const state = doc.password;
  if (!state) return html``;
  if (state.cancelled)
    return html`<div class="doc-state password" part="password">
      <p role="status">${words('passwordProtected')}</p>
      <button type="button" class="button" @click=${() => {
        doc.askPasswordAgain();
        focusAfterUpdate('#document-password');
      }}>${words('passwordEnter')}</button>
    </div>`;
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const input = (e.currentTarget as HTMLFormElement).querySelector('input')!;
    doc.submitPassword(input.value);
  };
  return html`<div class="doc-state password" part="password">
    <form class="password-form" aria-labelledby="password-title" @submit=${submit}>
      <p id="password-title" class="password-title">${words('passwordTitle')}</p>
      <label for="document-password">${words('passwordLabel')}</label>
      <input
        id="document-password"
        type="password"
        autocomplete="off"
        aria-describedby=${state.incorrect ? 'password-wrong' : 'password-title'}
        aria-invalid=${state.incorrect ? 'true' : 'false'}
        .value=${live('')}
      />
      ${state.incorrect ? html`<p id="password-wrong" class="password-wrong" role="alert">${words('passwordIncorrect')}</p>` : ''}
      <div class="password-actions">
        <button type="submit" class="button primary">${words('passwordOpen')}</button>
        <button type="button" class="button" @click=${() => {
          doc.cancelPassword();
          focusAfterUpdate('.password button');
        }}>${words('passwordCancel')}</button>
      </div>
    </form>
  </div>`;
}
