import type { ChatDestinations } from '../../src/services/chat.js';
import type { Strings } from '../../src/i18n/catalogue-types.js';
import type { TokenProvider } from '../../src/config.js';
import { launcherCss, windowCss } from './live-chat.styles.js';
import type { HandoffInput, SportelloLiveChatWindow } from './parts/chat-window.js';
import './events.js';
import type { ChatIncomingDetail, ChatLookDetail } from './events.js';
import { LiveChatAttributes } from './parts/launcher-attributes.js';
import { LauncherButton } from './parts/launcher-button.js';
import { LauncherTextState, followPageLang, unfollowPageLang } from './parts/launcher-text.js';
import { NavigationWatch } from './parts/navigation-watch.js';
import { hasStoredChat, readOpenFlag, startedElsewhere, writeOpenFlag } from './parts/stored-chat.js';
import { LauncherLook } from './parts/widget-look.js';
import { AboveLauncherCards } from './parts/above-launcher-cards.js';
import { idle, loadWindow } from './parts/window-loader.js';

/** Reconnect tuning of the window's STOMP client. */
type StompTuning = { reconnect?: { baseDelayMs?: number; maxDelayMs?: number } };
interface WindowProperties {
  tokenProvider?: TokenProvider | undefined;
  destinations?: Partial<ChatDestinations> | undefined;
  stomp?: StompTuning | undefined;
  strings?: Strings | undefined;
}

// Every module imported statically above is part of the closed launcher's one file (`cdn/live-chat.js`):
// none of them imports the window, Lit or a catalogue; those come with `import()`.

let sheet: CSSStyleSheet | undefined;
let frameSheet: CSSStyleSheet | undefined;

