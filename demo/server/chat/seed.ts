/**
 * Deterministic seed data of the live-chat simulator: categories (and who answers them), widgets
 * (keys, look, labels, business hours) and users. Documented in ./README.md.
 */

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

export const CATEGORIES: Category[] = [
  {
    idChatCategory: 1,
    code: 'SUPPORT',
    active: true,
    opened: true,
    priority: 1,
    color: '#1f6feb',
    routing: 'script-unless-operator',
    title: { it: 'Assistenza', en: 'Support' },
    description: { it: 'Problemi con un servizio o una pratica', en: 'Problems with a service or a practice' },
  },
  {
    idChatCategory: 2,
    code: 'SALES',
    active: true,
    opened: true,
    priority: 2,
    color: '#2da44e',
    routing: 'script',
    title: { it: 'Informazioni commerciali', en: 'Sales information' },
    description: { it: 'Prezzi, offerte e contratti', en: 'Prices, offers and contracts' },
  },
  {
    idChatCategory: 3,
    code: 'BOT',
    active: true,
    opened: true,
    priority: 1,
    color: '#8250df',
    routing: 'bot',
    title: { it: 'Assistente automatico', en: 'Automatic assistant' },
    description: { it: 'Risposte immediate alle domande frequenti', en: 'Instant answers to frequent questions' },
  },
  {
    idChatCategory: 4,
    code: 'HUMAN',
    active: true,
    opened: true,
    priority: 3,
    color: '#bf3989',
    routing: 'human',
    title: { it: 'Operatore (pagina demo)', en: 'Operator (demo page)' },
    description: {
      it: 'Risponde una persona dalla pagina operatore della demo',
      en: 'A person answers from the demo operator page',
    },
  },
];

export interface User {
  idUser: number;
  username: string;
  nickname: string;
  password?: string;
  /** Only operators may join chats and connect over STOMP. */
  operator: boolean;
}

/** The scripted operator; not a STOMP user. */
export const SCRIPT_OPERATOR: User = { idUser: 900, username: 'giulia.script', nickname: 'Giulia', operator: true };
/** The bot's author. */
export const BOT_AUTHOR = { name: 'Sportellino' };

export const USERS: User[] = [
  { idUser: 1, username: 'operator', nickname: 'Operatore Demo', password: 'operator', operator: true },
  { idUser: 2, username: 'viewer', nickname: 'Viewer', password: 'viewer', operator: false },
  // A second real operator: chats are transferred to her (PUT /api/chat/assign), or she writes in one she did not join.
  { idUser: 3, username: 'marta', nickname: 'Marta', password: 'marta', operator: true },
  SCRIPT_OPERATOR,
];

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

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '00:00', close: '24:00' }));
const OFFICE = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '18:00' }));

export const WIDGETS: Widget[] = [
  // Always online, so tests and screenshots do not depend on the clock.
  { key: 'demo', forceOffline: false, businessHours: { timeZone: 'Europe/Rome', days: ALL_WEEK } },
  // Always online, with custom pre-chat fields (one required) and a proactive greeting.
  { key: 'demo-greeting', forceOffline: false, businessHours: { timeZone: 'Europe/Rome', days: ALL_WEEK } },
  // Always offline: the widget shows the contact-request form.
  { key: 'demo-offline', forceOffline: true, businessHours: { timeZone: 'Europe/Rome', days: OFFICE } },
  // Real office hours (Mon–Fri 09–18 Europe/Rome): online or not depends on the clock.
  { key: 'demo-hours', forceOffline: false, businessHours: { timeZone: 'Europe/Rome', days: OFFICE } },
  // Always offline, and it calls nobody back: contact requests by e-mail only.
  {
    key: 'demo-offline-email',
    forceOffline: true,
    businessHours: { timeZone: 'Europe/Rome', days: OFFICE },
    contactRequest: { email: true, phone: false },
  },
];

export const BOTH_CONTACT_CHANNELS = { email: true, phone: true };

export const ATTACHMENT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxFilesPerMessage: 5,
  /** Raster images are also served inline by `/public/api/attachments/image`. */
  contentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'],
};

export const LABELS: Record<Language, Record<string, string>> = {
  it: {
    title: 'Parla con noi',
    subtitle: 'Di solito rispondiamo in pochi minuti',
    welcome: 'Ciao! Come possiamo aiutarti?',
    offline: 'Ora siamo chiusi. Lasciaci un messaggio e ti ricontatteremo.',
    namePlaceholder: 'Il tuo nome',
    emailPlaceholder: 'La tua e-mail',
    messagePlaceholder: 'Scrivi un messaggio…',
    send: 'Invia',
    startChat: 'Inizia la chat',
    closeChat: 'Termina la chat',
    queue: 'Sei in coda: posizione {position}',
    rating: 'Come valuti questa conversazione?',
  },
  en: {
    title: 'Talk to us',
    subtitle: 'We usually answer within minutes',
    welcome: 'Hi! How can we help?',
    offline: 'We are closed now. Leave us a message and we will get back to you.',
    namePlaceholder: 'Your name',
    emailPlaceholder: 'Your e-mail',
    messagePlaceholder: 'Write a message…',
    send: 'Send',
    startChat: 'Start chat',
    closeChat: 'End chat',
    queue: 'You are in the queue: position {position}',
    rating: 'How would you rate this conversation?',
  },
};

export const PRIVACY: Record<Language, string> = {
  it: 'I dati che inserisci sono usati solo per rispondere alla tua richiesta. Informativa: https://example.com/privacy',
  en: 'The data you enter are used only to answer your request. Privacy notice: https://example.com/privacy',
};

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
