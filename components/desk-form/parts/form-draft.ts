/**
 * The form's draft: what the customer typed, the attachments already uploaded and the key of a
 * submission whose outcome is unknown, kept in localStorage (src/storage/desk-draft.ts) so a
 * reload neither loses text nor creates a second request. Restores once, under the page's locked
 * fields, and says whether there was anything worth a notice.
 */
import type { DeskFormController } from '../../../src/controllers/desk/form-controller.js';
import { clearDraft, hasContent, loadDraft, saveDraft } from '../../../src/storage/desk-draft.js';
import type { FormValues } from '../../../src/model/desk/form-model.js';
import { draftValues, type DeskPrefill } from './values.js';

export interface DraftHost {
  controller: DeskFormController;
  /** localStorage key; undefined when the form keeps no draft (`no-draft`, or following a request). */
  key: () => string | undefined;
  values: () => FormValues;
}

export class FormDraft {
  private loaded = false;

  constructor(private readonly o: DraftHost) {}

  /** Once, on first connection: the saved draft's values (or undefined), with whether it held anything. */
  restore(prefill: DeskPrefill | undefined, locked: string[]): { values: FormValues; restored: boolean } | undefined {
    this.loaded = true;
    const key = this.o.key();
    const draft = key ? loadDraft(key) : undefined;
    if (!draft) return undefined;
    const values = draftValues(draft.values, prefill, locked);
    this.o.controller.restoreAttachments(draft.idUpload, draft.attachments);
    if (draft.pendingKey) this.o.controller.idempotencyKey = draft.pendingKey;
    return { values, restored: hasContent(values, draft.attachments) };
  }

  /** Saves what is worth keeping now (or forgets the draft when nothing is). */
  save(): void {
    const key = this.o.key();
    const c = this.o.controller;
    if (!key || !this.loaded || c.submitState === 'complete') return;
    const attachments = c.attachments.filter((a) => a.state === 'done').map((a) => ({ name: a.name, size: a.size }));
    const values = this.o.values();
    const pendingKey = c.idempotencyKey;
    if (!hasContent(values, attachments) && !pendingKey) clearDraft(key);
    else saveDraft(key, { values, idUpload: c.idUpload, attachments, pendingKey });
  }

  clear(): void {
    const key = this.o.key();
    if (key) clearDraft(key);
  }
}
