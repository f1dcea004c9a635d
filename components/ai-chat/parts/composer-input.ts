/**
 * What the panel's composer holds before a question is sent: its attachments (read, refused or
 * ready), the refusals shown above it, and the draft saved a moment after the visitor stops typing.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AiFile } from '../../../src/services/ai.js';
import type { StringsHost } from '../../../src/i18n/translate.js';
import { attachFiles, type PanelAttachment } from './attachments.js';

export interface ComposerRules {
  accept: string;
  maxFileSize: number;
  maxFiles: number;
  /** Whose language the refusals speak. */
  speaker: StringsHost;
}

export class ComposerInput implements ReactiveController {
  attachments: PanelAttachment[] = [];
  fileErrors: string[] = [];
  private draftTimer: ReturnType<typeof setTimeout> | undefined;
  /** The draft typed and not yet saved (the save waits for a pause in the typing). */
  private unsavedDraft: string | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly rules: () => ComposerRules,
    /** Keeps the draft (the controller persists it). */
    private readonly saveDraft: (draft: string) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    // The panel leaves the page (a reload, a route change) right after a keystroke: what was typed
    // is saved now rather than dropped with the timer.
    if (this.unsavedDraft !== undefined) this.saveDraft(this.unsavedDraft);
    this.cancelDraftSave();
  }

  private cancelDraftSave(): void {
    clearTimeout(this.draftTimer);
    this.unsavedDraft = undefined;
  }

  /** The files ready to go with the question; the composer is empty after it. */
  takeFiles(): AiFile[] {
    const files = this.attachments.filter((a) => a.state === 'done' && a.file).map((a) => a.file!);
    this.attachments = [];
    this.cancelDraftSave();
    this.saveDraft('');
    this.host.requestUpdate();
    return files;
  }

  /** A question went (however it was asked): refusals of earlier files are history now. */
  sent(): void {
    if (!this.fileErrors.length) return;
    this.fileErrors = [];
    this.host.requestUpdate();
  }

  draft(value: string): void {
    this.cancelDraftSave();
    this.unsavedDraft = value;
    this.draftTimer = setTimeout(() => {
      this.unsavedDraft = undefined;
      this.saveDraft(value);
    }, 250);
  }

  async attach(files: File[]): Promise<void> {
    this.fileErrors = await attachFiles(
      files,
      () => this.attachments,
      (list) => {
        this.attachments = list;
        this.host.requestUpdate();
      },
      this.rules(),
    );
    this.host.requestUpdate();
  }

  remove(key: string): void {
    this.attachments = this.attachments.filter((a) => a.key !== key);
    this.host.requestUpdate();
  }
}
