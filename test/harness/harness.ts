/**
 * The base of the element harnesses: a test drives an element and reads it the way a visitor or an
 * integrator can — through its shadow DOM (what is on screen, roles and states), its events and its
 * documented properties and methods — never through its controllers or private members. Only the
 * harnesses know the elements' markup, so an element's insides can change without touching a test.
 *
 * Waits are conditions polled until they hold (the test's timeout bounds them), never fixed sleeps.
 */

/**
 * The page's own timer, kept before any test installs fake timers: waiting for a condition goes on
 * in real time while a test moves the element's clock by hand.
 */
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

/** Resolves after `ms` of real time: the step between two looks at a condition, never a wait for a state. */
export const pollStep = (ms: number): Promise<void> => new Promise((r) => realSetTimeout(r, ms));

/** Polls `check` until it returns a truthy value, which it returns (the test's timeout bounds the wait). */
export async function until<T>(check: () => T | undefined | null | false, stepMs = 20): Promise<T> {
  for (;;) {
    const value = check();
    if (value) return value;
    await pollStep(stepMs);
  }
}

/** Like `until`, for a condition that needs an answer from elsewhere (a server, a lock manager). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, stepMs = 50): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await pollStep(stepMs);
  }
}

/** A fake clock a test moves by hand (sinon's `useFakeTimers()`): just what waiting on it needs. */
export interface HandClock {
  readonly now: number;
  tick(ms: number): unknown;
}

/**
 * Moves a fake clock on in `stepMs` steps, letting real events in between (sockets, fetches), until
 * `check` holds; returns its value. The test's timeout bounds it.
 */
export async function advanceUntil<T>(
  clock: HandClock,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  stepMs = 100,
): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    clock.tick(stepMs);
    await pollStep(20);
  }
}

/** The next animation frame. */
export const nextFrame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));

/** A Lit element's `updateComplete`, for elements typed as plain elements (any realm). */
export async function settled(el: Element | null | undefined): Promise<void> {
  const pending = (el as { updateComplete?: Promise<unknown> } | null | undefined)?.updateComplete;
  if (pending) await pending;
}

/** The text a reader sees in a node: its text with runs of white space made one space, trimmed. */
export function textOf(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Sets a form control's value as typing does: the value, then an `input` event (and `change` for selects). */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  if (field.localName === 'select') field.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

/** Ticks or unticks a checkbox as a click does (the `input` and `change` events a page hears). */
export function tick(box: HTMLInputElement, on: boolean): void {
  if (box.checked === on) return;
  box.checked = on;
  box.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  box.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

/** Picks files in a file input as the browser's picker does. */
export function pickFiles(input: HTMLInputElement, files: File[]): void {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The `detail`s of every `type` event an element dispatched since `record` was called. */
export class EventLog<D = unknown> {
  readonly details: D[] = [];
  private readonly listener = (e: Event) => this.details.push((e as CustomEvent<D>).detail);

  constructor(
    private readonly target: EventTarget,
    readonly type: string,
  ) {
    target.addEventListener(type, this.listener);
  }

  /** Waits until `count` events arrived; returns the last one's detail. */
  async next(count = this.details.length + 1): Promise<D> {
    await until(() => this.details.length >= count);
    return this.details[count - 1]!;
  }

  get last(): D | undefined {
    return this.details.at(-1);
  }

  stop(): void {
    this.target.removeEventListener(this.type, this.listener);
  }
}

/** Drives and reads one element through its shadow root. */
export class Harness<E extends HTMLElement = HTMLElement> {
  constructor(readonly element: E) {}

  /** The element's open shadow root. */
  get root(): ShadowRoot {
    const root = this.element.shadowRoot;
    if (!root) throw new Error(`<${this.element.localName}> has no open shadow root`);
    return root;
  }

  /** The first match in the element's shadow root, or null. */
  $<T extends Element = HTMLElement>(selector: string): T | null {
    return this.element.shadowRoot?.querySelector<T>(selector) ?? null;
  }

  /** Every match in the element's shadow root. */
  $$<T extends Element = HTMLElement>(selector: string): T[] {
    return [...(this.element.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
  }

  /** Waits until `selector` matches in the shadow root (after the element's pending update). */
  async find<T extends Element = HTMLElement>(selector: string): Promise<T> {
    await settled(this.element);
    return until(() => this.$<T>(selector));
  }

  /** Whether the element is in the custom state `name` (`:state(name)`, what a page can style). */
  is(state: string): boolean {
    return this.element.matches(`:state(${state})`);
  }

  /** The element's visible text: the shadow root's text, white space collapsed. */
  text(): string {
    return textOf(this.element.shadowRoot);
  }

  /** The focused element inside the shadow root, if any. */
  focused(): Element | null {
    return this.element.shadowRoot?.activeElement ?? null;
  }

  /** Records every `type` event the element dispatches from now on. */
  record<D = unknown>(type: string): EventLog<D> {
    return new EventLog<D>(this.element, type);
  }

  /** Waits for the element's pending render. */
  settled(): Promise<void> {
    return settled(this.element);
  }
}
