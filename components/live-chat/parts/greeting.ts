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
import { aboveCard, adoptAboveStyles } from './above-launcher.js';

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

function seenKey(widgetKey: string, id: string): string {
  return `sportello-chat-greeted:${widgetKey}:${id}`;
}

// Where storage is refused the greeting may come again on another page; it stays dismissible.
const alreadyGreeted = (key: string): boolean => readSetting(key) === '1';
const remember = (key: string): void => writeSetting(key, '1');

/** Reads the widget's greeting and shows it when its time comes; returns a function that cancels it. */
export async function scheduleGreeting(host: GreetingHost): Promise<() => void> {
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
      adoptAboveStyles(host.root);
      const made = aboveCard(
        'greeting',
        t({ language: visitor, context: host.element }, 'dismissGreeting'),
        () => {
          bubble?.remove();
          void host.openWithGreeting(text.text);
        },
        () => bubble?.remove(),
      );
      bubble = made.card;
      bubble.setAttribute('role', 'status');
      made.say.textContent = text.text;
      if (text.lang && text.lang !== visitor) made.say.lang = text.lang;
      host.root.append(bubble);
    },
    Math.max(0, greeting.delaySeconds ?? 0) * 1000,
  );
  return cancel;
}
