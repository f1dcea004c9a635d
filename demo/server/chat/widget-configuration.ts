/**
 * Each widget's `configuration` (spec §2.2: a widget has `title`, `description`, `active`,
 * `configuration` as a JSON string and `customCss`), kept per widget key and editable through the
 * authenticated `/api/widget/` endpoints; the public `GET /public/api/widget` hands its visitor-facing
 * parts to the widget: look (colours, position), custom pre-chat fields, a proactive greeting.
 * The shape of `configuration` is not in the spec: ours is documented in ./README.md.
 */
import { matchesWhole, patternProblem } from '../core/safe-pattern.js';

/**
 * A text the widget's owner writes: one string, or one per language tag (any language: the owner's
 * texts are not limited to the languages of the service's own labels).
 */
export type Localised = string | Readonly<Record<string, string>>;

/** A field the widget asks before a chat, beside name and e-mail (`text`, `select`, `checkbox`). */
export interface PrechatField {
  name: string;
  type: 'text' | 'select' | 'checkbox';
  label: Localised;
  required?: boolean;
  /** `text`: at most this many characters (default 200). */
  maxLength?: number;
  /** `text`: a regular expression the whole value must match (RE2 syntax: it runs in linear time, core/safe-pattern.ts). */
  pattern?: string;
  /** `select`: the values offered. */
  options?: Array<{ value: string; label: Localised }>;
}

/** A message shown above the closed launcher: after `delaySeconds` on a page, or on the given paths. */
export interface Greeting {
  /** Shown once per visitor per id. */
  id: string;
  text: Localised;
  delaySeconds?: number;
  /** Path prefixes (`/pricing`) the greeting is limited to; none = every page. */
  paths?: string[];
}

export interface WidgetConfiguration {
  colors?: {
    primary?: string;
    primaryText?: string;
    background?: string;
    visitorBubble?: string;
    operatorBubble?: string;
  };
  position?: 'bottom-right' | 'bottom-left';
  prechatFields?: PrechatField[];
  greeting?: Greeting | null;
  /** Whether the visitor must accept the privacy notice before a chat (default true). */
  privacyRequired?: boolean;
  [key: string]: unknown;
}

const COLOURS = {
  primary: '#0b5cad',
  primaryText: '#ffffff',
  background: '#ffffff',
  visitorBubble: '#e7f0fb',
  operatorBubble: '#f1f3f5',
};

const ORDER_FIELD: PrechatField = {
  name: 'orderNumber',
  type: 'text',
  label: {
    it: 'Numero d’ordine (facoltativo)',
    en: 'Order number (optional)',
    de: 'Bestellnummer (optional)',
    fr: 'Numéro de commande (facultatif)',
    es: 'Número de pedido (opcional)',
  },
  required: false,
  maxLength: 12,
  pattern: '^[0-9]{3,12}$',
};

const SEED: Record<string, WidgetConfiguration> = {
  demo: { colors: COLOURS, position: 'bottom-right', prechatFields: [ORDER_FIELD] },
  'demo-offline': { colors: COLOURS, position: 'bottom-right' },
  'demo-hours': { colors: COLOURS, position: 'bottom-right' },
  'demo-offline-email': { colors: COLOURS, position: 'bottom-right' },
  'demo-greeting': {
    colors: COLOURS,
    position: 'bottom-right',
    prechatFields: [
      ORDER_FIELD,
      {
        name: 'customerType',
        type: 'select',
        label: { it: 'Lei è', en: 'You are', de: 'Sie sind', fr: 'Vous êtes', es: 'Usted es' },
        required: true,
        options: [
          {
            value: 'private',
            label: {
              it: 'Un privato',
              en: 'A private customer',
              de: 'Privatkunde',
              fr: 'Un particulier',
              es: 'Un particular',
            },
          },
          {
            value: 'business',
            label: {
              it: 'Un’azienda',
              en: 'A business',
              de: 'Ein Unternehmen',
              fr: 'Une entreprise',
              es: 'Una empresa',
            },
          },
        ],
      },
      {
        name: 'newsletter',
        type: 'checkbox',
        label: {
          it: 'Desidero ricevere la newsletter',
          en: 'Send me the newsletter',
          de: 'Senden Sie mir den Newsletter',
          fr: 'Envoyez-moi la newsletter',
          es: 'Envíenme el boletín',
        },
      },
    ],
    greeting: {
      id: 'welcome-1',
      delaySeconds: 2,
      text: {
        it: 'Serve una mano? Siamo qui.',
        en: 'Need a hand? We are here.',
        de: 'Brauchen Sie Hilfe? Wir sind da.',
        fr: 'Besoin d’aide ? Nous sommes là.',
        es: '¿Necesita ayuda? Estamos aquí.',
      },
    },
  },
};