/**
 * The visitor's live chat: a launcher bubble with an unread badge that opens the chat window as a
 * dialog, or an inline window (`mode="inline"`). Until the visitor shows intent (a pointer over or
 * focus on the launcher, a touch, `open()`) only this launcher is loaded — plain DOM, no Lit, no
 * STOMP, no request to the service — so it costs a page almost nothing; the window then arrives as
 * a separate chunk (at idle instead while a chat is running, or where the page sets `preload`).
 *
 * @summary Live chat with operators and bots over the chat service's public API and STOMP.
 * @attr widget-key - Public widget key of the chat service.
 * @attr lang - The element's language: `it`, `en`, `de`, `fr` and `es` are built in, any other comes through `strings`. Without it, the nearest `lang` above the element (a `<sportello-config lang>`, the page's `<html lang>`), then `configure({ lang })`.
 * @attr theme - `dark` or `light` forces that colour scheme, `auto` follows the visitor's system (`prefers-color-scheme`); without it the element follows the page's CSS `color-scheme` (light unless the page declares `light dark`), or a `<sportello-config theme>` above it.
 * @attr endpoint - `{chat_base_url}` or a proxy serving the same paths.
 * @attr mode - `launcher` (bubble + dialog, default) or `inline`.
 * @attr position - `bottom-end` (default: bottom-right in a left-to-right page, bottom-left in a right-to-left one), `bottom-start`, or the physical `bottom-right` / `bottom-left`.
 * @attr open - Whether the window is open (launcher mode).
 * @attr name - Prefilled visitor name.
 * @attr email - Prefilled e-mail.
 * @attr category - Prefilled category id.
 * @attr message - Prefilled first message.
 * @attr report-navigation - Report the page the visitor is on (`add-navigation-page`); default on, `report-navigation="false"` turns it off.
 * @attr desk-target - id of a `<sportello-desk-form>` on the page: when the chat is offline or ended, the window offers "Open a request instead", which fills that form's subject and description (the transcript) and moves there.
 * @event {CustomEvent<ChatDeskHandoffDetail>} sportello-chat-desk-handoff - `{ target, subject, transcript, name, email }` before the hand-over to the desk form; cancel it to do it your own way.
 * @attr sound - Play a short sound when messages arrive while the visitor is not looking (another tab, the window closed): once per burst (messages less than 10 s apart). Off by default; silent until the page may play sound. The visitor can turn it off (and on again) from the window's header: remembered in this browser for the site.
 * @attr notifications - Offer desktop notifications for new messages in a hidden tab (the visitor opts in with a button; the browser asks). Without it, none, even where the browser already allows the site's notifications.
 * @attr greeting - Show the widget's proactive greeting (its configuration's `greeting`) above the closed launcher: one request to the service at idle; never on phones, once per visitor per greeting.
 * @attr preload - Load the chat window when the browser is idle, before the visitor shows intent (default: only on intent — a pointer over or focus on the launcher, a touch, `open()` — or when a chat is running).
 * @attr answers-kb - Knowledge base ids (space-separated) of the AI service to search while the visitor writes their question in the pre-chat form: up to three answers are offered before they wait for a person (they can always start the chat). Also from `<sportello-config answers-kb>` or `configure({ answers: { knowledgeBases } })`; the AI service is found as the AI panel finds it (`ai-endpoint`, `configure({ endpoints: { ai } })`).
 * @attr answers-agent - Instead of `answers-kb`: an AI agent whose knowledge bases are searched (`<sportello-config answers-agent>`, `configure({ answers: { agent } })`).
 * @event {CustomEvent<ChatDeflectedDetail>} sportello-chat-deflected - `{ question, answerId, kind, title }` an answer before a chat solved the visitor's problem ("This answered my question"); no chat was started.
 * @attr past-chats - Keep ended chats on this device so the visitor can read them again (last 5); default on, `past-chats="false"` keeps none and deletes those kept.
 * @event {CustomEvent} sportello-chat-open - The window opened.
 * @event {CustomEvent} sportello-chat-close - The window closed.
 * @event {CustomEvent<ChatIdDetail>} sportello-chat-started - `{ idChat }` a conversation started.
 * @event {CustomEvent<ChatIdDetail>} sportello-chat-ended - `{ idChat }` a conversation ended.
 * @event {CustomEvent<SportelloErrorDetail>} sportello-error - `{ error, operation }` something failed (also shown in the window).
 * @cssstate open - The window is open.
 * @cssstate loading - The widget is loading.
 * @cssstate error - The widget failed to load or is not configured.
 * @cssstate queued - Waiting for an operator.
 * @cssstate chatting - A conversation is running.
 * @cssstate ended - The conversation has ended.
 *
 * @csspart launcher - The launcher button.
 * @csspart badge - The unread counter.
 * @csspart window - The chat window (a dialog in launcher mode).
 * @csspart header - The window's header.
 * @csspart body - The window's body (forms, states).
 * @csspart composer - The message composer.
 * @csspart composer-form - The composer's form.
 * @csspart composer-input - The message field.
 * @csspart composer-send - The send button.
 * @csspart composer-attach - The attach button.
 * @csspart composer-attachment - An attachment in the composer's tray.
 * @csspart error - A failure notice; `error-retry`, `error-support`, `error-dismiss` its parts.
 * @cssproperty --sportello-chat-width - Window width (default 380px).
 * @cssproperty --sportello-chat-height - Window height (default 560px).
 * @cssproperty --sportello-chat-offset - Distance of launcher and window from the corner (default 20px).
 * @cssproperty --sportello-chat-visitor-bubble - Background of the visitor's messages (default: the service's `visitorBubble`, else the accent).
 * @cssproperty --sportello-chat-visitor-bubble-text - Text on the visitor's messages (default: readable on their background).
 * @cssproperty --sportello-chat-operator-bubble - Background of operators' and bots' messages (default: the service's `operatorBubble`, else `--sportello-surface-alt`).
 * @cssproperty --sportello-chat-operator-bubble-text - Text on operators' and bots' messages (default: readable on their background).
 * @cssproperty --sportello-accent - Launcher colour.
 * @cssproperty --sportello-accent-contrast - Text on the accent colour (default #ffffff, dark #0d1526).
 * @cssproperty --sportello-surface - Background (default #ffffff, dark #1a1e26).
 * @cssproperty --sportello-surface-alt - Second background: bubbles, cards (default #f3f5f9, dark #252a34).
 * @cssproperty --sportello-text - Text colour (default #1c2230, dark #e7eaf0).
 * @cssproperty --sportello-text-muted - Secondary text (default #5b6474, dark #a8b0bd).
 * @cssproperty --sportello-border - Borders (default #d5dbe5, dark #4a5262).
 * @cssproperty --sportello-danger - Errors (default #b42318, dark #ff8e84).
 * @cssproperty --sportello-danger-surface - Background of errors (default #fdecea, dark #3a1a18).
 * @cssproperty --sportello-warning - Warnings (default #8a5a00, dark #f2c265).
 * @cssproperty --sportello-warning-surface - Background of warnings (default #fff6e0, dark #352a10).
 * @cssproperty --sportello-success - Success (default #146c43, dark #74d6a0).
 * @cssproperty --sportello-success-surface - Background of success (default #e7f6ee, dark #11301f).
 * @cssproperty --sportello-focus-ring - Focus outline (default #1a4fd0, dark #9cbcff).
 * @cssproperty --sportello-radius - Corner radius (default 10px).
 * @cssproperty --sportello-radius-small - Small corner radius (default 6px).
 * @cssproperty --sportello-font - Font family (default system-ui).
 * @cssproperty --sportello-font-mono - Monospace font (codes, references).
 * @cssproperty --sportello-font-size - Base font size (default 15px).
 * @cssproperty --sportello-space - Spacing unit (default 8px).
 * @cssproperty --sportello-shadow - Shadow of floating parts (launcher, panels).
 */
