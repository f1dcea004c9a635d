/**
 * The live-chat simulator's seed: categories (and who answers them), widgets (keys, labels, business
 * hours), users, the bot, attachment limits — the data in data/seed.json, documented in ./README.md;
 * here their shapes and the rules that read them.
 */
import { readSeed } from '../core/seed-data.js';

export type Language = 'it' | 'en';
export const LANGUAGES: Language[] = ['it', 'en'];

/**
 * Who takes a chat of a category:
 * - `script`: the scripted operator always joins after a short queue;
 * - `script-unless-operator`: the scripted operator joins only while no real operator is connected
 *   over STOMP and available (`online`); otherwise the chat waits in the pending lists;
 * - `human`: never auto-joined; a real operator takes it with `POST /api/chat/join`;
 * - `bot`: the bot answers first, with quick replies; asking for a human hands over as
 *   `script-unless-operator`.
 */
export type Routing = 'script' | 'script-unless-operator' | 'human' | 'bot';

export interface Category {
  idChatCategory: number;
  code: string;
  title: Record<Language, string>;
  description: Record<Language, string>;
  active: boolean;
  opened: boolean;
  priority: number;
  color: string;
  routing: Routing;
}

export interface User {
  idUser: number;
  username: string;
  nickname: string;
  password?: string;
  /** Only operators may join chats and connect over STOMP. */
  operator: boolean;
}

/** Weekly hours in the widget's time zone; day 1 = Monday … 7 = Sunday (ISO). */
export interface BusinessHours {
  timeZone: string;
  days: Array<{ day: number; open: string; close: string }>;
}

export interface Widget {
  key: string;
  /** Forced offline regardless of hours. */
  forceOffline: boolean;
  businessHours: BusinessHours;
  /** The ways a visitor may ask to be contacted when nobody is online (both when not said). */
  contactRequest?: { email: boolean; phone: boolean };
}

type Day = BusinessHours['days'][number];

/** The shape of data/seed.json. A widget names its weekly schedule (`all-week`, `office`). */
interface ChatSeed {
  categories: Category[];
  users: User[];
  /** The scripted operator; not a STOMP user. */
  scriptOperator: User;
  /** The bot's author. */
  bot: { name: string };
  schedules: Record<string, Day[]>;
  widgets: Array<Omit<Widget, 'businessHours'> & { timeZone: string; schedule: string }>;
  attachments: {
    maxBytes: number;
    maxFilesPerMessage: number;
    /** Raster images are also served inline by `/public/api/attachments/image`. */
    contentTypes: string[];
  };
  labels: Record<Language, Record<string, string>>;
  /** The owner's privacy notice, one per language tag (not limited to `Language`: see README "privacy"). */
  privacy: Record<string, string>;
}

const seed = readSeed<ChatSeed>(new URL('./data/seed.json', import.meta.url));

export const CATEGORIES = seed.categories;
export const SCRIPT_OPERATOR = seed.scriptOperator;
export const BOT_AUTHOR = seed.bot;
export const USERS: User[] = [...seed.users, SCRIPT_OPERATOR];
export const WIDGETS: Widget[] = seed.widgets.map(({ timeZone, schedule, ...widget }) => {
  const days = seed.schedules[schedule];
  if (!days) throw new Error(`chat seed: widget ${widget.key} names no schedule "${schedule}"`);
  return { ...widget, businessHours: { timeZone, days } };
});
/** The contact channels of a widget that does not name its own. */
export const BOTH_CONTACT_CHANNELS = { email: true, phone: true };
export const ATTACHMENT_LIMITS = seed.attachments;
export const LABELS = seed.labels;
export const PRIVACY = seed.privacy;

/** True when `now` falls inside the widget's business hours. */
export function isWithinHours(hours: BusinessHours, now: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: hours.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  const minutes = Number(get('hour')) * 60 + Number(get('minute'));
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return hours.days.some((d) => d.day === day && minutes >= toMinutes(d.open) && minutes < toMinutes(d.close));
}

export function isOnline(widget: Widget, now = new Date()): boolean {
  return !widget.forceOffline && isWithinHours(widget.businessHours, now);
}

export function pickLanguage(raw: unknown): Language {
  return typeof raw === 'string' && raw.toLowerCase().startsWith('en') ? 'en' : 'it';
}
