/**
 * The closed launcher's labels (its button, its dialog, the unread count): the built-in ones of
 * launcher-strings.ts at once, then the kit's full language rule (src/i18n/launcher.ts: integrator
 * strings, the configured fallback, plural rules), which is imported only after the launcher paints.
 * Part of the closed launcher's file: nothing here imports i18n statically.
 */
import type { LauncherLabels } from '../../src/i18n/launcher.js';
import type { Strings } from '../../src/i18n/catalogue.js';
import { BUILT_IN_LAUNCHER_LABELS } from './launcher-strings.js';

/** The launcher's labels: built-in ones first (no plural formatter yet), then the kit's full rule's. */
export type LauncherText = Omit<LauncherLabels, 'unread'> & { unread: LauncherLabels['unread'] | undefined };

/** The nearest `lang` (element, ancestors across shadow roots, the page) as a primary subtag: src/i18n/lang.ts' first step. */
function nearestLang(element: Element): string | undefined {
  let node: Node | null = element;
  while (node) {
    const tag = node instanceof Element ? node.getAttribute('lang')?.trim() : undefined;
    if (tag) return tag.toLowerCase().split(/[-_]/)[0];
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return undefined;
}

type LabelsModule = typeof import('../../src/i18n/launcher.js');
let labelsModule: Promise<LabelsModule> | undefined;
/** The launcher's strings (language rule, integrator strings, a tiny per-language module) come after it paints. */
function loadLabels(): Promise<LabelsModule> {
  return (labelsModule ??= import('../../src/i18n/launcher.js'));
}

/**
 * `<html lang>` changes re-label the launcher, through the kit's one page-lang observer. It comes
 * with the labels module (at idle, or at once for an open or inline chat), not with the loader:
 * a static import would be a shared chunk fetched before the launcher shows. A change before
 * then is caught up by one render once it follows.
 */
export function followPageLang(element: Element, render: () => void): void {
  void loadLabels().then((module) => {
    if (!element.isConnected) return;
    module.followPageLang(element, render);
    render();
  });
}

/** Stops following `<html lang>`: after a follow still on its way (same promise, so in order). */
export function unfollowPageLang(element: Element): void {
  void labelsModule?.then((module) => module.unfollowPageLang(element));
}

/** The labels one launcher shows now, and how they are brought up to date. */
export class LauncherTextState {
  labels?: LauncherText;
  /** Settles when the last asked-for labels are applied (the element's `updateComplete`). */
  settled: Promise<unknown> = Promise.resolve();
  /** Whether the kit's full language rule has been asked for (after that, it alone gives the labels). */
  full = false;
  private applying = false;
  private fastLang?: string;

  constructor(
    private readonly element: HTMLElement & { strings?: Strings | undefined },
    private readonly render: () => void,
  ) {}

  /**
   * Brings the labels for the language the launcher now speaks; renders again if they changed.
   * Not for the render that applies them (it would only find the same labels again).
   */
  refresh(): void {
    if (this.applying) return;
    const lang = nearestLang(this.element);
    const builtIn = lang ? BUILT_IN_LAUNCHER_LABELS[lang] : undefined;
    if (this.full || !builtIn) {
      this.loadFull();
      return;
    }
    if (this.fastLang === lang) return;
    this.fastLang = lang;
    // Called from render(), which goes on to use them: no second render.
    this.labels = { lang: lang!, ...builtIn, unreadMessage: '', unread: undefined };
  }

  /** The kit's full rule (src/i18n/launcher.ts): integrator strings, the configured fallback, plurals. */
  loadFull(): void {
    this.full = true;
    this.settled = loadLabels()
      .then((module) => module.launcherLabels(this.element))
      .then(
        (labels) => this.apply(labels),
        (error: unknown) => console.warn('[sportello] <sportello-live-chat> could not load its labels:', error),
      );
  }

  private apply(labels: LauncherText): void {
    const had = this.labels;
    const same =
      had &&
      had.lang === labels.lang &&
      had.open === labels.open &&
      had.close === labels.close &&
      had.dialog === labels.dialog &&
      had.unreadMessage === labels.unreadMessage &&
      !!had.unread === !!labels.unread;
    if (same) return;
    this.labels = labels;
    this.applying = true;
    try {
      this.render();
    } finally {
      this.applying = false;
    }
  }
}
