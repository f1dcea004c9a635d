/**
 * A server's format for an extra attribute (`pattern`, a regular expression) in two forms a
 * customer's browser can use: the `pattern` attribute (valid under the `v` flag browsers compile it
 * with), and a sentence in the customer's words ("Use only capital letters, digits and -") for the
 * common shape `^[…]+$`. Anything more complex gets no sentence rather than a wrong one.
 */
import type { DeskStringKey } from '../strings.js';

type Tr = (key: DeskStringKey, params?: Record<string, string | number>) => string;

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

/** The character classes of `^[…]+$` (or `*`, `{n,m}`), or undefined for any other shape. */
export function patternClasses(
  pattern: string,
): { upper: boolean; lower: boolean; digits: boolean; space: boolean; other: string[] } | undefined {
  const m = /^\^?\[([^\]^][^\]]*)\](?:\+|\*|\{\d+(?:,\d*)?\})\$?$/.exec(pattern);
  if (!m) return undefined;
  const body = m[1]!;
  const out = { upper: false, lower: false, digits: false, space: false, other: [] as string[] };
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

/** "Use only capital letters, digits and the characters -." in the customer's language, or undefined. */
export function patternHint(pattern: string | undefined, tr: Tr): string | undefined {
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
  return tr('formatHint', { chars });
}
