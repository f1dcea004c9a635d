/**
 * The text a reader sees in rendered markdown, one line per block, for places that only take plain
 * text (a handoff transcript for an operator, a live-region announcement): table rows as
 * `a | b`, list items as `- item` / `1. item`, everything else as its text. With `atLeast`, blocks
 * are read only until that many characters are collected (the result may be longer: clip it).
 */
export function plainText(root: ParentNode, atLeast = Infinity): string {
  const lines: string[] = [];
  readBlocks(root, lines, atLeast, 0);
  return lines.filter((line) => line.trim() !== '').join('\n');
}

/** Appends the lines of `parent`'s blocks (a block group is read as the blocks it holds); returns the length so far. */
function readBlocks(parent: ParentNode, lines: string[], atLeast: number, length: number): number {
  // Callers that clip the text (an announcement, a transcript line) pass how much they need: a
  // long answer is hundreds of blocks, and reading them all would be wasted work in a frame.
  for (let block = parent.firstElementChild; block && length <= atLeast; block = block.nextElementSibling) {
    if (block.classList.contains('md-group')) {
      length = readBlocks(block, lines, atLeast, length);
      continue;
    }
    const from = lines.length;
    blockLines(block, lines);
    for (let i = from; i < lines.length; i++) length += lines[i]!.length + 1;
  }
  return length;
}

function blockLines(block: Element, lines: string[]): void {
  const tag = block.localName;
  // A host's controls around a block (a code block's language and copy button) are not its text.
  if (block.classList.contains('md-chrome')) return;
  if (block.classList.contains('md-decorated')) {
    for (const child of Array.from(block.children)) blockLines(child, lines);
    return;
  }
  if (tag === 'ul' || tag === 'ol') {
    const start = Number(block.getAttribute('start') ?? '1');
    Array.from(block.children).forEach((item, i) => {
      lines.push(`${tag === 'ol' ? `${start + i}.` : '-'} ${(item.textContent ?? '').replace(/\s+/g, ' ').trim()}`);
    });
    return;
  }
  const table = tag === 'table' ? block : block.querySelector(':scope > table');
  if (table) {
    for (const row of Array.from(table.querySelectorAll('tr'))) {
      lines.push(Array.from(row.children, (cell) => (cell.textContent ?? '').trim()).join(' | '));
    }
    return;
  }
  if (tag === 'pre') {
    lines.push(block.textContent ?? '');
    return;
  }
  lines.push((block.textContent ?? '').replace(/\s+/g, ' ').trim());
}
