/**
 * Which page boxes have pixels on screen. The observer's root is the viewport, not the view's
 * own scroller: the browser clips by every scrolling ancestor on the way, so the answer is right
 * whether the scroller is the view (a fixed height), the host page (the view grown to the whole
 * document in a narrow layout or `height: auto`), or a phone's viewport. Rooted on the scroller, a
 * scroller grown to the document's height saw every one of 100 pages as visible.
 */
export class PageVisibility {
  readonly visible = new Set<number>();
  private io: IntersectionObserver | undefined;

  constructor(private readonly changed: () => void) {}

  observe(pages: Iterable<HTMLElement>): void {
    this.disconnect();
    this.io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const n = Number((e.target as HTMLElement).dataset.page);
          // Edge-adjacent counts as intersecting; a page needs real pixels in view.
          if (e.isIntersecting && e.intersectionRect.height > 0 && e.intersectionRect.width > 0) this.visible.add(n);
          else this.visible.delete(n);
        }
        this.changed();
      },
      { threshold: 0 },
    );
    for (const el of pages) this.io.observe(el);
  }

  /**
   * The observer's answer measured now (one layout), before its first report, which comes a frame
   * later: pages with pixels inside `clip` (the scroller's box) and the viewport.
   */
  measureNow(pages: Iterable<HTMLElement>, clip: DOMRect): void {
    const top = Math.max(clip.top, 0);
    const bottom = Math.min(clip.bottom, window.innerHeight);
    const left = Math.max(clip.left, 0);
    const right = Math.min(clip.right, window.innerWidth);
    for (const el of pages) {
      const r = el.getBoundingClientRect();
      if (r.top >= bottom) break; // pages are in order: the rest are below
      if (r.bottom > top && r.right > left && r.left < right) this.visible.add(Number(el.dataset.page));
    }
  }

  disconnect(): void {
    this.io?.disconnect();
    this.io = undefined;
    this.visible.clear();
  }
}
