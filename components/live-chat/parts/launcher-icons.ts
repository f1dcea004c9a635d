/**
 * The closed launcher's two icons, built with DOM calls: no markup strings, so nothing for Trusted
 * Types to refuse. The same shapes as the AI launcher's (components/shared/chat-icons.ts), copied:
 * this module is part of the closed launcher's one file, and importing those would add a chunk to
 * fetch before it shows.
 *
 * The closed bubble is a span clipped to the bubble's path by the launcher's sheet (`.icon` in
 * live-chat.styles.ts), not an SVG element: the page's first SVG element makes the browser set up
 * its SVG machinery and building the path costs script, both while the page starts (measured at 4x
 * CPU in fresh pages: ~2.8 ms for the first SVG element alone). The AI launcher's bubble does the
 * same (components/ai-chat/parts/launcher.ts). The close icon is shown only once the window is open.
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

export const bubbleIcon = (): HTMLSpanElement => {
  const icon = document.createElement('span');
  icon.className = 'icon';
  icon.setAttribute('aria-hidden', 'true');
  return icon;
};

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
