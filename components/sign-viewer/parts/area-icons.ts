import { svg } from 'lit';

/** What a signer does with an area, whatever its code: one look (icon and outline) per family. */
export type AreaFamily = 'signature' | 'text' | 'date' | 'checkbox' | 'choice' | 'attachment';

/** Placeholder type codes (§2.5) grouped by what a signer does with them. */
export function placeholderFamily(code: string): AreaFamily {
  if (code === 'S') return 'signature';
  if (code === 'D' || code === 'O' || code === 'E' || code === 'H') return 'date';
  if (code === 'I' || code === 'Y') return 'checkbox';
  if (code === 'R' || code === 'U') return 'choice';
  if (code === 'Z') return 'attachment';
  return 'text';
}

// 24×24 outlines drawn with the label's text colour: a pen, a T, a calendar, a ticked box, a
// radio dot, a paper clip. Decorative: the area's accessible name says the type in words.
const PATHS: Record<AreaFamily, string> = {
  signature: 'M3 21h18M5 17l9.5-9.5 3 3L8 20H5v-3zM13 9l3 3',
  text: 'M5 7V4h14v3M12 4v16M9 20h6',
  date: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  checkbox: 'M4 4h16v16H4zM8 12l3 3 5-6',
  choice: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6z',
  attachment:
    'M20 11.5l-8.1 8.1a5 5 0 0 1-7.1-7.1l8.5-8.5a3.4 3.4 0 0 1 4.8 4.8l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8',
};

export function areaIcon(family: AreaFamily) {
  return svg`<svg class="area-icon" data-icon=${family} viewBox="0 0 24 24" width="12" height="12" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" d=${PATHS[family]}/></svg>`;
}
