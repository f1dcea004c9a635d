/**
 * The harness of `<sportello-ai-chat>` (the AI panel): it asks as a visitor does (types in the
 * composer and presses Enter, picks files, clicks an answer's actions) and reads what is on screen —
 * the questions and answers of its thread, the running answer's bar, the error card, the file
 * refusals — through the panel's and its thread's shadow roots and its `sportello-*` events.
 */
import { fixture } from '@open-wc/testing';
import '../../components/ai-chat/index.js';
import type { SportelloAiChat } from '../../components/ai-chat/ai-chat.js';
import { ComposerHarness } from './composer.js';
import { Harness, settled, textOf, typeInto, until } from './harness.js';
import { SIM_URL } from './simulator.js';

/** The simulator's AI service, as the panel's `endpoint`. */
export const AI_ENDPOINT = `${SIM_URL}/ai/api/v2`;

export class AiChatHarness extends Harness<SportelloAiChat> {
  /** A panel on the simulator's agent 1 with the demo key, in English unless told otherwise. */
  static async mount(attributes: Partial<Record<string, string>> = {}): Promise<AiChatHarness> {
    const el = document.createElement('sportello-ai-chat');
    const all = { endpoint: AI_ENDPOINT, 'api-key': 'spk_demo', 'agent-id': '1', lang: 'en', ...attributes };
    for (const [name, value] of Object.entries(all)) if (value !== undefined) el.setAttribute(name, value);
    return new AiChatHarness(await fixture(el));
  }

  /** The panel's shadow root and its thread's (the messages are rows of the shared message list). */
  roots(): ShadowRoot[] {
    const thread = this.element.shadowRoot?.querySelector('sportello-ai-thread')?.shadowRoot;
    return [this.element.shadowRoot, thread].filter((r): r is ShadowRoot => !!r);
  }

  /** The first match in the panel or its thread. */
  override $<T extends Element = HTMLElement>(selector: string): T | null {
    for (const root of this.roots()) {
      const found = root.querySelector<T>(selector);
      if (found) return found;
    }
    return null;
  }

  /** Every match in the panel and its thread. */
  override $$<T extends Element = HTMLElement>(selector: string): T[] {
    return this.roots().flatMap((r) => [...r.querySelectorAll<T>(selector)]);
  }

  /** The visitor's questions on screen, oldest first. */
  questions(): HTMLElement[] {
    return this.$$('.msg.user');
  }

  /** The assistant's answers on screen, oldest first. */
  answers(): HTMLElement[] {
    return this.$$('.msg.assistant');
  }

  /** The latest answer (undefined before the first). */
  get lastAnswer(): HTMLElement | undefined {
    return this.answers().at(-1);
  }

  /** The text of the latest answer's body so far. */
  lastAnswerText(): string {
    return this.lastAnswer?.querySelector('.md')?.textContent ?? '';
  }

  /** Whether an answer is running (its bar with Stop shown, or a message marked busy). */
  get running(): boolean {
    return !!this.$('.footer .bar') || this.$$('[aria-busy="true"]').length > 0;
  }

  /** Waits until no answer is running and at least one is shown. */
  async idle(): Promise<void> {
    await until(() => !this.running && this.answers().length > 0);
  }

  /** The composer. */
  async composer(): Promise<ComposerHarness> {
    const composer = await until(() => this.$<HTMLElement>('sportello-composer'));
    await settled(composer);
    return new ComposerHarness(composer);
  }

  /** Types `text` in the composer and presses Enter, as a visitor asks. */
  async ask(text: string): Promise<void> {
    const composer = await this.composer();
    await composer.type(text);
    await composer.pressEnter();
  }

  /** The refusals of picked files shown above the composer ('' without any). */
  fileErrors(): string {
    return textOf(this.$('.file-errors'));
  }

  /** The failure notice, if one is shown. */
  get errorCard(): HTMLElement | null {
    return this.$('[part="error"]');
  }

  /** The row of question `index` (its bubble, Edit button and versions). */
  questionRow(index: number): HTMLElement | undefined {
    return this.questions()[index]?.parentElement ?? undefined;
  }

  /** Edits question `index` to `text` and sends it, as a visitor does with its Edit button. */
  async editQuestion(index: number, text: string): Promise<void> {
    (await until(() => this.questionRow(index)?.querySelector<HTMLElement>('.icon-button.edit'))).click();
    const field = await until(() => this.$<HTMLTextAreaElement>('.edit-form textarea'));
    typeInto(field, text);
    this.$<HTMLButtonElement>('.edit-form [type="submit"]')!.click();
    await until(() => !this.$('.edit-form'));
  }

  /** The versions of question `index` ("2 of 2" with Previous and Next), if it has some. */
  versions(
    index: number,
  ): { group: HTMLElement; count: string; previous: HTMLButtonElement; next: HTMLButtonElement } | undefined {
    const group = this.questionRow(index)?.querySelector<HTMLElement>('[role="group"].versions');
    if (!group) return undefined;
    const [previous, next] = [...group.querySelectorAll<HTMLButtonElement>('button')];
    return { group, count: textOf(group), previous: previous!, next: next! };
  }

  /** A button of the last answer's actions by its accessible name. */
  answerAction(label: string): HTMLButtonElement | undefined {
    return [...(this.lastAnswer?.querySelectorAll<HTMLButtonElement>('[part~=answer-actions] button') ?? [])].find(
      (b) => (b.getAttribute('aria-label') ?? b.textContent!.trim()) === label,
    );
  }
}
