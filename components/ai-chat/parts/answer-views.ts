import { MarkdownView } from '../../../src/markdown/markdown-view.js';
import { plainText } from '../../../src/markdown/plain-text.js';
import type { AnswerDisplay, ContentFormat } from '../../../src/model/ai/messages.js';

/** Blocks per `.md-group` of an answer (MarkdownView groupSize). */
const GROUP_SIZE = 16;

/**
 * The answers' DOM: one MarkdownView per answer, by message id. The controller feeds it text
 * (`AnswerDisplay`); the panel's templates put each view's root in its bubble.
 */
export class AnswerViews implements AnswerDisplay {
  private readonly views = new Map<string, MarkdownView>();

  /**
   * @param renderIntervalMs the panel's `render-interval`, read when an answer starts.
   * @param decorate what the panel adds to each settled block (code blocks' bar and highlighting).
   */
  constructor(
    private readonly renderIntervalMs: () => number,
    private readonly decorate?: (nodes: readonly Node[]) => void,
  ) {}

  start(id: string, format: ContentFormat): void {
    const base = this.renderIntervalMs();
    // Each render lays out and paints the whole answer, so a long answer renders less often:
    // the base interval up to 4× as the text grows past 32 KB (measured by bench/ai.bench.mjs).
    // Settled blocks in groups of 16: the panel's off-screen skipping (content-visibility) and each
    // frame's style and layout pass then deal with ~50 groups, not ~800 blocks, for a 100 KB answer.
    this.views.set(
      id,
      new MarkdownView({
        format,
        groupSize: GROUP_SIZE,
        ...(this.decorate ? { decorate: this.decorate } : {}),
        minIntervalMs: (length) => base * Math.min(4, 1 + length / 32_768),
      }),
    );
  }

  append(id: string, text: string): void {
    this.views.get(id)?.append(text);
  }

  async complete(id: string): Promise<void> {
    const view = this.views.get(id);
    if (!view) return;
    await view.ready;
    await view.complete();
  }

  finish(id: string): void {
    this.views.get(id)?.finish();
  }

  /** Every answer's rendered root. */
  *roots(): Iterable<HTMLElement> {
    for (const view of this.views.values()) yield view.root;
  }

  view(id: string): MarkdownView | undefined {
    return this.views.get(id);
  }

  /**
   * The text a reader sees of an answer, as it will be once rendered: what arrived but waits for
   * the next frame is rendered first (a transcript read at once must not end mid-answer).
   */
  plainText(id: string, atLeast?: number): string {
    const view = this.views.get(id);
    if (!view) return '';
    view.flush();
    return plainText(view.root, atLeast);
  }

  /** An answer's rendering as it will be once rendered (what waits for the next frame first), for a copy. */
  rendered(id: string): HTMLElement | undefined {
    const view = this.views.get(id);
    view?.flush();
    return view?.root;
  }

  /** Keeps only the views of `ids` (a new conversation drops the old answers' DOM). */
  retain(ids: Iterable<string>): void {
    const keep = new Set(ids);
    for (const id of this.views.keys()) if (!keep.has(id)) this.views.delete(id);
  }
}