export class SportelloLiveChat extends LiveChatAttributes {
  /** Every documented attribute: each takes effect whenever it is set, before or after the element is in the page. */
  static observedAttributes = [
    'widget-key',
    'endpoint',
    'mode',
    'position',
    'open',
    'name',
    'email',
    'category',
    'message',
    'lang',
    'desk-target',
    'sound',
    'notifications',
    'greeting',
    'report-navigation',
    'preload',
    'past-chats',
    'answers-kb',
    'answers-agent',
  ];

  /** Bearer token source (portals), the same type `configure()` and the other elements take; passed to the window. */
  get tokenProvider(): TokenProvider | undefined {
    return this.windowProperties.tokenProvider;
  }
  set tokenProvider(v: TokenProvider | undefined) {
    this.setWindowProperty('tokenProvider', v);
  }
  /** Overrides of the STOMP destinations and the socket's path (see design: visitor protocol). */
  get destinations(): Partial<ChatDestinations> | undefined {
    return this.windowProperties.destinations;
  }
  set destinations(v: Partial<ChatDestinations> | undefined) {
    this.setWindowProperty('destinations', v);
  }
  /** Reconnect tuning, mostly for tests. */
  get stomp(): StompTuning | undefined {
    return this.windowProperties.stomp;
  }
  set stomp(v: StompTuning | undefined) {
    this.setWindowProperty('stomp', v);
  }
  /** Integrator strings for the launcher and the window, by language (see the README's "Languages"). */
  get strings(): Strings | undefined {
    return this.windowProperties.strings;
  }
  set strings(v: Strings | undefined) {
    this.setWindowProperty('strings', v);
    this.text.loadFull();
  }
  /** The properties the launcher passes on to its window, as the page last set them. */
  private readonly windowProperties: WindowProperties = {};
  private setWindowProperty<K extends keyof WindowProperties>(key: K, value: WindowProperties[K]): void {
    this.windowProperties[key] = value;
    if (this.built) this.render();
  }
  private readonly root: ShadowRoot;
  private readonly frame: HTMLDivElement;
  private readonly button = new LauncherButton();
  private readonly launcher = this.button.button;
  private unread = 0;
  private readonly text = new LauncherTextState(this, () => this.render());
  private readonly look: LauncherLook;
  private readonly navigation = new NavigationWatch(() => {
    if (this.reportNavigation) this.chatWindow?.reportPage(location.href, document.title);
  });
  private loaded = false;
  private warned = false;
  private built = '';

