/**
 * The live chat's attributes as properties, and what it says of values it does not know. The
 * element (live-chat.ts) extends this; part of the closed launcher's file, so nothing here imports code.
 */

/** Logical corners follow the page's direction; physical ones stay where they are named. */
export const POSITIONS = ['bottom-end', 'bottom-start', 'bottom-right', 'bottom-left'] as const;
export type LauncherPosition = (typeof POSITIONS)[number];

/** Prefilled pre-chat fields, as the window takes them. */
export interface LauncherPrefill {
  name: string | undefined;
  email: string | undefined;
  category: string | undefined;
  message: string | undefined;
}

export abstract class LiveChatAttributes extends HTMLElement {
  /** Opens the window and moves focus into it. */
  abstract show(): Promise<void>;

  private openMethod?: () => Promise<void>;
  private warnedValues = new Set<string>();

  /** Report the pages visited to the operator (default true; the `report-navigation` attribute, `"false"` turns it off). */
  get reportNavigation(): boolean {
    return this.getAttribute('report-navigation') !== 'false';
  }
  set reportNavigation(v: boolean) {
    if (v) this.removeAttribute('report-navigation');
    else this.setAttribute('report-navigation', 'false');
  }

  /** Public widget key of the chat service (the `widget-key` attribute). */
  get widgetKey(): string {
    return this.getAttribute('widget-key') ?? '';
  }
  set widgetKey(v: string) {
    this.setAttribute('widget-key', v);
  }
  /** `{chat_base_url}` or a proxy serving the same paths (the `endpoint` attribute). */
  get endpoint(): string | undefined {
    return this.getAttribute('endpoint') ?? undefined;
  }
  set endpoint(v: string | undefined) {
    if (v) this.setAttribute('endpoint', v);
    else this.removeAttribute('endpoint');
  }
  /** `launcher` (bubble + dialog, the default) or `inline` (the `mode` attribute). */
  get mode(): 'launcher' | 'inline' {
    return this.getAttribute('mode') === 'inline' ? 'inline' : 'launcher';
  }
  set mode(v: 'launcher' | 'inline') {
    this.setAttribute('mode', v);
  }
  /** The launcher's corner (the `position` attribute); an unknown value reads as `bottom-end`. */
  get position(): LauncherPosition {
    const value = this.getAttribute('position');
    return (POSITIONS as readonly (string | null)[]).includes(value) ? (value as LauncherPosition) : 'bottom-end';
  }
  set position(v: LauncherPosition) {
    this.setAttribute('position', v);
  }

  /** Whether the window is open (the `open` attribute). */
  get opened(): boolean {
    return this.hasAttribute('open');
  }
  set opened(v: boolean) {
    this.toggleAttribute('open', v);
  }

  /**
   * `open()` opens the window. The `open` attribute holds the state (`opened`); frameworks that set
   * a property of the attribute's name (`open = true`) reach the state through the setter, instead
   * of overwriting the method.
   */
  get open(): () => Promise<void> {
    return (this.openMethod ??= () => this.show());
  }
  set open(v: boolean) {
    this.opened = !!v;
  }

  /** Prefilled visitor name (the `name` attribute). */
  get name(): string {
    return this.getAttribute('name') ?? '';
  }
  set name(v: string) {
    this.setOrRemove('name', v);
  }
  /** Prefilled e-mail (the `email` attribute). */
  get email(): string {
    return this.getAttribute('email') ?? '';
  }
  set email(v: string) {
    this.setOrRemove('email', v);
  }
  /** Prefilled category id (the `category` attribute). */
  get category(): string {
    return this.getAttribute('category') ?? '';
  }
  set category(v: string | number) {
    this.setOrRemove('category', v === undefined || v === null ? '' : String(v));
  }
  /** Prefilled first message (the `message` attribute). */
  get message(): string {
    return this.getAttribute('message') ?? '';
  }
  set message(v: string) {
    this.setOrRemove('message', v);
  }

  /** Sets any of the pre-chat fields at once; `undefined` leaves a field as it is, `''` clears it. */
  setPrefill(values: { name?: string; email?: string; category?: string | number; message?: string }): void {
    for (const key of ['name', 'email', 'category', 'message'] as const) {
      const value = values[key];
      if (value !== undefined) this[key] = value as string;
    }
  }

  private setOrRemove(attribute: string, value: string | null | undefined): void {
    if (value) this.setAttribute(attribute, value);
    else this.removeAttribute(attribute);
  }

  protected get prefill(): LauncherPrefill {
    const get = (name: string) => this.getAttribute(name) || undefined;
    return { name: get('name'), email: get('email'), category: get('category'), message: get('message') };
  }

  /**
   * Properties a page set before this class was defined (a lazily loaded tag, a framework that
   * rendered first) sit on the instance and hide the accessors: each goes through its setter now.
   * Any own property named like an accessor of the class is such a value, whatever its name.
   */
  protected upgradeProperties(): void {
    for (const key of Object.keys(this)) {
      let proto: object | null = Object.getPrototypeOf(this);
      while (proto && !Object.prototype.hasOwnProperty.call(proto, key)) proto = Object.getPrototypeOf(proto);
      const descriptor = proto && Object.getOwnPropertyDescriptor(proto, key);
      if (!descriptor?.set) continue;
      const value = (this as Record<string, unknown>)[key];
      delete (this as Record<string, unknown>)[key];
      (this as Record<string, unknown>)[key] = value;
    }
  }

  /** A value we do not know falls back to the default: the chat still works, the page hears why it looks so. */
  protected warnAboutUnknownValues(): void {
    for (const [name, allowed] of [
      ['mode', ['launcher', 'inline']],
      ['position', POSITIONS],
    ] as const) {
      const value = this.getAttribute(name);
      if (
        value !== null &&
        !(allowed as readonly string[]).includes(value) &&
        !this.warnedValues.has(`${name}=${value}`)
      ) {
        this.warnedValues.add(`${name}=${value}`);
        console.warn(
          `[sportello] <sportello-live-chat> ${name}="${value}" is not one of ${allowed.join(', ')}; using ${allowed[0]}.`,
        );
      }
    }
  }
}
