/**
 * Drives the shared `<sportello-composer>` (the live chat's and the AI panel's) as a visitor does:
 * types in its text area, presses Enter or the send button, picks files; reads the draft and the
 * tray of attachments.
 */
import { Harness, pickFiles, settled, textOf, typeInto, until } from './harness.js';

/** An attachment in the composer's tray, as shown. */
export interface TrayItem {
  name: string;
  state: 'uploading' | 'done' | 'failed';
  /** The reason shown under a failed one. */
  error: string;
  /** The progress bar's value (0..1) while uploading. */
  progress: number | undefined;
  /** Whether a failed one offers a retry. */
  retryable: boolean;
  element: HTMLElement;
}

export class ComposerHarness extends Harness<HTMLElement> {
  get textarea(): HTMLTextAreaElement {
    const area = this.$<HTMLTextAreaElement>('textarea');
    if (!area) throw new Error('the composer has no text area');
    return area;
  }

  get sendButton(): HTMLButtonElement | null {
    return this.$<HTMLButtonElement>('button.send');
  }

  /** The draft in the text area. */
  get value(): string {
    return this.textarea.value;
  }

  /** Whether the composer takes input (not disabled while a chat starts). */
  get enabled(): boolean {
    return !this.textarea.disabled;
  }

  /** Types `text` as the whole draft. */
  async type(text: string): Promise<void> {
    await this.settled();
    typeInto(this.textarea, text);
    await this.settled();
  }

  /** Types `text` and presses the send button (once it is enabled). */
  async send(text: string): Promise<void> {
    await this.type(text);
    const send = await until(() => (this.sendButton && !this.sendButton.disabled ? this.sendButton : null));
    send.click();
    await this.settled();
  }

  /** Presses Enter in the text area (sends; Shift+Enter would add a line). */
  async pressEnter(): Promise<void> {
    this.textarea.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }),
    );
    await this.settled();
  }

  /** Picks `files` with the attach button's file picker. */
  async attach(...files: File[]): Promise<void> {
    await this.settled();
    const input = this.$<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('the composer takes no attachments');
    pickFiles(input, files);
    await this.settled();
  }

  /** The tray's attachments, as shown. */
  tray(): TrayItem[] {
    return this.$$('li[part~=attachment]').map((li) => {
      const state = (['uploading', 'done', 'failed'] as const).find((s) => li.classList.contains(s)) ?? 'uploading';
      const bar = li.querySelector('progress');
      return {
        name: textOf(li.querySelector('.name')),
        state,
        error: textOf(li.querySelector('.error')),
        progress: bar ? bar.value : undefined,
        // A failed upload worth another try has a retry button before its remove button.
        retryable: li.querySelectorAll('button').length > 1,
        element: li,
      };
    });
  }

  /** Waits until the tray shows an attachment in `state`. */
  waitForTray(state: TrayItem['state'], name?: string): Promise<TrayItem> {
    return until(() => this.tray().find((a) => a.state === state && (name === undefined || a.name === name)));
  }

  /** Clicks the remove button of the attachment `name`. */
  async remove(name: string): Promise<void> {
    const item = await until(() => this.tray().find((a) => a.name === name));
    item.element.querySelector<HTMLButtonElement>('button:last-of-type')!.click();
    await settled(this.element);
  }
}
