/**
 * A server's format for a form field (`pattern`, a regular expression) in two forms a visitor's
 * browser can use: the `pattern` attribute (valid under the `v` flag browsers compile it with), and
 * a sentence in the visitor's words ("Use only capital letters, digits and -", "Use only digits (3
 * to 12 characters)") for the common shape `^[…]+$` / `^[…]{n,m}$`. Anything more complex gets no
 * sentence rather than a wrong one. One rule for the help-desk form's extra attributes and the live
 * chat's custom pre-chat fields; its words are the catalogue's `fields` namespace.
 */
import type { KeyOf } from '../../src/i18n/catalogue-types.js';
import { translator, type Speaker } from '../../src/i18n/translate.js';

const t = translator('fields');
/** The `fields` words of one speaker (the element showing the form: its strings count). */
export type FieldsText = (key: KeyOf<'fields'>, params?: Record<string, string | number>) => string;

export function fieldsText(speaker: Speaker): FieldsText {
  return (key, params) => t(speaker, key, params);
}

/** The pattern as an `<input pattern>` accepts it, or undefined when it cannot be made valid. */
export function htmlPattern(pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  const compiles = (p: string) => {
    try {
      new RegExp(`^(?:${p})$`, 'v');
      return true;
    } catch {
      return false;
    }
  };
  if (compiles(pattern)) return pattern;
  // Under `v` a literal hyphen at either end of a class must be escaped.
  const escaped = pattern.replace(/\[(\^?)-/g, '[$1\\-').replace(/([^\\])-\]/g, '$1\\-]');
  return compiles(escaped) ? escaped : undefined;
}

export interface PatternClasses {
  upper: boolean;
  lower: boolean;
  digits: boolean;
  space: boolean;
  other: string[];
  /** How many characters `{n,m}` asks for (`+` and `*` ask none of their own). */
  min?: number | undefined;
  max?: number | undefined;
}

/** The character classes of `^[…]+$` (or `*`, `{n}`, `{n,}`, `{n,m}`), or undefined for any other shape. */
export function patternClasses(pattern: string): PatternClasses | undefined {
  const m = /^\^?\[([^\]^][^\]]*)\](?:\+|\*|\{(\d+)(,(\d*))?\})\$?$/.exec(pattern);
  if (!m) return undefined;
  const body = m[1]!;
  const min = m[2] !== undefined ? Number(m[2]) : undefined;
  const max = m[2] === undefined ? undefined : m[3] === undefined ? min : m[4] ? Number(m[4]) : undefined;
  const out: PatternClasses = { upper: false, lower: false, digits: false, space: false, other: [], min, max };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    const next = body[i + 1];
    if (c === '\\' && next !== undefined) {
      i++;
      if (next === 'd') out.digits = true;
      else if (next === 's') out.space = true;
      else if (next === 'w') {
        Object.assign(out, { upper: true, lower: true, digits: true });
        out.other.push('_');
      } else out.other.push(next);
      continue;
    }
    if (next === '-' && body[i + 2] !== undefined) {
      const range = `${c}-${body[i + 2]}`;
      if (range === 'A-Z') out.upper = true;
      else if (range === 'a-z') out.lower = true;
      else if (range === '0-9') out.digits = true;
      else return undefined;
      i += 2;
      continue;
    }
    if (c === ' ') out.space = true;
    else out.other.push(c);
  }
  return out;
}

/** "Use only capital letters, digits and the characters -." in the visitor's language, or undefined. */
export function patternHint(pattern: string | undefined, tr: FieldsText): string | undefined {
  const classes = pattern ? patternClasses(pattern) : undefined;
  if (!classes) return undefined;
  const parts: string[] = [];
  if (classes.upper) parts.push(tr('chars_upper'));
  if (classes.lower) parts.push(tr('chars_lower'));
  if (classes.digits) parts.push(tr('chars_digits'));
  if (classes.space) parts.push(tr('chars_space'));
  if (classes.other.length) parts.push(tr('chars_other', { list: [...new Set(classes.other)].join(' ') }));
  if (!parts.length) return undefined;
  const last = parts.pop()!;
  // The list's commas come from the catalogue too: Arabic writes "،", not ",".
  const chars = parts.length ? tr('listAnd', { a: parts.reduce((a, b) => tr('listComma', { a, b })), b: last }) : last;
  const length = lengthOf(classes, tr);
  return length ? tr('formatHintLength', { chars, length }) : tr('formatHint', { chars });
}

/** "3 to 12 characters", "5 characters", "at least 2 characters", or undefined when any length goes. */
function lengthOf({ min, max }: PatternClasses, tr: FieldsText): string | undefined {
  if (min === undefined || (min <= 1 && max === undefined)) return undefined;
  if (max === min) return tr('lengthExact', { n: min });
  if (max === undefined) return tr('lengthMin', { n: min });
  return tr('lengthRange', { min, max });
}
