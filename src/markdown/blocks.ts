/**
 * Where markdown splits into independent blocks. A block ends at a blank line outside a code fence
 * when the next line starts flush left (an indented line continues the block: list item text,
 * indented code) and does not continue a list the block contains. A list may start on any line of
 * a block (right under a heading or an introductory paragraph): a loose list, with blank lines
 * between its items, must stay one block or it would render as separate lists. Keeping two blocks
 * together is always safe (the lexer sees them as the whole text would); splitting one is not. Each block is lexed on its own,
 * both when streaming and when rendering a finished text, so the two always give the same DOM.
 *
 * The decision about a boundary needs only the text up to the next line's first characters, so a
 * boundary found in a growing prefix is never revoked by later text (the invariant streaming needs).
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
/** A list item line inside a block (up to three spaces of indent, as for any block start). */
const LIST_ITEM_LINE = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const MAYBE_LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)]?)$/;

/** Scanner state at a block start; a boundary always resets it, so scanning can resume there. */
interface ScanState {
  fence: { char: string; length: number } | null;
  /** A line of the current block (outside fences) was a list item: the list may go on after a blank line. */
  blockIsList: boolean;
  previousBlank: boolean;
}

function freshState(): ScanState {
  return { fence: null, blockIsList: false, previousBlank: false };
}

/** true / false when decidable from the visible part of the line, undefined when more text is needed. */
function startsNewBlock(line: string, complete: boolean, blockIsList: boolean): boolean | undefined {
  const first = line[0];
  if (first === undefined) return undefined;
  if (first === ' ' || first === '\t') return false;
  if (!blockIsList) return true;
  if (LIST_MARKER.test(line)) return false;
  if (!complete && MAYBE_LIST_MARKER.test(line)) return undefined;
  return true;
}

/**
 * Finds block ends in a growing text without looking at any line twice: it keeps the offset of the
 * first line it has not consumed and the state (fence, list, blank line) of the block it is in.
 * Only a partial last line, or the first line after a blank one that needs more characters to
 * decide, is looked at again on the next call. The text passed must only ever grow.
 */
export class BlockScanner {
  private state = freshState();
  private pos: number;
  private blockStart: number;

  constructor(from = 0) {
    this.pos = from;
    this.blockStart = from;
  }

  /**
   * The caller dropped the first `length` characters of the text (blocks it has built): offsets
   * from now on count from there. `length` must not pass the last block end returned.
   */
  rebase(length: number): void {
    if (length > this.blockStart)
      throw new RangeError(`cannot drop ${length} characters: the open block starts at ${this.blockStart}`);
    this.pos -= length;
    this.blockStart -= length;
  }

  /**
   * Offsets (exclusive ends) of the blocks found complete since the last call. With `final`, the
   * rest of the text is the last block and its end (text.length) is included when non-empty; the
   * scanner then starts afresh at the end (text appended later begins a new block).
   */
  scan(text: string, final = false): number[] {
    const ends: number[] = [];
    const state = this.state;
    while (this.pos < text.length) {
      const pos = this.pos;
      const newline = text.indexOf('\n', pos);
      const complete = newline !== -1;
      const line = text.slice(pos, complete ? newline : text.length);
      const blank = line.trim() === '';

      if (!state.fence && state.previousBlank && !blank) {
        const decision = startsNewBlock(line, complete || final, state.blockIsList);
        if (decision === undefined) break;
        if (decision) {
          ends.push(pos);
          this.blockStart = pos;
          Object.assign(state, freshState());
        }
      }
      // Fence and list state change only on whole lines: a partial line is looked at again next time.
      if (complete || final) {
        const fence = FENCE.exec(line);
        if (state.fence) {
          if (
            fence &&
            fence[1]![0] === state.fence.char &&
            fence[1]!.length >= state.fence.length &&
            fence[2]!.trim() === ''
          ) {
            state.fence = null;
          }
        } else if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
          state.fence = { char: fence[1]![0]!, length: fence[1]!.length };
        }
        if (!state.fence && !state.blockIsList && LIST_ITEM_LINE.test(line)) state.blockIsList = true;
        state.previousBlank = blank && !state.fence;
      }
      if (!complete) break;
      this.pos = newline + 1;
    }
    if (final) {
      if (text.length > this.blockStart) ends.push(text.length);
      this.state = freshState();
      this.pos = this.blockStart = text.length;
    }
    return ends;
  }
}

/**
 * Offsets (exclusive ends) of the blocks that are certainly complete in `text`, scanning from
 * `from` (which must be 0 or a previously returned offset). With `final`, the rest of the text is
 * the last block and its end (text.length) is included when non-empty.
 */
export function blockEnds(text: string, from = 0, final = false): number[] {
  return new BlockScanner(from).scan(text, final);
}

/** The finished text cut into its blocks (same cuts as streaming would make). */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  for (const end of blockEnds(text, 0, true)) {
    blocks.push(text.slice(start, end));
    start = end;
  }
  return blocks;
}