  /**
   * Custom states (`:state(chatting)`…), mirrored from the window; undefined in engines without them.
   * Attached on the first state to show (the window's first render, or `open`): a closed launcher
   * that is never opened has no state to show and does not pay for ElementInternals while the page starts.
   */
  private internalsValue: ElementInternals | undefined | null = null;
  private get internals(): ElementInternals | undefined {
    if (this.internalsValue === null) {
      try {
        this.internalsValue = this.attachInternals();
      } catch {
        this.internalsValue = undefined;
      }
    }
    return this.internalsValue;
  }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(launcherCss);
    }
    this.root.adoptedStyleSheets = [sheet];
    this.look = new LauncherLook(this, this.root);
    this.above = new AboveLauncherCards({
      element: this,
      root: this.root,
      widgetKey: () => this.widgetKey,
      inline: () => this.mode === 'inline',
      opened: () => this.opened,
      endpoint: () => this.chatEndpoint(),
      show: () => this.show(),
    });
    this.frame = document.createElement('div');
    this.frame.className = 'window';
    this.frame.id = 'chat-window';
    this.frame.setAttribute('part', 'window');
    this.frame.addEventListener('keydown', (e) => this.onKeydown(e));
    this.frame.addEventListener('sportello-chat-close-request', (e) => {
      e.stopPropagation();
      void this.close();
    });
    this.frame.addEventListener('sportello-chat-incoming', (e) =>
      this.onIncoming(e as CustomEvent<ChatIncomingDetail>),
    );
    // A desktop notification was clicked: the visitor wants the conversation.
    this.frame.addEventListener('sportello-chat-notification-click', (e) => {
      e.stopPropagation();
      void this.show();
    });
    this.frame.addEventListener('sportello-chat-look', (e) => {
      e.stopPropagation();
      this.look.update(this.widgetKey, (e as CustomEvent<ChatLookDetail>).detail);
    });
    this.launcher.addEventListener('click', () => void this.toggle());
    // The first sign of intent fetches the window: a pointer over the launcher, focus, a touch.
    this.launcher.addEventListener('pointerenter', () => void loadWindow());
    this.launcher.addEventListener('focus', () => void loadWindow());
    this.launcher.addEventListener('touchstart', () => void loadWindow(), { passive: true });
  }

  /**
   * The window's states, so the page can style `sportello-live-chat:state(chatting)`; called by the
   * window after each render (the launcher itself knows only whether it is open).
   * @internal
   */
  mirrorStates(states: Record<string, boolean>): void {
    const set = this.internals?.states;
    if (!set) return;
    for (const [name, on] of Object.entries({ ...states, open: this.opened })) {
      try {
        if (on) set.add(name);
        else set.delete(name);
      } catch {
        // Engines that accept only `--name` states: unstyled by state, nothing else lost.
      }
    }
  }

  /**
   * The configuration module is shared with the window (which needs it anyway): the launcher
   * imports it only when it checks its attributes, at idle or on interaction, so that the closed
   * launcher is one module with no static imports.
   */
  private async chatEndpoint(): Promise<string | undefined> {
    // Not destructured: the build reaches this module's functions through a namespace
    // (`import(…).then((n) => n.x)`), and Vite's app builds rewrite a destructured dynamic import
    // into one that drops that `.then` (the npm package broke every Vite app's live chat).
    const config = await import('../../src/config.js');
    return config.resolveConfig(this, 'chat', { endpoint: this.endpoint, tokenProvider: this.tokenProvider }).endpoint;
  }

  /** The loaded window element, once its chunk is in. */
  get chatWindow(): SportelloLiveChatWindow | null {
    return this.frame.querySelector('sportello-live-chat-window');
  }

  // ---- lifecycle ---------------------------------------------------------------------------

  connectedCallback(): void {
    this.upgradeProperties();
    // The service's look as this browser last saw it: the launcher is painted in it from the start.
    this.look.restore(this.widgetKey);
    this.render();
    // The pages a visitor moves through are reported by the window: watched once it is there.
    if (this.loaded) this.navigation.watch(true);
    // configure() or a <sportello-config> changed (new strings, a new language): the full rule again.
    document.addEventListener('sportello-config-change', this.onConfigChange);
    if (this.mode === 'inline' || this.opened) {
      this.showWindow();
      return;
    }
    // The closed launcher touches no storage while the page starts: the first sessionStorage /
    // localStorage access (and a `storage` listener) opens the browser's storage area, a few ms of
    // main thread at 4x throttle, for what matters only to a visitor already chatting. At idle:
    idle(() => {
      if (!this.isConnected) return;
      // Renders again only when the labels' language changed since connectedCallback rendered (a page
      // that set <html lang> meanwhile): the usual idle render changed nothing and cost ~2 ms at 4x.
      followPageLang(this, () => {
        if (this.text.refresh()) this.render();
      });
      this.text.loadFullIfConfigured();
      // localStorage first: the `storage` listener added after it costs the page a third of what it
      // costs as the first touch of storage (measured at 4x: 6.6 + 4.6 ms the other way round, 6.4 + 1.8 ms this way).
      const stored = hasStoredChat();
      this.listenToStorage();
      // Moving to another page of the site mid-chat: the window opens again where the visitor left it.
      if (stored && !this.opened && readOpenFlag()) this.opened = true;
      // A running chat is followed (unread count); otherwise nothing is paid before the visitor
      // shows intent, unless the page asks for the window at idle (`preload`).
      else if (stored) void this.ensureWindow(true);
      this.idlePassed = true;
      this.preloadIfAsked();
      this.above.connected(stored);
    });
  }

  /** The idle work of connectedCallback is done: `preload` and `greeting` set from now on act at once. */
  private idlePassed = false;

  /** `preload`: the window's files at idle, before the visitor shows intent. */
  private preloadIfAsked(): void {
    if (this.idlePassed && this.hasAttribute('preload') && this.mode !== 'inline') void loadWindow();
  }

  /** An inline window, or an open one: it follows the page's language and loads, with the chat, at once. */
  private showWindow(): void {
    followPageLang(this, () => this.render());
    if (this.opened) this.text.loadFull();
    this.listenToStorage();
    void this.ensureWindow(true);
  }

  /** The greeting and the new message's preview above the closed launcher. */
  private readonly above: AboveLauncherCards;

  private listening = false;
  private listenToStorage(): void {
    if (this.listening) return;
    this.listening = true;
    window.addEventListener('storage', this.onStorage);
  }

  private readonly onConfigChange = (): void => {
    if (this.mode !== 'inline') this.text.loadFull();
    this.above.greetIfConfigured();
  };

  disconnectedCallback(): void {
    document.removeEventListener('sportello-config-change', this.onConfigChange);
    unfollowPageLang(this);
    // The window's controller closes its connection when detached; a re-attached element activates again.
    this.activation = undefined;
    this.above.disconnected();
    this.idlePassed = false;
    this.navigation.watch(false);
    window.removeEventListener('storage', this.onStorage);
    this.listening = false;
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (!this.isConnected || previous === value) return;
    if (name === 'open') {
      writeOpenFlag(this.opened);
      this.mirrorStates({});
      this.emit(this.opened ? 'sportello-chat-open' : 'sportello-chat-close');
      if (this.opened) {
        this.unread = 0;
        this.above.windowOpened();
        void this.ensureWindow(true);
      }
    }
    if (name === 'endpoint' || name === 'widget-key') this.above.greetIfConfigured();
    // Set after the element is in the page (a framework's property, a page script): what
    // connectedCallback would have done for it happens now.
    if (name === 'mode' && this.mode === 'inline') this.showWindow();
    if (name === 'preload') this.preloadIfAsked();
    if (name === 'greeting' && value === null) this.above.greetingRemoved();
    else if (name === 'greeting') this.above.greetIfAsked(hasStoredChat());
    // An upgrade reports every attribute already present before connectedCallback, which renders
    // once for all of them.
    if (this.built) this.render();
    // Shown now (the frame is no longer hidden): what the tab title counted has been seen.
    if (name === 'open' && this.opened) this.chatWindow?.seen();
  }

  /** Another tab started a chat: wake the window here too, so this tab follows it (and counts unread). */
  private onStorage = (e: StorageEvent): void => {
    if (startedElsewhere(e) && !this.chatWindow?.chat.conversation.idChat) {
      void this.ensureWindow(true);
    }
  };

  private activation?: Promise<SportelloLiveChatWindow | null>;

  /** Loads the window chunk; with `activate`, also loads the chat (once per connection). */
  private ensureWindow(activate: boolean): Promise<SportelloLiveChatWindow | null> {
    if (activate) return (this.activation ??= this.loadAndActivate(true));
    return this.loadAndActivate(false);
  }

  private async loadAndActivate(activate: boolean): Promise<SportelloLiveChatWindow | null> {
    if (!this.isConnected) return null;
    await Promise.all([this.checkAttributes(), loadWindow()]);
    let win = this.chatWindow;
    if (!win) {
      win = document.createElement('sportello-live-chat-window');
      // The window's parts are the launcher's: a page styles the composer with ::part(composer-input).
      win.setAttribute(
        'exportparts',
        'header, body, composer, composer-form, composer-input, composer-send, composer-attach, composer-attachment, error, error-retry, error-support, error-dismiss',
      );
      this.loaded = true;
      this.frame.replaceChildren(win);
      // Moves before this are not lost: an activated window reports the page it starts on.
      this.navigation.watch(true);
    }
    this.configureWindow(win);
    if (activate) {
      await win.activate();
      if (this.reportNavigation) win.reportPage(location.href, document.title);
    }
    return win;
  }

  private configureWindow(win: SportelloLiveChatWindow): void {
    win.widgetKey = this.widgetKey;
    win.endpoint = this.endpoint;
    win.tokenProvider = this.tokenProvider;
    win.destinations = this.destinations;
    win.stomp = this.stomp;
    win.keepPastChats = this.getAttribute('past-chats') !== 'false';
    win.deskTarget = this.getAttribute('desk-target') ?? undefined;
    if (this.above.greetingText) win.greeting = this.above.greetingText;
    win.sound = this.hasAttribute('sound');
    win.notifications = this.hasAttribute('notifications');
    win.closable = this.mode !== 'inline';
    win.prefill = this.prefill;
    win.strings = this.strings;
    win.answersKb = this.getAttribute('answers-kb') ?? undefined;
    win.answersAgent = this.getAttribute('answers-agent') ?? undefined;
    const lang = this.getAttribute('lang');
    if (lang) win.setAttribute('lang', lang);
  }

  private async checkAttributes(): Promise<void> {
    const endpoint = await this.chatEndpoint();
    if ((!endpoint || !this.widgetKey) && !this.warned) {
      this.warned = true;
      console.warn(`[sportello] <sportello-live-chat> needs ${!endpoint ? '`endpoint`' : '`widget-key`'}.`);
    }
    this.warnAboutUnknownValues();
  }

  // ---- public API --------------------------------------------------------------------------

  /** Opens the chat window and moves focus into it (also `open()`). */
  async show(): Promise<void> {
    this.opened = true;
    this.unread = 0;
    this.render();
    const win = await this.ensureWindow(true);
    await win?.focusFirst();
  }

  /** Opens the window (alias of `show`). */
  openChat(): Promise<void> {
    return this.show();
  }

  /** Closes the window (the conversation goes on) and gives focus back to the launcher. */
  async close(): Promise<void> {
    if (this.mode === 'inline' || !this.opened) return;
    this.opened = false;
    this.launcher.focus();
  }

  /** Opens the window if it is closed, else closes it (launcher mode). */
  toggle(): Promise<void> {
    return this.opened ? this.close() : this.show();
  }

  /**
   * Handoff from the AI panel: opens the window, starts (or reuses) a chat with the visitor's name
   * and sends the AI transcript as the first message, so the operator has the context.
   */
  async startFromHandoff(input: HandoffInput): Promise<void> {
    await this.show();
    await this.chatWindow?.startFromHandoff(input);
  }

  /** Resolves after pending renders of the window (tests and pages that await updates). */
  get updateComplete(): Promise<boolean> {
    return this.text.settled.then(() => this.chatWindow?.updateComplete ?? true);
  }

  // ---- rendering ---------------------------------------------------------------------------

  private emit(name: 'sportello-chat-open' | 'sportello-chat-close'): void {
    this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail: {} }));
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Escape' && this.mode !== 'inline' && this.opened) {
      e.stopPropagation();
      void this.close();
    }
  }

  private onIncoming(e: CustomEvent<ChatIncomingDetail>): void {
    e.stopPropagation();
    if (!this.opened && this.mode !== 'inline') {
      this.unread += e.detail.count;
      this.render();
      const preview = e.detail.preview;
      if (preview) void this.above.showPreview(preview.from, preview.text);
    }
  }

  /** Adds the window frame's styles the first time the frame is shown. */
  private adoptWindowStyles(): void {
    if (!frameSheet) {
      frameSheet = new CSSStyleSheet();
      frameSheet.replaceSync(windowCss);
    }
    if (!this.root.adoptedStyleSheets.includes(frameSheet))
      this.root.adoptedStyleSheets = [...this.root.adoptedStyleSheets, frameSheet];
  }

  private render(): void {
    const inline = this.mode === 'inline';
    if (inline || this.opened) this.adoptWindowStyles();
    const structure = inline ? 'inline' : 'launcher';
    if (this.built !== structure) {
      this.built = structure;
      this.root.replaceChildren(...(inline ? [this.frame] : [this.frame, this.launcher]));
      if (!this.loaded && inline) {
        const loading = document.createElement('div');
        loading.className = 'loading';
        loading.setAttribute('role', 'status');
        loading.textContent = '…';
        this.frame.replaceChildren(loading);
      }
    }
    if (inline) {
      this.frame.removeAttribute('role');
      this.frame.removeAttribute('aria-label');
      this.frame.hidden = false;
      if (this.chatWindow) this.configureWindow(this.chatWindow);
      return;
    }
    this.frame.setAttribute('role', 'dialog');
    this.text.refresh();
    const labels = this.text.labels;
    if (labels) this.frame.setAttribute('aria-label', labels.dialog);
    this.frame.hidden = !this.opened;
    const unread = this.unread && !this.opened ? this.unread : 0;
    // A count needs the plural rules of the full path; it is on its way when there is one.
    if (unread && !labels?.unread) this.text.loadFull();
    this.button.render(this.opened, unread, labels);
    if (this.chatWindow) this.configureWindow(this.chatWindow);
  }
}

const existing = customElements.get('sportello-live-chat');
if (!existing) customElements.define('sportello-live-chat', SportelloLiveChat);
else if (existing !== SportelloLiveChat)
  console.info('[sportello] <sportello-live-chat> is already defined by another copy of the kit; keeping the first.');

declare global {
  interface HTMLElementTagNameMap {
    'sportello-live-chat': SportelloLiveChat;
  }
}
