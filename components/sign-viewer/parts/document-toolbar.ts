/**
 * The document view's controls: the toolbar (thumbnails, page n / N, zoom and fit, search; at a
 * phone's width zoom and fit move into "More tools" so one row fits) and the keys that move
 * through the pages. The view owns the state; these only read it and call back.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import type { StringKey } from '../strings.js';

/**
 * The search button's magnifier, drawn: the emoji (U+1F50D) needs an emoji font, and without one
 * (a Linux desktop, a kiosk) the button showed an empty box. The other glyphs are in every text font.
 */
const searchIcon = svg`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" d="M10.5 3a7.5 7.5 0 1 0 0 15a7.5 7.5 0 1 0 0-15zM16 16l5 5"/></svg>`;

/** The next-area button's icon: a dashed field with an arrow into it. */
const areaIcon = svg`<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><rect x="9" y="6" width="12" height="12" rx="1.5" fill="none" stroke="currentColor" stroke-width="2" stroke-dasharray="3 2"/><path fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" d="M2 12h9M8 8.5l3.5 3.5L8 15.5"/></svg>`;

export type ZoomMode = 'fit-width' | 'fit-page' | number;

export interface ToolbarState {
  t: (k: StringKey, p?: Record<string, string | number>) => string;
  total: number;
  currentPage: number;
  scale: number;
  zoom: ZoomMode;
  narrow: boolean;
  thumbnailsOpen: boolean;
  searchOpen: boolean;
  /** The "More tools" panel holding `tools` (rendered only when narrow). */
  moreTools: (tools: TemplateResult) => TemplateResult;
  toggleThumbnails: () => void;
  /** The page typed in the page field (the view corrects the field to the page it went to). */
  pageInput: (e: Event) => void;
  goToPage: (n: number) => void;
  zoomBy: (dir: 1 | -1) => void;
  chooseFit: (zoom: 'fit-width' | 'fit-page') => void;
  toggleSearch: () => void;
  /** How many areas and placeholders the document has, and which one has the focus (0: none). */
  areaCount: number;
  areaShown: number;
  nextArea: () => void;
}

export function renderToolbar(s: ToolbarState): TemplateResult {
  const { t, total } = s;
  const zoomPercent = Math.round(s.scale * 100);
  // Zoom and fit: in the row, or at a phone's width in the "More tools" panel (one row then fits).
  const zoomTools = html`
        <button type="button" part="button" aria-label=${t('zoomOut')} title=${t('zoomOut')} @click=${() => s.zoomBy(-1)}>−</button>
        <span class="zoom-level" aria-label=${t('zoomLevel', { percent: zoomPercent })}>${zoomPercent}%</span>
        <button type="button" part="button" aria-label=${t('zoomIn')} title=${t('zoomIn')} @click=${() => s.zoomBy(1)}>+</button>
        <button type="button" part="button" title=${t('fitWidth')} aria-pressed=${s.zoom === 'fit-width' ? 'true' : 'false'} @click=${() => s.chooseFit('fit-width')}>
          <span class="icon" aria-hidden="true">↔</span><span class="label-text">${t('fitWidth')}</span>
        </button>
        <button type="button" part="button" title=${t('fitPage')} aria-pressed=${s.zoom === 'fit-page' ? 'true' : 'false'} @click=${() => s.chooseFit('fit-page')}>
          <span class="icon" aria-hidden="true">⤢</span><span class="label-text">${t('fitPage')}</span>
        </button>`;
  return html`<div class="toolbar" part="toolbar" role="toolbar" aria-label=${t('toolbar')}>
      <span class="group">
        <button type="button" part="button" title=${t('thumbnails')} aria-label=${t('thumbnails')} aria-pressed=${s.thumbnailsOpen ? 'true' : 'false'} @click=${s.toggleThumbnails}>▤</button>
        <button type="button" part="button" aria-label=${t('previousPage')} title=${t('previousPage')} ?disabled=${s.currentPage <= 1} @click=${() => s.goToPage(s.currentPage - 1)}><span class="flip-rtl" aria-hidden="true">‹</span></button>
        <label class="visually-hidden" for="page-input">${t('pageInput')}</label>
        <input id="page-input" type="number" inputmode="numeric" min="1" max=${total} .value=${String(s.currentPage)} @change=${s.pageInput} />
        <span aria-hidden="true">${t('ofTotal', { total })}</span>
        <button type="button" part="button" aria-label=${t('nextPage')} title=${t('nextPage')} ?disabled=${s.currentPage >= total} @click=${() => s.goToPage(s.currentPage + 1)}><span class="flip-rtl" aria-hidden="true">›</span></button>
      </span>
      <span class="visually-hidden" role="status">${t('pageOf', { n: s.currentPage, total })}</span>
      <span class="group">
        ${s.narrow ? nothing : zoomTools}
        ${
          s.areaCount
            ? html`<button type="button" part="button" class="next-area" title=${t('nextArea')} aria-label=${t('nextAreaOf', { n: (s.areaShown % s.areaCount) + 1, total: s.areaCount })} @click=${s.nextArea}>
                <span class="flip-rtl">${areaIcon}</span><span class="label-text">${t('nextArea')}</span>
              </button>`
            : nothing
        }
        <button type="button" part="button" class="search-toggle" title=${t('searchLabel')} aria-label=${t('searchLabel')} aria-pressed=${s.searchOpen ? 'true' : 'false'} @click=${s.toggleSearch}>${searchIcon}</button>
        ${s.narrow ? s.moreTools(zoomTools) : nothing}
      </span>
    </div>`;
}

export interface PageKeys {
  currentPage: number;
  total: number;
  goToPage: (n: number) => void;
  zoomBy: (dir: 1 | -1) => void;
  openSearch: () => void;
}

/**
 * What a key pressed on the pages does: PageUp/PageDown by page, Home/End (with Ctrl anywhere, or
 * on the scroller itself, where no text field wants them), +/− zoom, Ctrl+F search. True when
 * the key was ours (the caller then keeps the browser's own action from running too).
 */
export function pageKey(e: KeyboardEvent, onScroller: boolean, keys: PageKeys): boolean {
  if (e.altKey || e.metaKey) return false;
  switch (e.key) {
    case 'PageDown':
      keys.goToPage(keys.currentPage + 1);
      return true;
    case 'PageUp':
      keys.goToPage(keys.currentPage - 1);
      return true;
    case 'Home':
      if (e.ctrlKey || onScroller) keys.goToPage(1);
      return e.ctrlKey || onScroller;
    case 'End':
      if (e.ctrlKey || onScroller) keys.goToPage(keys.total);
      return e.ctrlKey || onScroller;
    case '+':
    case '=':
      keys.zoomBy(1);
      return true;
    case '-':
      keys.zoomBy(-1);
      return true;
    case 'f':
      if (!e.ctrlKey) return false;
      keys.openSearch();
      return true;
    default:
      return false;
  }
}
