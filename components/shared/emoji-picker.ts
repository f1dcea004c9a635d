import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { SportelloElement } from './sportello-element.js';
import { tokens } from './tokens.styles.js';
import { emojiPickerStyles } from './emoji-picker.styles.js';
import { readSetting, writeSetting } from '../../src/storage/visitor-setting.js';
import {
  emojiOf,
  loadEmoji,
  rememberRecent,
  searchEmoji,
  SKIN_TONES,
  withTone,
  type Emoji,
  type EmojiGroup,
  type SkinTone,
} from './emoji-groups.js';
import { emojiDrawn } from './emoji-support.js';

export interface EmojiPickerLabels {
  dialog: string;
  search: string;
  categories: string;
  results: string;
  /** The first category once the visitor has chosen an emoji: the last ones chosen. */
  recent: string;
  none: string;
  failed: string;
  /** The skin tone choice: its group, then each tone, none (the default yellow) to dark. */
  tone: string;
  toneNone: string;
  toneLight: string;
  toneMediumLight: string;
  toneMedium: string;
  toneMediumDark: string;
  toneDark: string;
}

const defaultLabels: EmojiPickerLabels = {
  dialog: 'Emoji',
  search: 'Search emoji',
  categories: 'Emoji categories',
  results: 'Search results',
  recent: 'Recently used',
  none: 'No emoji found',
  failed: 'The emoji could not be loaded.',
  tone: 'Skin tone',
  toneNone: 'Default',
  toneLight: 'Light',
  toneMediumLight: 'Medium-light',
  toneMedium: 'Medium',
  toneMediumDark: 'Medium-dark',
  toneDark: 'Dark',
};

const TONE_LABELS = ['toneNone', 'toneLight', 'toneMediumLight', 'toneMedium', 'toneMediumDark', 'toneDark'] as const;
/** The swatch of each tone: a raised hand in it. */
const TONE_SAMPLE = '✋';

/** The visitor's skin tone, kept in this browser for the site (localStorage): 0 when none was chosen. */
const TONE_KEY = 'sportello-emoji-tone';
function storedTone(): SkinTone {
  const tone = Number(readSetting(TONE_KEY));
  return (SKIN_TONES as readonly number[]).includes(tone) ? (tone as SkinTone) : 0;
}
const storeTone = (tone: SkinTone): void => writeSetting(TONE_KEY, tone ? String(tone) : null);

/**
 * The emoji the visitor chose last, newest first, kept in this browser for the site (localStorage):
 * as the catalogue writes them, without the skin tone, which is applied when they are shown.
 */
const RECENT_KEY = 'sportello-emoji-recent';
function storedRecent(): string[] {
  let kept: unknown;
  try {
    kept = JSON.parse(readSetting(RECENT_KEY) ?? '[]');
  } catch {
    return []; // not ours, or damaged: start again
  }
  return Array.isArray(kept) ? kept.filter((c): c is string => typeof c === 'string' && c.length <= 32) : [];
}
const storeRecent = (chars: readonly string[]): void => writeSetting(RECENT_KEY, JSON.stringify(chars));
/** The tab of "Recently used": a clock, as the other tabs show their first emoji. */
const RECENT_TAB = '🕘';

/** Emoji a row: the arrow keys move by one, up and down by a row. */
const COLUMNS = 8;
/** Page Up / Page Down move this many rows. */
const PAGE_ROWS = 4;

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-emoji-pick': CustomEvent<{ emoji: string }>;
    'sportello-emoji-close': CustomEvent<Record<string, never>>;
  }
}

/**
 * The composer's emoji picker: a search field, the categories as tabs and the emoji as a grid, in
 * the visitor's language (emojibase's names, from our own chunks: no request to anyone else). Loaded
 * by the composer only when the visitor first opens it. Plain Lit: adopted styles, no style
 * attribute, no markup strings, so it works under a strict CSP with Trusted Types.
 *
 * People and hands are shown, and inserted, in the visitor's skin tone: six choices under the grid
 * (none, the default yellow, then light to dark), remembered in this browser for the site. Once the
 * visitor has chosen emoji, the first tab, open at first, holds the last ones chosen ("Recently
 * used", also remembered for the site).
 *
 * Keyboard: the search field, then the tabs (←/→), then the grid (arrows, Home/End, Page Up/Down,
 * Enter or Space to insert), then the skin tones (radio buttons: ←/→); Escape closes wherever
 * focus is; ↓ from the search field enters the grid.
 *
 * @summary Emoji picker for the chat composer.
 * @event {CustomEvent} sportello-emoji-pick - `{ emoji }` chosen.
 * @event {CustomEvent} sportello-emoji-close - Escape: the visitor wants to go back without choosing.
 */
export class SportelloEmojiPicker extends SportelloElement {
  static override styles = [tokens, emojiPickerStyles];

  @property({ attribute: false }) labels: Partial<EmojiPickerLabels> = {};
  /** Language of the emoji names (defaults to the element's language rule). */
  @property({ attribute: 'emoji-lang' }) emojiLang = '';

