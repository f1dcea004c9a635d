import { html, nothing, type TemplateResult } from 'lit';
import type { Speaker } from '../../../src/i18n/translate.js';
import type { ServiceError } from '../../../src/transport/errors.js';
import type { DownloadKind, SignDownloadController } from '../../../src/controllers/sign/download-controller.js';
import { t, type StringKey } from '../strings.js';

/** The download buttons: the shown document, and (with a practice) the signed practice and the audit report. */
export function renderDownloads(ctx: {
  speaker: Speaker;
  downloads: SignDownloadController;
  hasDocument: boolean;
  linkOnly: boolean;
  download: (kind: DownloadKind) => void;
  renderError: (error: ServiceError | Error) => TemplateResult;
}) {
  const busy = ctx.downloads.busy;
  const words = (k: StringKey) => t(ctx.speaker, k);
  const btn = (kind: DownloadKind, key: StringKey) =>
    html`<button type="button" class="button" data-download=${kind} ?disabled=${!!busy} aria-busy=${busy === kind ? 'true' : 'false'} @click=${() => ctx.download(kind)}>
      ${busy === kind ? words('downloading') : words(key)}
    </button>`;
  const err = ctx.downloads.error;
  return html`<div class="downloads">
    ${ctx.hasDocument ? btn('document', 'downloadDocument') : nothing}
    ${ctx.linkOnly ? nothing : html`${btn('practice', 'downloadPractice')}${btn('report', 'downloadReport')}`}
    ${err ? ctx.renderError(err.error) : nothing}
  </div>`;
}
