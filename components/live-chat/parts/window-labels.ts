/**
 * The chat window's words: our catalogue in the visitor's language, overridden by the labels the
 * widget's configuration carries (the service's own label names mapped to our keys), and the
 * label objects handed to the message list and the composer, kept the same while their strings are.
 */
import type { WidgetConfig } from '../../../src/services/chat.js';
import type { ChatNotice } from '../../../src/model/chat/transcript.js';
import type { Lang } from '../../../src/i18n/lang.js';
import { StableRecord } from '../../shared/stable-record.js';
import { t, type ChatKey } from '../strings.js';
import { pickLocalised } from '../../../src/i18n/localised.js';
import { LAST_RESORT_LANG } from '../../../src/i18n/lang.js';

/** The simulator's (and the real widget's) label names → our catalogue keys. */
const SERVER_LABEL_KEYS: Record<string, ChatKey> = {
  welcome: 'prechatIntro',
  offline: 'offlineIntro',
  messagePlaceholder: 'placeholder',
  startChat: 'start',
  closeChat: 'endChat',
  rating: 'rateQuestion',
};

export type Translate = (key: ChatKey, params?: Record<string, string | number>) => string;

export class ChatWindowLabels {
  private cache?: { from: unknown; lang: string; labels: Partial<Record<ChatKey, string>> };
  private listCache = new Map<string, { lang: string; server: unknown; labels: Record<string, string> }>();
  /** The composer's labels: one object while their strings stay the same (see StableRecord). */
  private composer = new StableRecord<Record<string, string>>();
  /** The emoji picker's labels, kept the same the same way. */
  private emoji = new StableRecord<Record<string, string>>();

  constructor(
    private readonly source: { readonly language: Lang; readonly chat: { readonly config: WidgetConfig | undefined } },
  ) {}

  /**
   * The widget's labels in our keys: the server's own names mapped, then any key that matches ours.
   * Only labels in the visitor's language count: labels by language give the visitor's entry (none
   * if the service lacks it); flat labels count when the configuration says it answered in the
   * visitor's language (or does not say). A service without the visitor's language answers in its
   * default one: showing that over our catalogue would put Italian on a German page.
   */
  server(): Partial<Record<ChatKey, string>> | undefined {
    const raw = this.source.chat.config?.labels;
    if (!raw) return undefined;
    const lang = this.source.language;
    if (this.cache?.from === raw && this.cache.lang === lang) return this.cache.labels;
    const byLang = (raw as Record<string, unknown>)[lang];
    const isFlat = Object.values(raw).some((v) => typeof v === 'string');
    const flat = (byLang && typeof byLang === 'object' ? byLang : isFlat && this.answeredIn(lang) ? raw : {}) as Record<
      string,
      unknown
    >;
    const labels: Partial<Record<ChatKey, string>> = {};
    for (const [key, value] of Object.entries(flat)) {
      if (typeof value !== 'string' || !value.trim()) continue;
      const ours = (SERVER_LABEL_KEYS[key] ?? key) as ChatKey;
      labels[ours] = value;
    }
    this.cache = { from: raw, lang, labels };
    return labels;
  }

  /** Whether the widget configuration was given in `lang` (its `language` field), or does not say. */
  private answeredIn(lang: Lang): boolean {
    const answered = this.source.chat.config?.language;
    return typeof answered !== 'string' || answered.trim().toLowerCase().split(/[-_]/)[0] === lang;
  }

  /** A text of the widget configuration (its title, say) if it is in the visitor's language. */
  fromService(value: string | undefined): string | undefined {
    return value && this.answeredIn(this.source.language) ? value : undefined;
  }

  /**
   * A text the widget's owner wrote (a custom field's label, the privacy notice): in the visitor's
   * language where the owner wrote it, else in English (the kit's last resort), else as the service
   * gave it; `lang` is the language it is in when that is not the visitor's (for the element's
   * `lang` attribute), so a screen reader reads it in its own language.
   */
  ownerText(value: unknown): { text: string; lang: string | undefined } | undefined {
    const visitor = this.source.language;
    const given = this.source.chat.config?.language;
    const picked = pickLocalised(value, [visitor, LAST_RESORT_LANG], typeof given === 'string' ? given : undefined);
    return picked && { text: picked.text, lang: picked.lang && picked.lang !== visitor ? picked.lang : undefined };
  }

  /** The language the service's own data (category names) came in, when it is not the visitor's. */
  serviceLang(): string | undefined {
    const given = this.source.chat.config?.language;
    return typeof given === 'string' && !this.answeredIn(this.source.language) ? given : undefined;
  }

  // The window itself as speaker: the `strings` the live chat hands it (and its `<sportello-config>`'s) count.
  tr: Translate = (key, params = {}) => t(this.source, key, params, this.server());

  /**
   * The message list's labels, the same object while language and server labels stay: the list
   * rebuilds its cached rows whenever it gets a new labels object.
   */
  list(log: 'conversation' | 'pastLog'): Record<string, string> {
    const lang = this.source.language;
    const server = this.source.chat.config?.labels;
    const cached = this.listCache.get(log);
    if (cached && cached.lang === lang && cached.server === server) return cached.labels;
    const tr = this.tr;
    const labels = {
      log: tr(log),
      pending: tr('pending'),
      sent: tr('sent'),
      read: tr('read'),
      failed: tr('failed'),
      retry: tr('retry'),
      you: tr('you'),
    };
    this.listCache.set(log, { lang, server, labels });
    return labels;
  }

  composerLabels(): Record<string, string> {
    const tr = this.tr;
    return this.composer.of({
      input: tr('input'),
      placeholder: tr('placeholder'),
      send: tr('send'),
      attach: tr('attach'),
      remove: tr('remove'),
      retry: tr('retryUpload'),
      uploading: tr('uploading'),
      uploaded: tr('uploaded'),
      failed: tr('uploadFailed'),
      emoji: tr('emojiOpen'),
    });
  }

  emojiLabels(): Record<string, string> {
    const tr = this.tr;
    return this.emoji.of({
      dialog: tr('emojiPicker'),
      search: tr('emojiSearch'),
      categories: tr('emojiCategories'),
      results: tr('emojiResults'),
      recent: tr('emojiRecent'),
      none: tr('emojiNone'),
      failed: tr('emojiFailed'),
      tone: tr('emojiTone'),
      toneNone: tr('emojiToneNone'),
      toneLight: tr('emojiToneLight'),
      toneMediumLight: tr('emojiToneMediumLight'),
      toneMedium: tr('emojiToneMedium'),
      toneMediumDark: tr('emojiToneMediumDark'),
      toneDark: tr('emojiToneDark'),
    });
  }

  /** A system line of the thread in the visitor's language. */
  notice(n: ChatNotice): string {
    const tr = this.tr;
    switch (n.kind) {
      case 'joined':
        return tr('joined', { name: n.name });
      case 'left':
        return tr('systemLeft', { name: n.name });
      case 'transferred':
        return tr('systemTransferred', { from: n.from, to: n.to });
      case 'ended':
        if (n.by === 'visitor') return tr('systemEndedVisitor');
        if (n.by === 'operator')
          return n.name ? tr('systemEndedOperator', { name: n.name }) : tr('systemEndedOperatorUnnamed');
        return tr('systemEndedSystem');
    }
  }
}
