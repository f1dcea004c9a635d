/**
 * A small ICU MessageFormat subset, enough for a customer-service UI and no more:
 *   `{name}`                              the value (numbers through Intl.NumberFormat)
 *   `{n, number}`                         the same, explicitly
 *   `{n, plural, =0 {…} one {# file} other {# files}}`   Intl.PluralRules, `#` = the number
 *   `{kind, select, pdf {…} other {…}}`   a choice by a string value
 * Quoting as ICU: `''` is one apostrophe; `'{` … `'` is literal text. A lone apostrophe (`l'aide`)
 * is just an apostrophe, so French and Italian strings need no escaping.
 * Pure: no DOM, no catalogue; parsed messages are cached.
 */

export type MessageParams = Record<string, string | number | undefined>;

type Part =
  | string
  | { kind: 'arg'; name: string }
  | { kind: 'pound' }
  | { kind: 'plural'; name: string; offset: number; cases: Record<string, Part[]> }
  | { kind: 'select'; name: string; cases: Record<string, Part[]> };

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Part[] {
    const parts = this.parts(false, 0);
    if (this.i < this.src.length) throw this.error('unexpected }');
    return parts;
  }

  private error(what: string): Error {
    return new SyntaxError(`[sportello] message ${JSON.stringify(this.src)}: ${what} at ${this.i}`);
  }

  /** Text and arguments up to an unmatched `}` (inside a case) or the end. */
  private parts(inPlural: boolean, depth: number): Part[] {
    const out: Part[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    const s = this.src;
    while (this.i < s.length) {
      const c = s[this.i]!;
      if (c === "'") {
        const next = s[this.i + 1];
        if (next === "'") {
          text += "'";
          this.i += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          const end = s.indexOf("'", this.i + 1);
          text += s.slice(this.i + 1, end === -1 ? s.length : end);
          this.i = end === -1 ? s.length : end + 1;
        } else {
          text += c;
          this.i++;
        }
      } else if (c === '{') {
        flush();
        out.push(this.argument(depth));
      } else if (c === '}') {
        if (depth === 0) throw this.error('unexpected }');
        break;
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ kind: 'pound' });
        this.i++;
      } else {
        text += c;
        this.i++;
      }
    }
    flush();
    return out;
  }

  private word(): string {
    this.space();
    const m = /^[^\s,{}]+/.exec(this.src.slice(this.i));
    if (!m) throw this.error('expected a name');
    this.i += m[0].length;
    return m[0];
  }

  private space(): void {
    while (this.i < this.src.length && /\s/.test(this.src[this.i]!)) this.i++;
  }

  private expect(char: string): void {
    this.space();
    if (this.src[this.i] !== char) throw this.error(`expected ${char}`);
    this.i++;
  }

  private argument(depth: number): Part {
    this.i++; // {
    const name = this.word();
    this.space();
    if (this.src[this.i] === '}') {
      this.i++;
      return { kind: 'arg', name };
    }
    this.expect(',');
    const type = this.word();
    this.space();
    if (type === 'number' && this.src[this.i] === '}') {
      this.i++;
      return { kind: 'arg', name };
    }
    if (type !== 'plural' && type !== 'select') throw this.error(`unknown argument type ${type}`);
    this.expect(',');
    let offset = 0;
    const cases: Record<string, Part[]> = {};
    for (;;) {
      this.space();
      if (this.src[this.i] === '}') {
        this.i++;
        break;
      }
      const key = this.word();
      if (type === 'plural' && key.startsWith('offset:')) {
        offset = Number(key.slice(7));
        continue;
      }
      this.expect('{');
      cases[key] = this.parts(type === 'plural', depth + 1);
      this.expect('}');
    }
    if (!cases.other) throw this.error(`${type} without an "other" case`);
    return type === 'plural' ? { kind: 'plural', name, offset, cases } : { kind: 'select', name, cases };
  }
}

const parsed = new Map<string, Part[]>();

/** Parses once; a malformed message throws a SyntaxError naming the message (the catalogue test parses every one). */
export function parseMessage(message: string): Part[] {
  let parts = parsed.get(message);
  if (!parts) {
    parts = new Parser(message).parse();
    if (parsed.size > 2000) parsed.clear();
    parsed.set(message, parts);
  }
  return parts;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string): Intl.NumberFormat {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale)));
  return f;
}

function plural(locale: string): Intl.PluralRules {
  let r = pluralRules.get(locale);
  if (!r) pluralRules.set(locale, (r = new Intl.PluralRules(locale)));
  return r;
}

function show(value: string | number | undefined, locale: string): string {
  if (typeof value === 'number') return numberFormat(locale).format(value);
  return value ?? '';
}

function render(parts: Part[], params: MessageParams, locale: string, pound: number | undefined): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part.kind === 'arg') out += part.name in params ? show(params[part.name], locale) : `{${part.name}}`;
    else if (part.kind === 'pound') out += pound === undefined ? '#' : show(pound, locale);
    else if (part.kind === 'select') {
      const value = String(params[part.name] ?? '');
      out += render(part.cases[value] ?? part.cases.other!, params, locale, pound);
    } else {
      const n = Number(params[part.name] ?? 0);
      const shifted = n - part.offset;
      const chosen = part.cases[`=${n}`] ?? part.cases[plural(locale).select(shifted)] ?? part.cases.other!;
      out += render(chosen, params, locale, shifted);
    }
  }
  return out;
}

/**
 * Formats an ICU message for `locale`. A parameter the message names but the caller did not pass
 * stays visible as `{name}` (a bug to see, not to hide).
 */
export function formatMessage(message: string, params: MessageParams = {}, locale = 'en'): string {
  const parts = parseMessage(message);
  if (parts.length === 1 && typeof parts[0] === 'string') return parts[0];
  return render(parts, params, locale, undefined);
}

function quoteText(text: string, inPlural: boolean): string {
  // Apostrophes doubled; braces (and # inside a plural) quoted, as ICU reads them back.
  return text.replace(/'/g, "''").replace(inPlural ? /[{}#]+/g : /[{}]+/g, (s) => `'${s}'`);
}

function serialise(parts: Part[], fn: (text: string) => string, inPlural: boolean): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += quoteText(fn(part), inPlural);
    else if (part.kind === 'pound') out += '#';
    else if (part.kind === 'arg') out += `{${part.name}}`;
    else {
      const offset = part.kind === 'plural' && part.offset ? ` offset:${part.offset}` : '';
      const cases = Object.entries(part.cases)
        .map(([key, body]) => `${key} {${serialise(body, fn, part.kind === 'plural')}}`)
        .join(' ');
      out += `{${part.name}, ${part.kind},${offset} ${cases}}`;
    }
  }
  return out;
}

/** The same message with `fn` applied to its literal text only (placeholders and plural syntax kept): the pseudo-locale. */
export function mapMessageText(message: string, fn: (text: string) => string): string {
  return serialise(parseMessage(message), fn, false);
}
