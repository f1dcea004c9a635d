// Areas and placeholders of different types look different without colour (outline and icon), and
// each one's accessible name says its type and its signer. Practice 1001 (Laura's view): signature
// areas, a free-text, a date, a full-name and a checkbox placeholder.
import { expect } from '@open-wc/testing';
import type { SportelloSignViewer } from './sign-viewer.js';
import { docView, practiceShown, resetSim, shadow, viewer } from '../../test/browser/helpers/sign-viewer.js';
import { placeholderFamily } from './parts/area-icons.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const LAURA = 'laura.bianchi@acme.test';

const areas = (el: SportelloSignViewer) => [...(docView(el)?.shadowRoot?.querySelectorAll<HTMLElement>('.area') ?? [])];

/** What the eye gets apart from colour: the outline's style, weights, corners and the icon. */
function shape(a: HTMLElement): string {
  const s = getComputedStyle(a);
  const icon = a.querySelector('svg.area-icon')?.getAttribute('data-icon') ?? 'none';
  return [
    s.borderTopStyle,
    s.borderTopWidth,
    s.borderBottomStyle,
    s.borderBottomWidth,
    s.borderTopRightRadius,
    icon,
  ].join(' ');
}

async function showDocument(el: SportelloSignViewer, index: number): Promise<void> {
  const button = shadow(el).querySelector<HTMLButtonElement>(`[part="switcher"] button[data-index="${index}"]`)!;
  const name = button.textContent!.trim();
  button.click();
  // The other document's own view (a new one replaces the old), with its areas placed.
  await until(
    () => docView(el)?.documentName === name && docView(el)?.pdf && areas(el).length > 0,
    `document ${index} shows no areas`,
  );
}

describe('sportello-sign-viewer: area types', () => {
  beforeEach(resetSim);

  it('placeholder codes fall into the families the spec gives them', () => {
    expect(['S'].map(placeholderFamily)).to.deep.equal(['signature']);
    expect(['D', 'O', 'E', 'H'].map(placeholderFamily)).to.deep.equal(['date', 'date', 'date', 'date']);
    expect(['I', 'Y'].map(placeholderFamily)).to.deep.equal(['checkbox', 'checkbox']);
    expect(['R', 'U'].map(placeholderFamily)).to.deep.equal(['choice', 'choice']);
    expect(placeholderFamily('Z')).to.equal('attachment');
    expect(['T', 'F', '1', '2', 'C', 'X', 'K', 'J', 'A'].every((c) => placeholderFamily(c) === 'text')).to.equal(true);
  });

  it('signature, text, date and checkbox areas differ in outline and icon, and say their type and signer', async () => {
    const el = await viewer(1001, { 'signer-email': LAURA });
    await practiceShown(el);
    await until(() => areas(el).length >= 3, 'no areas on the contract');
    const seen = new Map<string, { shape: string; label: string; mine: boolean }>();
    const collect = () => {
      for (const a of areas(el))
        seen.set(`${a.dataset.type}`, {
          shape: shape(a),
          label: a.getAttribute('aria-label')!,
          mine: a.classList.contains('mine'),
        });
    };
    collect();
    await showDocument(el, 2);
    collect();
    expect([...seen.keys()].sort()).to.deep.equal(['checkbox', 'date', 'signature', 'text']);
    // Four families, four shapes: no two the same once colour is taken away.
    const shapes = [...seen.values()].map((v) => v.shape);
    expect(new Set(shapes).size, shapes.join(' | ')).to.equal(4);
    // Each icon is the family's own.
    for (const [family, v] of seen) expect(v.shape.endsWith(` ${family}`)).to.equal(true);
    // The accessible name says the type and whose it is.
    expect(seen.get('checkbox')!.label).to.match(/^Field: checkbox — Laura Bianchi \(you\) \(required\)/);
    expect(seen.get('date')!.label).to.match(/^Field: signature date — Laura Bianchi/);
    expect(seen.get('text')!.label).to.match(/^Field: (free text|full name) — /);
    expect(seen.get('signature')!.label).to.match(/signature .*— (Mario Rossi|Laura Bianchi)/i);
    await expect(el).to.be.accessible();
  });

  it("the viewer's own areas keep their type's outline (a state changes colour and halo only)", async () => {
    const el = await viewer(1001, { 'signer-email': LAURA });
    await practiceShown(el);
    await showDocument(el, 2);
    const checkbox = areas(el).find((a) => a.dataset.type === 'checkbox')!;
    const text = areas(el).find((a) => a.dataset.type === 'text')!;
    expect(checkbox.classList.contains('mine')).to.equal(true);
    expect(text.classList.contains('mine')).to.equal(false);
    expect(getComputedStyle(checkbox).borderTopStyle).to.equal('double');
    expect(getComputedStyle(text).borderTopStyle).to.equal('dotted');
    expect(getComputedStyle(checkbox).boxShadow).not.to.equal('none');
  });
});
