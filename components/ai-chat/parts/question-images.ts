/**
 * The pictures a question carried, as thumbnails in its bubble. They live as long as the page: the
 * files are not kept on the device (a restored conversation shows their names only).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AiFile } from '../../../src/services/ai.js';
import type { UserMessage } from '../../../src/model/ai/messages.js';
import '../../shared/image-thumb.js';

/** One Blob per file, decoded once from the Base64 the request carries. */
const blobs = new WeakMap<AiFile, Blob>();

function blobOf(file: AiFile): Blob {
  let blob = blobs.get(file);
  if (!blob) {
    const binary = atob(file.data);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    blob = new Blob([bytes], { type: file.content_type });
    blobs.set(file, blob);
  }
  return blob;
}

/** Thumbnails of a question's pictures: decorative, as the bubble names every file beside them. */
export function renderQuestionImages(m: UserMessage): TemplateResult | typeof nothing {
  if (!m.images?.length) return nothing;
  return html`<div class="question-images">
    ${m.images.map((file) => html`<sportello-image-thumb .source=${blobOf(file)}></sportello-image-thumb>`)}
  </div>`;
}
