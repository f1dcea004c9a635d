/**
 * The harness of `<sportello-live-chat>`: its launcher (the bubble, the unread badge, the dialog)
 * and the window it loads (pre-chat form, queue, conversation, the end of a chat and its rating,
 * the offline form, past conversations). Everything is read from what the visitor sees and what
 * the page hears: the window's shadow DOM, the launcher's custom states, `sportello-*` events.
 */
import { fixture, html } from '@open-wc/testing';
import '../../components/live-chat/index.js';
import type { SportelloLiveChat } from '../../components/live-chat/live-chat.js';
import type { ChatIdDetail } from '../../components/live-chat/events.js';
import { ComposerHarness } from './composer.js';
import { EventLog, Harness, settled, textOf, tick, typeInto, until } from './harness.js';
import { ThreadHarness, delivered, type Row } from './thread.js';
import { CHAT_URL, FAST_RECONNECT } from '../browser/helpers/live-chat.js';
import { simulator } from './simulator.js';

/** What the window shows. */
export type ChatView =
  /** The window's chunk or the widget's configuration is on its way. */
  | 'loading'
  /** The page's attributes are wrong (a clear in-element error). */
  | 'misconfigured'
  /** Loading the widget failed (a notice with a retry). */
  | 'error'
  | 'prechat'
  /** Nobody is available: the contact form. */
  | 'offline'
  /** The contact request was sent. */
  | 'offline-sent'
  /** Waiting for an operator or chatting (see `waiting` and `operatorName`). */
  | 'conversation'
  /** The chat ended: its rating form. */
  | 'ended'
  /** The chat ended and was rated. */
  | 'rated'
  /** Past conversations (the list or one of them). */
  | 'past';

/** The pre-chat (or contact) form's fields, by what the visitor fills in. */
export interface PrechatValues {
  name?: string;
  email?: string;
  phone?: string;
  category?: string;
  message?: string;
  consent?: boolean;
}

export interface MountOptions {
  /** The chat service (default: the test simulator's). */
  endpoint?: string;
  widgetKey?: string;
  mode?: 'inline' | 'launcher';
  lang?: string;
  category?: string;
  /** Report the pages the visitor moves through (default off in tests). */
  reportNavigation?: boolean;
  /** Extra attributes, e.g. `{ 'past-chats': 'false', sound: '' }`. */
  attributes?: Record<string, string>;
  parent?: Element;
}

export class LiveChatHarness extends Harness<SportelloLiveChat> {
  /** `sportello-chat-started` since the harness was made: the ids of the chats started here. */
  readonly started: EventLog<ChatIdDetail>;
  readonly ended: EventLog<ChatIdDetail>;
  readonly errors: EventLog<{ operation: string; error: Error }>;

  /** Every harness made in the running test (a failing test's report describes them). */
  static made: LiveChatHarness[] = [];

  constructor(element: SportelloLiveChat) {
    super(element);
    LiveChatHarness.made.push(this);
    this.started = this.record<ChatIdDetail>('sportello-chat-started');
    this.ended = this.record<ChatIdDetail>('sportello-chat-ended');
    this.errors = this.record('sportello-error');
  }

  /** What the window shows, in a few lines: for a failing test's report. */
  describe(): string {
    const rows = this.rows().map(
      (r) => `  ${r.role}${r.state ? `/${r.state}` : ''} ${r.author ? `${r.author}: ` : ''}${r.text.slice(0, 60)}`,
    );
    return [
      `view: ${this.view()} states: ${['queued', 'chatting', 'ended', 'error', 'loading'].filter((s) => this.is(s)).join(',')}`,
      `started: ${this.started.details.map((d) => d.idChat).join(',')}`,
      `operator: ${this.operatorName()} status: ${this.status()} notice: ${this.notice()} typing: ${this.typingLine()}`,
      `invalid: ${this.invalidFields().join(',')} busy: ${this.busy} focus: ${this.windowFocus()?.id ?? this.windowFocus()?.localName ?? ''}`,
      ...rows,
    ].join('\n');
  }

