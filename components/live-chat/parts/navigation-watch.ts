/** How long a moved-to page has to set its title before it is reported. */
const NAVIGATION_SETTLE_MS = 300;

/**
 * The page the visitor moves to, for the operator. A single-page site moves with pushState, which
 * fires no event on the window: the Navigation API's `currententrychange` sees every move (push,
 * replace, back, hash). Without it, back/forward and hash changes are what a page can hear.
 * Part of the closed launcher's file: no imports.
 */
export class NavigationWatch {
  private timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly report: () => void) {}

  watch(on: boolean): void {
    const navigation = (window as { navigation?: EventTarget }).navigation;
    const targets: Array<[EventTarget, string]> = navigation
      ? [[navigation, 'currententrychange']]
      : [
          [window, 'popstate'],
          [window, 'hashchange'],
        ];
    for (const [target, type] of targets) {
      if (on) target.addEventListener(type, this.onNavigate);
      else target.removeEventListener(type, this.onNavigate);
    }
    if (!on) clearTimeout(this.timer);
  }

  /** Reported a moment later: a single-page app sets the new page's title after it changes the URL. */
  private onNavigate = (): void => {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.report, NAVIGATION_SETTLE_MS);
  };
}
