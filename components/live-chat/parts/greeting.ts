/**
 * The proactive greeting of the widget's configuration (`greeting: {id, text, delaySeconds, paths}`):
 * a small bubble above the closed launcher, after some seconds on the page (or only on some paths),
 * that opens the chat with that message first. Dismissible; shown once per visitor per greeting
 * (kept in localStorage); never on a phone, where it would cover the page's content. Loaded at idle
 * only when the page asks for it (`greeting` attribute): it costs one request to the service.
 */
import { fetchWidgetConfig } from '../../../src/services/chat.js';
import { readSetting, writeSetting } from '../../../src/storage/visitor-setting.js';
import { languageOf, stringsReady, translator } from '../../../src/i18n/translate.js';
import { pickLocalised } from '../../../src/i18n/localised.js';
import { LAST_RESORT_LANG } from '../../../src/i18n/lang.js';

const t = translator('launcher');

export interface GreetingHost {
  /** The launcher element (its language, its strings). */
  readonly element: Element;
  readonly root: ShadowRoot;
  readonly widgetKey: string;
  readonly opened: boolean;
  endpoint(): Promise<string | undefined>;
  /** Opens the chat window with this text shown first. */
  openWithGreeting(text: string): Promise<void>;
}

const css = `
  .greeting {
    position: fixed;
    bottom: calc(var(--_offset) + 68px);
    right: var(--_offset);
    z-index: 2147483000;
    display: flex;
    align-items: flex-start;
    gap: 4px;
    max-width: min(280px, calc(100vw - 2 * var(--_offset)));
    background: #fff;
    color: #1c2230;
    border-radius: 12px;
    box-shadow: var(--_shadow);
    font: 15px/1.4 system-ui, sans-serif;
  }
  .greeting.left {
    right: auto;
    left: var(--_offset);
  }
  .greeting .say {
    flex: 1;
    text-align: start;
    background: none;
    border: 0;
    color: inherit;
    font: inherit;
    padding: 12px 4px 12px 14px;
    cursor: pointer;
  }
  .greeting .dismiss {
    background: none;
    border: 0;
    color: #5b6474;
    font: inherit;
    padding: 6px 10px;
    cursor: pointer;
  }
`;

let sheet: CSSStyleSheet | undefined;

function seenKey(widgetKey: string, id: string): string {
  return `sportello-chat-greeted:${widgetKey}:${id}`;
}

// Where storage is refused the greeting may come again on another page; it stays dismissible.
const alreadyGreeted = (key: string): boolean => readSetting(key) === '1';
const remember = (key: string): void => writeSetting(key, '1');

/** Reads the widget's greeting and shows it when its time comes; returns a function that cancels it. */
export async function scheduleGreeting(host: GreetingHost, left: boolean): Promise<() => void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let bubble: HTMLElement | undefined;
  const cancel = () => {
    clearTimeout(timer);
    bubble?.remove();
  };
  // Never over a phone's content.
  if (matchMedia('(max-width: 480px)').matches) return cancel;
  const endpoint = await host.endpoint();
  if (!endpoint || !host.widgetKey) return cancel;
  let greeting;
  try {
    greeting = (await fetchWidgetConfig(endpoint.replace(/\/+$/, ''), host.widgetKey, languageOf(host.element)))
      .greeting;
    await stringsReady(languageOf(host.element), host.element, 'launcher');
  } catch {
    return cancel; // No greeting is better than an error before the visitor asked anything.
  }
  // The owner's words in the visitor's language where they wrote it (else English, marked as such).
  const visitor = languageOf(host.element);
  const text = pickLocalised(greeting?.text, [visitor, LAST_RESORT_LANG]);
  if (!greeting?.id || !text) return cancel;
  if (greeting.paths?.length && !greeting.paths.some((p) => location.pathname.startsWith(p))) return cancel;
  const key = seenKey(host.widgetKey, greeting.id);
  if (alreadyGreeted(key)) return cancel;
  timer = setTimeout(
    () => {
      if (!host.element.isConnected || host.opened || alreadyGreeted(key)) return;
      remember(key);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
      }
      if (!host.root.adoptedStyleSheets.includes(sheet))
        host.root.adoptedStyleSheets = [...host.root.adoptedStyleSheets, sheet];
      bubble = document.createElement('div');
      bubble.className = left ? 'greeting left' : 'greeting';
      bubble.setAttribute('role', 'status');
      const say = document.createElement('button');
      say.type = 'button';
      say.className = 'say';
      say.textContent = text.text;
      if (text.lang && text.lang !== visitor) say.lang = text.lang;
      say.addEventListener('click', () => {
        bubble?.remove();
        void host.openWithGreeting(text.text);
      });
      const dismiss = document.createElement('button');
      dismiss.type = 'button';
      dismiss.className = 'dismiss';
      dismiss.setAttribute(
        'aria-label',
        t({ language: languageOf(host.element), context: host.element }, 'dismissGreeting'),
      );
      dismiss.textContent = '✕';
      dismiss.addEventListener('click', () => bubble?.remove());
      bubble.append(say, dismiss);
      host.root.append(bubble);
    },
    Math.max(0, greeting.delaySeconds ?? 0) * 1000,
  );
  return cancel;
}
