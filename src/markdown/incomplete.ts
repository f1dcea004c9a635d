/**
 * The open end of a streamed answer, made presentable (Streamdown's approach): markdown syntax that
 * has begun but not ended would show as raw characters until its end arrives (`**Monday `, a table
 * row `| Day | Morning`, `[the docs](https://exa`). Here such syntax is completed (emphasis, inline
 * code) or held back (a link's target, a table row or header still arriving, a fence still being
 * typed), for the rendering of the open tail only. Settled blocks and a finished answer are always
 * rendered from the text as it is, so the final DOM is the same as rendering the whole answer at once.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A table's delimiter row: `|---|:-:|`, `--- | ---`. */
const DELIMITER_ROW = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const TABLE_LINE = /^ {0,3}\|/;

export function completeOpenTail(text: string): string {
  const lines = text.split('\n');
  // Inside a fence that is still open, the text is code: nothing to complete but a closing fence
  // still being typed (its first backticks would show as code for a moment).
  let fence: string | undefined;
  for (const line of lines) {
    const match = FENCE.exec(line);
    if (!match) continue;
    const marker = match[1]!;
    if (fence === undefined) fence = marker;
    else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
  }
  if (fence !== undefined) {
    const last = lines.at(-1)!;
    if (last.trim() && /^ {0,3}[`~]+$/.test(last) && last.trim()[0] === fence[0]) lines.pop();
    return lines.join('\n');
  }
  holdBackTable(lines);
  // A fence or a list marker just begun, with nothing after it yet.
  const last = lines.at(-1) ?? '';
  if (/^ {0,3}(`{1,2}|~{1,2})$/.test(last)) lines.pop();
  return completeInline(lines.join('\n'));
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
  marker: string;
  at: number;
}

/**
 * Links and images still arriving keep only their words; inline code and emphasis left open are
 * closed at the end (after any trailing spaces, which would keep a closing `**` from closing).
 */
function completeInline(text: string): string {
  for (let before = ''; before !== text;) {
    before = text;
    text = holdBackLink(text);
  }
  const stack: Opener[] = [];
  let code: string | undefined;
  let codeAt = 0;
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === '\\') {
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
    const marker = c.repeat(n);
    i += n;
    if (c === '~' && n !== 2) continue;
    // An underscore inside a word (snake_case) is no emphasis.
    if (c === '_' && /\w/.test(before) && /\w/.test(after)) continue;
    const canClose = !/\s/.test(before) && stack.some((o) => o.marker === marker);
    if (canClose) {
      while (stack.length && stack.at(-1)!.marker !== marker) stack.pop();
      stack.pop();
      continue;
    }
    // A run with nothing after it yet: it may open emphasis, or be a list marker, a rule, a closer.
    if (!after) {
      text = text.slice(0, i - n);
      break;
    }
    if (!/\s/.test(after)) stack.push({ marker, at: i - n });
  }
  if (code !== undefined) {
    // A code span with no character yet waits for one; otherwise it is closed where the text ends.
    text = text.slice(codeAt + code.length).trim() ? text.replace(/\s+$/, '') + code : text.slice(0, codeAt);
  }
  if (!stack.length) return text;
  // An opener with no word yet (`**` then spaces) is held back rather than closed around nothing.
  const trimmed = text.replace(/\s+$/, '');
  let closers = '';
  for (const opener of stack.reverse()) {
    if (trimmed.length <= opener.at + opener.marker.length) return trimmed.slice(0, opener.at).replace(/\s+$/, '');
    closers += opener.marker;
  }
  return trimmed + closers;
}

/** `[words` shows `words`; `[words](https://exa` shows `words`; `![alt](…` waits for its end. */
function holdBackLink(text: string): string {
  const open = text.lastIndexOf('[');
  if (open < 0) return text;
  const rest = text.slice(open + 1);
  const close = rest.indexOf(']');
  if (close < 0) {
    // Inside inline code or escaped, a bracket is text.
    if ((text.slice(0, open).match(/`/g)?.length ?? 0) % 2 || text[open - 1] === '\\') return text;
    return text[open - 1] === '!' ? text.slice(0, open - 1) : text.slice(0, open) + rest;
  }
  const after = rest.slice(close + 1);
  // `[words]` with nothing after yet may become a link: its words show until it is one or is not.
  if (after ? !after.startsWith('(') || after.includes(')') : rest.lastIndexOf(']') !== close) return text;
  const words = rest.slice(0, close);
  return text[open - 1] === '!' ? text.slice(0, open - 1) : text.slice(0, open) + words;
}