  /** A chat on the page, inline unless told, with fast reconnects and no navigation reports. */
  static async mount(options: MountOptions = {}): Promise<LiveChatHarness> {
    const el = await fixture<SportelloLiveChat>(
      html`<sportello-live-chat
        lang=${options.lang ?? 'en'}
        widget-key=${options.widgetKey ?? 'demo'}
        mode=${options.mode ?? 'inline'}
        category=${options.category ?? ''}
        endpoint=${options.endpoint ?? CHAT_URL}
        .stomp=${FAST_RECONNECT}
        .reportNavigation=${options.reportNavigation ?? false}
      ></sportello-live-chat>`,
      options.parent ? { parentNode: options.parent } : {},
    );
    for (const [name, value] of Object.entries(options.attributes ?? {})) el.setAttribute(name, value);
    return new LiveChatHarness(el);
  }

  // ---- launcher -------------------------------------------------------------------------------

  /** The launcher bubble (launcher mode). */
  get launcher(): HTMLButtonElement | null {
    return this.$<HTMLButtonElement>('button.launcher');
  }

  /** The window's frame: a dialog in launcher mode. */
  get frame(): HTMLElement | null {
    return this.$('[part~=window]');
  }

  /** The unread count on the closed launcher's badge ('' without one). */
  badge(): string {
    return textOf(this.$('[part~=badge]'));
  }

  /** Whether the window is open (launcher mode). */
  get isOpen(): boolean {
    return this.element.opened;
  }

  /** Opens the window with a click on the launcher. */
  async open(): Promise<void> {
    const launcher = await until(() => this.launcher);
    launcher.click();
    await until(() => this.isOpen);
  }

  // ---- the window -----------------------------------------------------------------------------

  /** The chat window element once loaded (it is the launcher's shadow content). */
  get window(): HTMLElement | null {
    return this.$('sportello-live-chat-window');
  }

  /** Waits for the window to be loaded and rendered. */
  async loaded(): Promise<HTMLElement> {
    const win = await until(() => this.window);
    await settled(win);
    return win;
  }

  /** The first match in the window's shadow root. */
  inWindow<T extends Element = HTMLElement>(selector: string): T | null {
    return this.window?.shadowRoot?.querySelector<T>(selector) ?? null;
  }

