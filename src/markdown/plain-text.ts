/**
 * The text a reader sees in rendered markdown, one line per block, for places that only take plain
 * text (a handoff transcript for an operator, a live-region announcement): table rows as
 * `a | b`, list items as `- item` / `1. item`, everything else as its text.
 */
export function plainText(root: ParentNode): string {
  const lines: string[] = [];
  for (const block of Array.from(root.children)) blockLines(block, lines);
  return lines.filter((line) => line.trim() !== '').join('\n');
}

function blockLines(block: Element, lines: string[]): void {
  const tag = block.localName;
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
