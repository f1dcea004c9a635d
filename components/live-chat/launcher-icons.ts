/**
 * The closed launcher's two icons, built with DOM calls: no markup strings, so nothing for Trusted
 * Types to refuse. The same shapes as the AI launcher's (components/shared/chat-icons.ts), copied:
 * this module is part of the closed launcher's one file, and importing those would add a chunk to
 * fetch before it shows.
 */
const SVG = 'http://www.w3.org/2000/svg';

function icon(paths: Array<Record<string, string>>): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({
    viewBox: '0 0 24 24',
    width: '26',
    height: '26',
    'aria-hidden': 'true',
    focusable: 'false',
  }))
    svg.setAttribute(k, v);
  for (const attrs of paths) {
    const path = document.createElementNS(SVG, 'path');
    for (const [k, v] of Object.entries(attrs)) path.setAttribute(k, v);
    svg.append(path);
  }
  return svg;
}

export const bubbleIcon = (): SVGSVGElement =>
  icon([
    {
      fill: 'currentColor',
      d: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z',
    },
  ]);

export const closeIcon = (): SVGSVGElement =>
  icon([
    {
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2.4',
      'stroke-linecap': 'round',
      d: 'M6 6l12 12M18 6L6 18',
    },
  ]);
