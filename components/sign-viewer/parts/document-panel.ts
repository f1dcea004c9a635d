import { html, nothing, type TemplateResult } from 'lit';
import type { Speaker, StringsHost } from '../../../src/i18n/translate.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import type { DocumentSource, SignDocumentController } from '../../../src/controllers/sign/document-controller.js';
import type { SignerStep } from '../../../src/model/sign/signer-view.js';
import { t } from '../strings.js';
import { renderPasswordPrompt } from './password-prompt.js';
import './document-view.js';

/** What the document side of the viewer needs from the viewer. */
export interface DocumentPanelContext {
  /** The viewer: its language, its own `strings` and its `<sportello-config>`'s. */
  speaker: StringsHost;
  doc: SignDocumentController;
  signerEmail: string | undefined;
  steps: ReadonlyMap<string, SignerStep>;
  renderError: (error: ServiceError | Error, retry?: () => void, autoRetry?: boolean) => TemplateResult;
  /** Moves focus to `selector` in the viewer once it has rendered. */
  focusAfterUpdate: (selector: string) => void;
}

/** The switcher between a practice's documents (none for a single document). */
export function renderSwitcher(
  sources: DocumentSource[],
  current: number,
  lang: Speaker,
  choose: (index: number) => void,
) {
  if (sources.length < 2) return nothing;
  return html`<nav class="switcher" part="switcher" aria-label=${t(lang, 'documents')}>
    ${sources.map(
      (s, i) =>
        html`<button type="button" aria-current=${i === current ? 'true' : 'false'} data-index=${i} @click=${() => choose(i)}>${s.filename}</button>`,
    )}
  </nav>`;
}

/** The shown document: its pages, its loading progress, or why it cannot be shown. */
export function renderDocument(ctx: DocumentPanelContext) {
  const d = ctx.doc;
  if (d.phase === 'error' && d.failure) {
    const f = d.failure;
    return html`<div class="doc-state">
      ${
        f.kind === 'broken'
          ? html`<div class="error" part="error" role="alert"><p>${t(ctx.speaker, 'errorBroken')}</p></div>`
          : ctx.renderError(f.error, () => d.retry(), true)
      }
    </div>`;
  }
  if (d.password) return renderPasswordPrompt(ctx.speaker, d, ctx.focusAfterUpdate);
  if (d.phase === 'complete' && d.pdf) {
    return html`<sportello-sign-document
      part="document"
      exportparts="toolbar, button, pages, page, area, area-mine, area-signed, thumbnails, search"
      .pdf=${d.pdf}
      .areas=${d.areas}
      .signerEmail=${ctx.signerEmail}
      .steps=${ctx.steps}
      .language=${ctx.speaker.language}
      .strings=${ctx.speaker.strings}
      .documentName=${d.source?.filename ?? ''}
    ></sportello-sign-document>`;
  }
  if (d.phase === 'pending') {
    const { loaded, total } = d.progress;
    const pct = total ? Math.round((loaded / total) * 100) : undefined;
    return html`<div class="doc-state" role="status">
      <span id="progress-label">${t(ctx.speaker, 'loadingDocument')}</span>
      ${
        pct === undefined
          ? html`<progress aria-labelledby="progress-label"></progress>`
          : html`<progress aria-labelledby="progress-label" max="100" .value=${pct}>${pct}%</progress>`
      }
    </div>`;
  }
  return nothing;
}