  /** Every match in the window's shadow root. */
  allInWindow<T extends Element = HTMLElement>(selector: string): T[] {
    return [...(this.window?.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
  }

  /** Waits until `selector` matches in the window. */
  async findInWindow<T extends Element = HTMLElement>(selector: string): Promise<T> {
    await this.loaded();
    return until(() => this.inWindow<T>(selector));
  }

  /** The window's visible text. */
  windowText(): string {
    return textOf(this.window?.shadowRoot);
  }

  /** The focused control inside the window. */
  windowFocus(): HTMLElement | null {
    return (this.window?.shadowRoot?.activeElement as HTMLElement | null) ?? null;
  }

  /** What the window shows now (undefined before it is loaded). */
  view(): ChatView | undefined {
    const root = this.window?.shadowRoot;
    const body = root?.querySelector('.frame > .body, .frame > .conversation');
    if (!root || !body) return this.window ? 'loading' : undefined;
    if (body.classList.contains('past') || body.classList.contains('past-chat')) return 'past';
    if (body.classList.contains('conversation')) {
      const ended = body.querySelector('.ended');
      if (!ended) return 'conversation';
      return ended.querySelector('input[name=rating]') ? 'ended' : 'rated';
    }
    if (body.classList.contains('center')) return 'loading';
    if (body.querySelector(':scope > sportello-error-notice')) return 'error';
    if (body.querySelector(':scope > p[role=alert]')) return 'misconfigured';
    if (body.querySelector('form.prechat')) return 'prechat';
    if (body.querySelector('form.offline-contact')) return 'offline';
    if (body.querySelector(':scope > p[role=status]')) return 'offline-sent';
    return undefined;
  }

  /** Waits until the window shows one of `views`, rendered. */
  async waitFor(...views: ChatView[]): Promise<ChatView> {
    const view = await until(() => {
      const now = this.view();
      return now && views.includes(now) ? now : undefined;
    });
    await settled(this.window);
    return view;
  }

  // ---- forms (pre-chat, offline contact) ------------------------------------------------------

  /** The form on screen (pre-chat or contact). */
  get form(): HTMLFormElement | null {
    return this.inWindow<HTMLFormElement>('form.prechat, form.offline-contact');
  }

  /** A field of the form by its id (`name`, `email`, `idChatCategory`, `message`, `privacy`, …). */
  field<T extends HTMLElement = HTMLInputElement>(id: string): T | null {
    return this.inWindow<T>(`#${CSS.escape(id)}`);
  }

  /** Whether the form's send button is waiting for the service. */
  get busy(): boolean {
    return !!this.inWindow<HTMLButtonElement>('form button[type=submit]')?.disabled;
  }

  /** The fields marked invalid, by id, in the form's order. */
  invalidFields(): string[] {
    return this.allInWindow('form [aria-invalid="true"]').map((f) => f.id);
  }

  /** The error shown under a field. */
  fieldError(id: string): string {
    return textOf(this.inWindow(`#${CSS.escape(id)}-error`));
  }

  /** Fills what is given, like a person would, and leaves the rest as it is. */
  async fill(values: PrechatValues): Promise<void> {
    // The form may be a render away from the view that asked for it.
    await until(() => this.inWindow<HTMLButtonElement>('form button[type=submit]'));
    const set = (id: string, value: string | undefined) => {
      const control = this.field<HTMLInputElement>(id);
      if (control && value !== undefined) typeInto(control, value);
    };
    set('name', values.name);
    set('email', values.email);
    set('phone', values.phone);
    set('idChatCategory', values.category);
    set('message', values.message);
    const consent = this.field('privacy');
    if (consent && values.consent !== undefined) tick(consent, values.consent);
    await settled(this.window);
  }

  /** Sets form fields by id (the widget's own pre-chat fields are `cf-<name>`), as typing does. */
  async setFields(values: Record<string, string>): Promise<void> {
    await until(() => this.inWindow<HTMLButtonElement>('form button[type=submit]'));
    for (const [id, value] of Object.entries(values)) {
      const control = this.field<HTMLInputElement>(id);
      if (!control) throw new Error(`the form has no field #${id}`);
      typeInto(control, value);
    }
    await settled(this.window);
  }

  /** Presses the form's send button. */
  async submit(): Promise<void> {
    const button = await until(() => this.inWindow<HTMLButtonElement>('form button[type=submit]'));
    button.click();
    await settled(this.window);
  }

  /** Fills the pre-chat form (consent given unless told) and sends it. */
  async fillPrechat(values: PrechatValues): Promise<void> {
    await this.fill({ consent: true, ...values });
    await this.submit();
  }

  /** After a submit: waits until the service answered (the button is enabled again) and the marks are drawn. */
  async answered(): Promise<void> {
    await until(() => !this.busy && this.form);
    await settled(this.window);
  }

  /** From the pre-chat form into a conversation (queued or chatting). */
  async startChat(category: string, name = 'Ada', email = 'ada@example.com'): Promise<string> {
    await this.waitFor('prechat');
    const count = this.started.details.length;
    await this.fillPrechat({ name, email, category });
    await this.waitFor('conversation');
    return (await this.started.next(count + 1)).idChat;
  }

  /** The id of the last chat started in this element (from `sportello-chat-started`). */
  get idChat(): string {
    const id = this.started.last?.idChat;
    if (!id) throw new Error('no chat was started in this element');
    return id;
  }

  // ---- the conversation -----------------------------------------------------------------------

  /** The thread (`<sportello-message-list>`) of the conversation on screen. */
  get thread(): ThreadHarness {
    const list = this.inWindow('sportello-message-list');
    if (!list) throw new Error('no conversation on screen');
    return new ThreadHarness(list);
  }

  /** The composer of the running chat. */
  get composer(): ComposerHarness {
    const composer = this.inWindow('sportello-composer');
    if (!composer) throw new Error('no composer on screen');
    return new ComposerHarness(composer);
  }

  /** Waits for the composer, rendered. */
  async composerReady(): Promise<ComposerHarness> {
    const el = await this.findInWindow('sportello-composer');
    await settled(el);
    return new ComposerHarness(el);
  }

  /** The rows of the conversation rendered now. */
  rows(): Row[] {
    return this.inWindow('sportello-message-list') ? this.thread.rows() : [];
  }

  /** Types and sends a message with the composer. */
  async send(text: string): Promise<void> {
    await (await this.composerReady()).send(text);
  }

  /** Sends a message and waits until the service confirmed it (its tick). */
  async sendAndConfirm(text: string): Promise<Row> {
    await this.send(text);
    return this.waitForDelivered(text);
  }

  /** Waits for a row with exactly `text`; the visitor's own must be confirmed by the service. */
  async waitForDelivered(text: string): Promise<Row> {
    await until(() => this.inWindow('sportello-message-list'));
    return this.thread.waitForDelivered(text);
  }

  /** Waits for a row of the conversation that satisfies `match` (see `ThreadHarness.waitForRow`). */
  async waitForRow(match: (row: Row) => boolean): Promise<Row> {
    await until(() => this.inWindow('sportello-message-list'));
    return this.thread.waitForRow(match);
  }

  /** The operator's (or bot's) name in the header, '' without one. */
  operatorName(): string {
    return textOf(this.inWindow('header .operator'));
  }

  /** The status line screen readers hear (queue, who joined, who left). */
  status(): string {
    return textOf(this.inWindow('.conversation > p[role=status]'));
  }

  /** The visible waiting notice (queue position, someone left), '' without one. */
  notice(): string {
    return textOf(this.inWindow('.conversation > .notice'));
  }

  /** The "… is typing" line. */
  typingLine(): string {
    return textOf(this.inWindow('.typing'));
  }

  /** Whether the "reconnecting…" notice is shown. */
  reconnecting(): boolean {
    return !!this.inWindow('.notice.warn');
  }

  /** Ends the chat as a visitor does: "End chat" in the header, then the confirmation. */
  async endChat(): Promise<void> {
    (await this.findInWindow<HTMLButtonElement>('header .end-chat')).click();
    (await this.findInWindow<HTMLButtonElement>('#confirm-end .end')).click();
    await this.waitFor('ended', 'rated');
  }

  /** The ended view's "new chat" button: back to the pre-chat form. */
  async newChat(): Promise<void> {
    (await this.findInWindow<HTMLButtonElement>('.ended > button.secondary')).click();
    await this.waitFor('prechat');
  }

  /** Rates the ended chat with `stars` (and a comment). */
  async rate(stars: number, comment = ''): Promise<void> {
    (await this.findInWindow<HTMLInputElement>(`input[name=rating][value="${stars}"]`)).click();
    await settled(this.window);
    if (comment) typeInto(this.inWindow<HTMLTextAreaElement>('#comment')!, comment);
    this.inWindow<HTMLButtonElement>('.ended form button[type=submit]')!.click();
    await this.waitFor('rated');
  }

  // ---- past conversations ---------------------------------------------------------------------

  /** The header's "past conversations" button, if offered. */
  get pastButton(): HTMLButtonElement | null {
    return this.inWindow<HTMLButtonElement>('.past-button');
  }

  /** Opens the list of past conversations; returns its entries. */
  async openPast(): Promise<HTMLButtonElement[]> {
    (await until(() => this.pastButton)).click();
    await this.waitFor('past');
    return this.pastItems();
  }

  /** The entries of the past-conversations list. */
  pastItems(): HTMLButtonElement[] {
    return this.allInWindow<HTMLButtonElement>('.past-item');
  }

  /** A button of the past view's actions by its text. */
  pastAction(label: string): HTMLButtonElement | undefined {
    return this.allInWindow<HTMLButtonElement>('.past-actions button').find((b) => textOf(b).includes(label));
  }

  // ---- what the page hears --------------------------------------------------------------------

  /** Whether the conversation is waiting for an operator (the page's `queued` state). */
  get waiting(): boolean {
    return this.is('queued');
  }

  /** Whether a conversation is running with someone (the page's `chatting` state). */
  get chatting(): boolean {
    return this.is('chatting');
  }
}

/**
 * The frame of a live chat test suite, in the calling `describe`: a fresh simulator (and storage)
 * before each test; after it, what `after` closes (the test's operators), the faults cleared, and
 * for a failing test a report of what each of its chats showed.
 */
export function liveChatSuite(after?: () => Promise<void> | void): void {
  beforeEach(() => simulator.reset());
  afterEach(async () => {
    await after?.();
    await simulator.clearFaults();
  });
  afterEach(function (this: Mocha.Context) {
    const test = this.currentTest;
    if (test?.state === 'failed')
      for (const chat of LiveChatHarness.made) console.log(`${test.title}\n${chat.describe()}`);
    LiveChatHarness.made = [];
  });
}

export { delivered, FAST_RECONNECT };