  @state() private groups: EmojiGroup[] | undefined;
  /** "Recently used" as it was when the picker opened: it does not move under the visitor's pointer. */
  @state() private recent: readonly Emoji[] = [];
  @state() private failed = false;
  @state() private tab = 0;
  @state() private query = '';
  @state() private active = 0;
  @state() private tone: SkinTone = storedTone();

  @query('input[type=search]') private search!: HTMLInputElement;

  private get text(): EmojiPickerLabels {
    return { ...defaultLabels, ...this.labels };
  }

  /** Focus goes to the search field (the first thing a visitor who knows the name wants). */
  override focus(): void {
    this.search?.focus();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('emojiLang') || this.groups === undefined) void this.load();
  }

  private loading?: string;
  private async load(): Promise<void> {
    const lang = this.emojiLang || this.language;
    if (this.loading === lang) return;
    this.loading = lang;
    try {
      const groups = await loadEmoji(lang);
      if (this.loading === lang) {
        this.recent = emojiOf(groups, storedRecent());
        this.groups = groups;
        this.failed = false;
      }
    } catch {
      this.failed = true;
      this.loading = undefined;
    }
  }

  /** The font the grid draws with (the page's, through the kit's tokens): what the emoji are measured in. */
  private font = '';

  /** Whether this system draws `e` (in the visitor's tone) whole: empty boxes are not offered (emoji-support.ts). */
  private drawable = (e: Emoji): boolean => {
    this.font ||= getComputedStyle(this).fontFamily || 'sans-serif';
    return emojiDrawn(this.glyph(e), this.font);
  };

  /** The categories as tabs: "Recently used" first once there is something in it; a category this system draws none of, none. */
  private get tabs(): readonly EmojiGroup[] {
    const groups = (this.groups ?? []).filter((g) => g.emoji.some(this.drawable));
    return this.recent.length ? [{ name: this.text.recent, emoji: this.recent }, ...groups] : groups;
  }

  /** The grid's emoji for tab `i`, those this system can draw (measured the first time they are about to be shown). */
  private tabEmoji(i: number): readonly Emoji[] {
    const tab = this.tabs[i];
    if (!tab) return [];
    let drawn = this.drawnOf.get(tab.emoji);
    if (!drawn) this.drawnOf.set(tab.emoji, (drawn = tab.emoji.filter(this.drawable)));
    return drawn;
  }
  /** Per category (its list of emoji) and tone, what this system draws of it. */
  private drawnOf = new WeakMap<readonly Emoji[], readonly Emoji[]>();

  /** What the grid shows: the search's results (in the catalogue, once each), or the chosen tab's emoji. */
  private get shown(): readonly Emoji[] {
    if (!this.groups) return [];
    return this.query.trim() ? searchEmoji(this.groups, this.query, 80, this.drawable) : this.tabEmoji(this.tab);
  }

  /** `e` as shown and inserted: in the visitor's skin tone if it takes one. */
  private glyph(e: Emoji): string {
    return e.toned ? withTone(e.char, this.tone) : e.char;
  }

  private pick(e: Emoji): void {
    storeRecent(rememberRecent(storedRecent(), e.char));
    this.emit('sportello-emoji-pick', { emoji: this.glyph(e) });
  }

  private chooseTone(tone: SkinTone): void {
    this.tone = tone;
    storeTone(tone);
    // A system may draw a person in one tone and not in another: measured again in the new one.
    this.drawnOf = new WeakMap();
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      // Handled here: the live chat's window would close on an Escape that reaches it.
      e.preventDefault();
      e.stopPropagation();
      this.emit('sportello-emoji-close', {});
    }
  }

  private onSearchKeydown(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown' && this.shown.length) {
      e.preventDefault();
      void this.moveTo(0);
    } else if (e.key === 'Enter') {
      // Enter in the search field takes the first result, as a visitor typing a name expects.
      e.preventDefault();
      const first = this.shown[0];
      if (first) this.pick(first);
    }
  }

  private onTabKeydown(e: KeyboardEvent): void {
    const count = this.tabs.length;
    const next =
      e.key === 'ArrowRight'
        ? this.tab + 1
        : e.key === 'ArrowLeft'
          ? this.tab - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? count - 1
              : undefined;
    if (next === undefined || !count) return;
    e.preventDefault();
    this.selectTab((next + count) % count);
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus(),
    );
  }

  private selectTab(index: number): void {
    this.tab = index;
    this.active = 0;
    this.renderRoot.querySelector('.grid')?.scrollTo({ top: 0 });
  }

  private onGridKeydown(e: KeyboardEvent): void {
    const count = this.shown.length;
    const i = this.active;
    const rowStart = i - (i % COLUMNS);
    const moves: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowLeft: i - 1,
      ArrowDown: i + COLUMNS,
      ArrowUp: i - COLUMNS,
      Home: e.ctrlKey ? 0 : rowStart,
      End: e.ctrlKey ? count - 1 : Math.min(rowStart + COLUMNS - 1, count - 1),
      PageDown: Math.min(i + COLUMNS * PAGE_ROWS, count - 1),
      PageUp: Math.max(i - COLUMNS * PAGE_ROWS, 0),
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    // Up from the first row goes back to the search field.
    if (e.key === 'ArrowUp' && next < 0) return this.focus();
    if (next >= 0 && next < count) void this.moveTo(next);
  }

  private async moveTo(index: number): Promise<void> {
    this.active = index;
    await this.updateComplete;
    const button = this.renderRoot.querySelector<HTMLButtonElement>(`[data-index="${index}"]`);
    button?.focus();
    button?.scrollIntoView({ block: 'nearest' });
  }

  private renderGrid(shown: readonly Emoji[], label: string) {
    const active = Math.min(this.active, Math.max(shown.length - 1, 0));
    const rows: Emoji[][] = [];
    for (let i = 0; i < shown.length; i += COLUMNS) rows.push(shown.slice(i, i + COLUMNS));
    return html`<div class="grid" role="grid" aria-label=${label} @keydown=${this.onGridKeydown}>
      ${rows.map(
        (row, r) =>
          html`<div role="row">
            ${row.map((e, c) => {
              const index = r * COLUMNS + c;
              return html`<div role="gridcell">
                <button
                  type="button"
                  data-index=${index}
                  tabindex=${index === active ? 0 : -1}
                  aria-label=${e.name}
                  title=${e.name}
                  @click=${() => this.pick(e)}
                  @focus=${() => (this.active = index)}
                >${this.glyph(e)}</button>
              </div>`;
            })}
          </div>`,
      )}
    </div>`;
  }

  /** A category's tab shows its first emoji this system draws. */
  private tabIcon(group: EmojiGroup) {
    const first = group.emoji.find(this.drawable);
    return first ? this.glyph(first) : nothing;
  }

  /** Native radio buttons: one tab stop, ←/→ between the tones, each named for screen readers. */
  private renderTones(t: EmojiPickerLabels) {
    return html`<fieldset class="tones">
      <legend>${t.tone}</legend>
      <div class="swatches">${SKIN_TONES.map(
        (tone) =>
          html`<label title=${t[TONE_LABELS[tone]]}>
            <input
              type="radio"
              name="tone"
              aria-label=${t[TONE_LABELS[tone]]}
              .checked=${tone === this.tone}
              @change=${() => this.chooseTone(tone)}
            /><span class="swatch" aria-hidden="true">${withTone(TONE_SAMPLE, tone)}</span>
          </label>`,
      )}</div>
    </fieldset>`;
  }

  override render() {
    const t = this.text;
    const groups = this.groups;
    const tabs = this.tabs;
    const hasRecent = this.recent.length > 0;
    const searching = this.query.trim() !== '';
    const shown = this.shown;
    const focused = shown[Math.min(this.active, shown.length - 1)];
    return html`<div class="picker" role="dialog" aria-label=${t.dialog} @keydown=${this.onKeydown}>
      <input
        type="search"
        aria-label=${t.search}
        placeholder=${t.search}
        autocomplete="off"
        spellcheck="false"
        .value=${this.query}
        @input=${(e: Event) => {
          this.query = (e.target as HTMLInputElement).value;
          this.active = 0;
        }}
        @keydown=${this.onSearchKeydown}
      />
      ${
        groups && !searching
          ? html`<div class="tabs" role="tablist" aria-label=${t.categories}>
              ${tabs.map(
                (g, i) =>
                  html`<button
                    type="button"
                    role="tab"
                    id="tab-${i}"
                    aria-controls="panel"
                    aria-selected=${i === this.tab ? 'true' : 'false'}
                    tabindex=${i === this.tab ? 0 : -1}
                    aria-label=${g.name}
                    title=${g.name}
                    @click=${() => this.selectTab(i)}
                    @keydown=${this.onTabKeydown}
                  >${hasRecent && i === 0 ? RECENT_TAB : this.tabIcon(g)}</button>`,
              )}
            </div>
            <div id="panel" role="tabpanel" aria-labelledby="tab-${this.tab}">
              ${this.renderGrid(shown, tabs[this.tab]?.name ?? '')}
            </div>`
          : groups
            ? this.renderGrid(shown, t.results)
            : nothing
      }
      ${groups ? this.renderTones(t) : nothing}
      <p class="status" role="status">${
        this.failed ? t.failed : !groups ? '…' : searching && !shown.length ? t.none : ''
      }</p>
      ${
        focused && groups
          ? html`<p class="preview" aria-hidden="true"><span class="glyph">${this.glyph(focused)}</span> ${focused.name}</p>`
          : nothing
      }
    </div>`;
  }
}

SportelloElement.define('sportello-emoji-picker', SportelloEmojiPicker);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-emoji-picker': SportelloEmojiPicker;
  }
}
