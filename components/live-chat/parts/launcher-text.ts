/**
 * The closed launcher's labels (its button, its dialog, the unread count): the built-in ones of
 * launcher-strings.ts, and the kit's full language rule (src/i18n/launcher.ts: integrator strings,
 * the configured fallback, plural rules, other languages) imported only when one of those is in
 * play: a closed launcher on a page that configured nothing makes no request for its labels.
 * Part of the closed launcher's file: nothing here imports i18n statically.
 */
import type { LauncherLabels } from '../../../src/i18n/launcher.js';
import type { Strings } from '../../../src/i18n/catalogue-types.js';
import { BUILT_IN_LAUNCHER_LABELS } from './launcher-strings.js';

/** The launcher's labels: built-in ones first (no plural formatter yet), then the kit's full rule's. */
export type LauncherText = Omit<LauncherLabels, 'unread'> & { unread: LauncherLabels['unread'] | undefined };

/** The nearest `lang` (element, ancestors across shadow roots, the page) as a primary subtag: src/i18n/lang.ts' first step. */
function nearestLang(element: Element): string | undefined {
  let node: Node | null = element;
  while (node) {
    const tag = node instanceof Element ? node.getAttribute('lang')?.trim() : undefined;
    // Two string splits, not /[-_]/: the one regular expression on the closed launcher's path was
    // compiled as the page starts (CPU profile at 4x throttle: this function's self time 0.70 -> 0.33 ms).
    if (tag) return tag.toLowerCase().split('-')[0]!.split('_')[0];
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return undefined;
}

type LabelsModule = typeof import('../../../src/i18n/launcher.js');
let labelsModule: Promise<LabelsModule> | undefined;
/** The kit's full language rule for the launcher (integrator strings, plurals, other languages): only when needed. */
function loadLabels(): Promise<LabelsModule> {
  return (labelsModule ??= import('../../../src/i18n/launcher.js'));
}

/**
 * Whether labels may come from elsewhere than the built-in ones: a `<sportello-config>` above the
 * launcher, or `configure()` called on the page (it leaves `Symbol.for('sportello.configured')` on
 * the global object, src/config.ts). Then the kit's full rule decides; otherwise the built-in labels
 * are exactly what it would give, and the closed launcher fetches nothing for them.
 */
function configuredElsewhere(element: Element): boolean {
  if ((globalThis as Record<symbol, unknown>)[Symbol.for('sportello.configured')]) return true;
  let node: Node | null = element.parentNode;
  while (node) {
    if (node instanceof Element && node.localName === 'sportello-config') return true;
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return false;
}

/**
 * The closed launchers following `<html lang>`. Their own observer, not the kit's one in
 * src/i18n/page-lang.ts: importing that (a chunk shared with the Lit elements) and the labels module
 * with it was 6 requests at idle on every page view (bench chat.loader), for a language change most
 * pages never make. A change re-renders each launcher, which takes the built-in labels of the new
 * language, or asks the full rule once it has been needed.
 */
const langFollowers = new Map<Element, () => void>();
let langObserver: MutationObserver | undefined;

/** Re-renders `element` whenever `<html lang>` changes (and once now, to catch up with a change before). */
export function followPageLang(element: Element, render: () => void): void {
  langFollowers.set(element, render);
  langObserver ??= new MutationObserver(() => langFollowers.forEach((changed) => changed()));
  langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  render();
}

/** Stops following `<html lang>`. */
export function unfollowPageLang(element: Element): void {
  langFollowers.delete(element);
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
   * Returns whether it changed the labels now (the full rule's labels arrive later, and render then).
   */
  refresh(): boolean {
    if (this.applying) return false;
    // No `lang` anywhere and nothing configured: the full rule's last resort, English.
    const lang = nearestLang(this.element) ?? (configuredElsewhere(this.element) ? undefined : 'en');
    const builtIn = lang ? BUILT_IN_LAUNCHER_LABELS[lang] : undefined;
    if (this.full || !builtIn) {
      this.loadFull();
      return false;
    }
    if (this.fastLang === lang) return false;
    this.fastLang = lang;
    // Called from render(), which goes on to use them: no second render.
    this.labels = { lang: lang!, ...builtIn, unreadMessage: '', unread: undefined };
    return true;
  }

  /** The full rule when the page configured the kit (its strings, its language); else nothing to fetch. */
  loadFullIfConfigured(): void {
    if (!this.full && configuredElsewhere(this.element)) this.loadFull();
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
