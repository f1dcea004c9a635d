import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { preparePdfjs } from '../../pdf/pdfjs.js';

/** How far outside the viewport a viewer counts as near (one screen above or below). */
const NEAR = '100% 0px';

/**
 * The observer's answer for `el`, read now: laid out (not under `display: none`) and within one
 * screen above or below the viewport. Scrolling ancestors that clip it are not considered; a
 * viewer they hide waits for the observer.
 */
export function nearViewport(el: Element): boolean {
  if (!el.isConnected || el.getClientRects().length === 0) return false;
  const r = el.getBoundingClientRect();
  const h = window.innerHeight;
  return r.bottom >= -h && r.top <= 2 * h && r.right >= 0 && r.left <= window.innerWidth;
}

/**
 * Starts pdf.js and its worker as soon as a viewer is on the page and near the viewport, so they
 * load while the practice and the document's bytes are still on their way. Before, the library
 * was asked for only after the practice's fetch resolved, and the cold first page paid for the
 * chunk and the worker's start after the bytes (1.8× pdf.js' own viewer). A viewer far down a long
 * page waits until the visitor scrolls near it; one that is never seen loads nothing.
 *
 * A viewer that is near when it connects starts at once, in `hostConnected`: the observer's first
 * report comes only after the next frame is painted (5-15 ms on a cold page), and every millisecond
 * the worker starts earlier is one it is ready sooner after the bytes. The one layout this reads
 * happens before the viewer's first render, while the page around it is usually still small.
 */
export class PdfWarmupController implements ReactiveController {
  private io: IntersectionObserver | undefined;
  private started = false;

  constructor(private readonly host: ReactiveControllerHost & Element) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.started || typeof IntersectionObserver === 'undefined') return;
    if (nearViewport(this.host)) {
      this.start();
      return;
    }
    this.io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        this.start();
      },
      { rootMargin: NEAR },
    );
    this.io.observe(this.host);
  }

  hostDisconnected(): void {
    this.io?.disconnect();
    this.io = undefined;
  }

  /** Starts now (the viewer is about to show a document anyway). Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.io?.disconnect();
    this.io = undefined;
    // A failure (offline chunk) surfaces when the document opens; nothing to show here.
    preparePdfjs().catch(() => undefined);
  }
}
