/**
 * The open end of a streamed answer, made presentable (Streamdown's approach): markdown syntax that
 * has begun but not ended would show as raw characters until its end arrives (`**Monday `, a table
 * row `| Day | Morning`, `[the docs](https://exa`). Here such syntax is completed (emphasis, inline
 * code) or held back (a link's target, a table row or header still arriving, a fence still being
 * typed), for the rendering of the open tail only. Settled blocks and a finished answer are always
 * rendered from the text as it is, so the final DOM is the same as rendering the whole answer at once.
 */

import { Lexer, type Token } from 'marked';

/** A fence, also inside a quote or a list item (`> ```js`, `- ~~~`). */
const FENCE = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*(`{3,}|~{3,})/;
/** The markers a quote or a list item begins with, before its first word. */
const CONTAINER_MARKERS = /^(?:[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/;
/**
 * A line of block syntax alone, still being typed: list markers (`- `, `1.`, `12`), a rule or a
 * heading's underline (`--`, `==`, `**`), `#`s. Its words (if any) are still to come.
 */
const SYNTAX_ONLY = /^(?:[ \t>]*(?:\d{1,9}[.)]|[-*+])(?=[ \t]|$))*[ \t>]*(?:\d{1,9}[.)]?|[-*+_=#][-*+_=# \t]*)?[ \t]*$/;
/**
 * A line that may be a link reference definition (`[label]: url "title"`, the title perhaps still
 * to come), which shows nothing once complete. `[Note]: read this` is no definition: it stays text.
 */
const DEFINITION = /^[ \t]*\[(?:\\.|[^\]\\])+\]:[ \t]*(?:(?:<[^>]*>?|\S+)(?:[ \t]+(?:["'(].*)?)?)?$/;
/** A table's delimiter row: `|---|:-:|`, `--- | ---`. */
const DELIMITER_ROW = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const TABLE_LINE = /^ {0,3}\|/;

export function completeOpenTail(text: string): string {
  const lines = text.split('\n');
  // Inside a fence that is still open, the text is code: nothing to complete but a closing fence
  // still being typed (its first backticks would show as code for a moment). The last line, still
  // arriving, may open a fence but not close one (```` ``` ```` may become ```` ```` ````).
  let fence: string | undefined;
  let quoted = false;
  let openedAt = -1;
  lines.forEach((line, i) => {
    // A fence opened in a quote ends with the quote (a line without `>`).
    if (fence !== undefined && quoted && !/^[ \t]*>/.test(line)) fence = undefined;
    const match = FENCE.exec(line);
    if (!match) return;
    const marker = match[1]!;
    const rest = line.slice(match[0].length).trim();
    if (fence === undefined) {
      // A backtick fence's info string has no backtick: ```` ``` a ` ```` is inline code.
      if (marker[0] !== '`' || !rest.includes('`')) {
        fence = marker;
        openedAt = i;
        quoted = /^[ \t]*>/.test(line);
      }
    } else if (marker[0] === fence[0] && marker.length >= fence.length && !rest && i < lines.length - 1) {
      fence = undefined;
    }
  });
  if (fence !== undefined) {
    const last = lines.at(-1)!.replace(CONTAINER_MARKERS, '');
    if (/^[ \t]*[`~]+$/.test(last) && last.trim()[0] === fence[0] && openedAt < lines.length - 1) lines.pop();
    // A fence interrupts a paragraph only once its line is complete: until then it would show as
    // the paragraph's text (```` ```s ````).
    return lines.join('\n') + (openedAt === lines.length - 1 ? '\n' : '');
  }
  holdBackTable(lines);
  // A fence, a list marker, a rule or an underline just begun, with no word after it yet.
  const last = lines.at(-1) ?? '';
  if (SYNTAX_ONLY.test(last) || /^ {0,3}(`{1,2}|~{1,2})$/.test(last.replace(CONTAINER_MARKERS, '').trimStart()))
    lines.pop();
  holdBackDefinition(lines);
  return completeInline(lines.join('\n'));
}

/**
 * A link reference definition shows nothing once complete, but `[label]: https://exa` would show
 * as text while it arrives (its destination and title may come on the next lines): from the last
 * line that may begin one, the text is held back until a blank line follows it or the block settles.
 */
function holdBackDefinition(lines: string[]): void {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!lines[i]!.trim()) return;
    if (DEFINITION.test(lines[i]!.replace(CONTAINER_MARKERS, ''))) {
      lines.splice(i);
      return;
    }
  }
}

/**
 * A table forms only once its delimiter row is complete, and a row shows only once its line is:
 * the trailing run of `|` lines is held back until then (header and all), and so is a last row
 * still arriving.
 */
function holdBackTable(lines: string[]): void {
  // A text ending in a newline splits into a last empty line: the lines before it are complete.
  const end = lines.at(-1) === '' ? lines.length - 1 : lines.length;
  let start = end;
  while (start > 0 && TABLE_LINE.test(lines[start - 1]!)) start--;
  if (start === end) return;
  const lastIncomplete = end === lines.length;
  const complete = end - start - (lastIncomplete ? 1 : 0);
  const hasDelimiter = complete >= 2 && DELIMITER_ROW.test(lines[start + 1]!);
  if (!hasDelimiter) lines.splice(start);
  else if (lastIncomplete) lines.pop();
}

interface Opener {
  /** What is left of the run to close (from `at`). */
  marker: string;
  at: number;
  /** The run's length as typed, and whether it could close too (CommonMark's rule of 3). */
  length: number;
  both: boolean;
}

/** What the end of a text may still turn into: an escape, a character reference, an autolink, an image. */
const PENDING_END = /(?:\\|&(?:#[xX]?[0-9a-fA-F]{0,6}|[A-Za-z][A-Za-z0-9]{0,31})?|<[^\s<>]*|!)$/;

/**
 * Links and images still arriving keep only their words; a character reference, an escape or an
 * autolink at the very end waits for its end; inline code and emphasis left open are closed at
 * the end (after any trailing spaces, which would keep a closing `**` from closing).
 */
function completeInline(text: string): string {
  text = holdBackLinks(text);
  // What the end may still become waits (an escaped `<`, `&` or `!` is text already), as many times
  // as it takes: `\\<` waits for both.
  for (let pending = PENDING_END.exec(text); pending; pending = PENDING_END.exec(text)) {
    if (/(?:^|[^\\])\\(?:\\\\)*$/.test(text.slice(0, pending.index))) break;
    text = text.slice(0, pending.index);
  }
  const stack: Opener[] = [];
  let code: string | undefined;
  let codeAt = 0;
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    // A backslash escapes outside code only: `\` then a backtick inside code ends it.
    if (c === '\\' && code === undefined) {
      i += 2;
      continue;
    }
    if (c === '`') {
      let n = 1;
      while (text[i + n] === '`') n++;
      const run = '`'.repeat(n);
      if (code === undefined) codeAt = i;
      code = code === undefined ? run : code === run ? undefined : code;
      i += n;
      continue;
    }
    if (code !== undefined || (c !== '*' && c !== '_' && c !== '~')) {
      i++;
      continue;
    }
    let n = 1;
    while (text[i + n] === c) n++;
    const before = i > 0 ? text[i - 1]! : '\n';
    const after = i + n < text.length ? text[i + n]! : '';
    i += n;
    if (c === '~' && n !== 2) continue;
    // A run with nothing after it yet: it may open emphasis, or be a list marker, a rule, a closer.
    if (!after) {
      text = text.slice(0, i - n);
      break;
    }
    const { open, close } = flanking(c, before, after);
    // CommonMark's matching: the nearest opener of the same character takes as many as it can (two
    // for strong, else one), and the rest of the run goes on to the opener before it. A run that
    // both opens and closes does not pair with one whose lengths add up to a multiple of 3.
    let left = n;
    while (close && left > 0) {
      const found = stack.findLastIndex(
        (o) => o.marker[0] === c && !((open || o.both) && (o.length + n) % 3 === 0 && (o.length % 3 || n % 3)),
      );
      if (found < 0) break;
      const opener = stack[found]!;
      const used = Math.min(left, opener.marker.length) >= 2 ? 2 : 1;
      left -= used;
      opener.marker = opener.marker.slice(used);
      // The ones opened after it stay text; a spent opener is gone.
      stack.length = opener.marker ? found + 1 : found;
    }
    if (open && left > 0) stack.push({ marker: c.repeat(left), at: i - left, length: n, both: close });
  }
  if (code !== undefined) {
    // A code span with no character yet waits for one; otherwise it is closed where the text ends
    // (backticks at the end may be its closer half typed: they wait).
    // One opened on an earlier line waits instead: the line under it may end the paragraph (a
    // heading's underline), and the span with it.
    const content = text.slice(codeAt + code.length).replace(/[\s`]+$/, '');
    if (content.includes('\n')) text = text.slice(0, codeAt) + text.slice(codeAt + code.length);
    else text = content.trim() ? text.slice(0, codeAt + code.length) + content + code : text.slice(0, codeAt);
  }
  if (!stack.length) return text;
  // An opener with no word yet (`**` then spaces) is held back rather than closed around nothing.
  let trimmed = text.replace(/\s+$/, '');
  while (stack.length && trimmed.length <= stack.at(-1)!.at + stack.at(-1)!.marker.length)
    trimmed = trimmed.slice(0, stack.pop()!.at).replace(/\s+$/, '');
  if (!stack.length) return trimmed;
  let closers = '';
  for (const opener of [...stack].reverse()) closers += opener.marker;
  if (closes(trimmed, closers)) return trimmed + closers;
  // The closers would not close (CommonMark's flanking rules, or a run before them): the openers
  // wait instead, the words show plain until the text says what they are.
  let held = trimmed;
  for (const opener of stack.sort((a, b) => b.at - a.at))
    held = held.slice(0, opener.at) + held.slice(opener.at + opener.marker.length);
  return held;
}

/**
 * Whether a delimiter run between `before` and `after` may open or close emphasis: CommonMark's
 * left- and right-flanking rules (an underscore inside a word, as in snake_case, does neither).
 */
function flanking(c: string, before: string, after: string): { open: boolean; close: boolean } {
  const space = (ch: string) => /\s/.test(ch);
  const punctuation = (ch: string) => /[\p{P}\p{S}]/u.test(ch);
  const left = !space(after) && (!punctuation(after) || space(before) || punctuation(before));
  const right = !space(before) && (!punctuation(before) || space(after) || punctuation(after));
  if (c !== '_') return { open: left, close: right };
  return { open: left && (!right || punctuation(before)), close: right && (!left || punctuation(after)) };
}

/** Whether the closers appended to `text` really close emphasis (none of them shows as text). */
function closes(text: string, closers: string): boolean {
  const tokens = Lexer.lexInline(text + closers, { gfm: true });
  let visible = '';
  const read = (list: readonly Token[]): void => {
    for (const token of list) {
      if ('tokens' in token && token.tokens?.length) read(token.tokens);
      else if (token.type === 'text' || token.type === 'escape') visible += token.text;
    }
  };
  read(tokens);
  return !visible.replace(/\s+$/, '').endsWith(closers[closers.length - 1]!);
}

/** Which characters of `text` are escaped by a backslash (an odd run of them before). */
function escapes(text: string): Uint8Array {
  const escaped = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) if (text[i] === '\\' && !escaped[i] && i + 1 < text.length) escaped[i + 1] = 1;
  return escaped;
}

/** Which characters of `text` are inside inline code (an unclosed span runs to the end). */
function codeSpans(text: string, escaped: Uint8Array): Uint8Array {
  const code = new Uint8Array(text.length);
  const runs = [...text.matchAll(/`+/g)].filter((run) => !escaped[run.index]);
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!;
    const close = runs.findIndex((run, j) => j > i && run[0].length === open[0].length);
    code.fill(1, open.index, close < 0 ? text.length : runs[close]!.index + runs[close]![0].length);
    if (close < 0) break;
    i = close;
  }
  return code;
}

/** Where a line may begin a link reference definition: its start, after a quote's or a list item's markers. */
const LINE_START = /(?:^|\n)[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*$/;

/**
 * Links and images whose syntax is still arriving: `[words` and `[words](https://exa` show their
 * words; `![alt](…` shows nothing until it ends; `[words][lab` shows the words. A bracket inside
 * inline code is code, and a link's words may hold brackets and images of their own. At the start
 * of a line, `[label` and `[label]:` may be a definition, which shows nothing: they wait.
 */
function holdBackLinks(text: string): string {
  if (!text.includes('[')) return text;
  const escaped = escapes(text);
  const code = codeSpans(text, escaped);
  /** The index of what closes the bracket (or parenthesis) at `open`, or -1 while it is open. */
  const matching = (open: number, opening: string, closing: string): number => {
    let depth = 0;
    for (let i = open; i < text.length; i++) {
      if (code[i] || escaped[i]) continue;
      const c = text[i]!;
      if (opening === '(' && c === '<' && i === open + 1) {
        const end = text.indexOf('>', i);
        if (end < 0) return -1;
        i = end;
        continue;
      }
      if (c === opening) depth++;
      else if (c === closing && --depth === 0) return i;
    }
    return -1;
  };
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '[' || code[i] || escaped[i]) continue;
    const image = text[i - 1] === '!' && !escaped[i - 1];
    const start = image ? i - 1 : i;
    const definition = !image && LINE_START.test(text.slice(Math.max(0, text.lastIndexOf('\n', i - 1)), i));
    const close = matching(i, '[', ']');
    const next = close < 0 ? undefined : text[close + 1];
    const words = (end: number): string =>
      text.slice(0, start) + (image || definition ? '' : holdBackLinks(text.slice(i + 1, end)));
    if (close < 0) return words(text.length);
    // `[words]` with nothing after yet may become a link: its words show until it is one or is not.
    if (next === undefined) return words(close);
    if (next === ':' && definition) return text.slice(0, start);
    if (next !== '(' && next !== '[') {
      i = close;
      continue;
    }
    const end = matching(close + 1, next, next === '(' ? ')' : ']');
    if (end < 0) return words(close);
    i = end;
  }
  return text;
}