let current: Record<string, WidgetConfiguration> = structuredClone(SEED);

/** The idChatWidget of each widget (stable, in seed order). */
export const WIDGET_IDS: Record<string, number> = Object.fromEntries(Object.keys(SEED).map((key, i) => [key, i + 1]));

export function widgetConfiguration(key: string): WidgetConfiguration {
  return current[key] ?? {};
}

export function setWidgetConfiguration(key: string, configuration: WidgetConfiguration): void {
  current[key] = configuration;
}

export function resetWidgetConfigurations(): void {
  current = structuredClone(SEED);
}

/**
 * The configuration's visitor-facing parts. The owner's own texts (field and option labels, the
 * greeting) go as the owner wrote them, a string or one per language: the widget shows the visitor's
 * language where the owner wrote it (see README.md), whatever languages the service's own labels have.
 */
export function publicConfiguration(key: string) {
  const c = widgetConfiguration(key);
  return {
    colors: c.colors ?? {},
    position: c.position ?? 'bottom-right',
    prechatFields: (c.prechatFields ?? []).map((f) => ({
      name: f.name,
      type: f.type,
      label: f.label,
      required: f.required === true,
      ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
      ...(f.pattern !== undefined ? { pattern: f.pattern } : {}),
      ...(f.options ? { options: f.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
    })),
    greeting: c.greeting
      ? {
          id: c.greeting.id,
          text: c.greeting.text,
          delaySeconds: c.greeting.delaySeconds ?? 0,
          ...(c.greeting.paths ? { paths: c.greeting.paths } : {}),
        }
      : null,
    privacyRequired: c.privacyRequired !== false,
  };
}

/**
 * Checks the custom pre-chat fields a visitor filled (`input/validate`, `chat.start`): a code per
 * field (`required`, `invalid`, `too-long`), as for the built-in fields.
 */
export function checkPrechatFields(key: string, values: unknown): Record<string, string> {
  const given =
    values && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : {};
  const errors: Record<string, string> = {};
  for (const f of widgetConfiguration(key).prechatFields ?? []) {
    const value = given[f.name];
    const empty = value === undefined || value === null || value === '' || value === false;
    if (empty) {
      if (f.required) errors[f.name] = 'required';
      continue;
    }
    if (f.type === 'checkbox') {
      if (typeof value !== 'boolean') errors[f.name] = 'invalid';
    } else if (typeof value !== 'string') errors[f.name] = 'invalid';
    else if (f.type === 'select') {
      if (!f.options?.some((o) => o.value === value)) errors[f.name] = 'invalid';
    } else if (value.length > (f.maxLength ?? 200)) errors[f.name] = 'too-long';
    else if (f.pattern) {
      const match = matchesWhole(f.pattern, value);
      if (match === 'too-long') errors[f.name] = 'too-long';
      else if (match !== true) errors[f.name] = 'invalid';
    }
  }
  return errors;
}

/** What is wrong with a configuration's pre-chat fields' patterns (`PUT /api/widget/` refuses it), if anything. */
export function prechatPatternProblem(configuration: WidgetConfiguration): string | undefined {
  const fields = Array.isArray(configuration.prechatFields) ? configuration.prechatFields : [];
  for (const [i, f] of fields.entries()) {
    if (f?.pattern === undefined) continue;
    const problem = typeof f.pattern === 'string' ? patternProblem(f.pattern) : 'not a string';
    if (problem) return `prechatFields[${i}].pattern: ${problem}`;
  }
  return undefined;
}

/** Only the declared fields, as the chat keeps them. */
export function keptPrechatFields(key: string, values: unknown): Record<string, string | boolean> {
  const given =
    values && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, unknown>) : {};
  const kept: Record<string, string | boolean> = {};
  for (const f of widgetConfiguration(key).prechatFields ?? []) {
    const v = given[f.name];
    if (typeof v === 'string' || typeof v === 'boolean') kept[f.name] = v;
  }
  return kept;
}
