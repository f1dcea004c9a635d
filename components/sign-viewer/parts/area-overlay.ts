import { html, nothing } from 'lit';
import type { Lang } from '../../../src/i18n/lang.js';
import { langOf, type Speaker } from '../../../src/i18n/translate.js';
import { dateTimeFormat } from '../../../src/i18n/format.js';
import type { PlacedArea } from '../../../src/pdf/areas.js';
import { displayBox, quarterTurn } from '../../../src/pdf/geometry.js';
import { sameEmail, type SignerStep } from '../../../src/model/sign/signer-view.js';
import { cssProps } from '../../shared/css-props.js';
import { areaIcon, placeholderFamily, type AreaFamily } from './area-icons.js';

export { placeholderFamily };
import { codeKey, t, type StringKey } from '../strings.js';

/** What the areas need to know beyond their place: who looks, and each signer's step. */
export interface AreaContext {
  /** The document view: its language and the viewer's `strings`. */
  speaker: Speaker;
  signerEmail: string | undefined;
  steps: ReadonlyMap<string, SignerStep>;
}

/** The area's family: every signature area is one; a placeholder's comes from its type code. */
export function areaFamily(a: PlacedArea): AreaFamily {
  return a.spec.kind === 'signature' ? 'signature' : placeholderFamily(a.spec.code);
}

function formatWhen(iso: string | undefined, language: Lang): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** The area's words: what it is, whose it is, and for a signed one who signed and when. */
export function areaText(
  a: PlacedArea,
  ctx: AreaContext,
): { text: string; mine: boolean; state: 'signed' | 'rejected' | 'pending' } {
  const words = (k: StringKey, p?: Record<string, string | number>) => t(ctx.speaker, k, p);
  const mine = sameEmail(ctx.signerEmail, a.spec.signerEmail);
  const step = a.spec.signerEmail ? ctx.steps.get(a.spec.signerEmail.trim().toLowerCase()) : undefined;
  const signer = (a.spec.signerName ?? words('nobody')) + (mine ? words('areaYou') : '');
  let text: string;
  if (a.spec.kind === 'signature') {
    const key = codeKey('action_', a.spec.code);
    text = words('areaSignature', { kind: key ? words(key) : a.spec.code, signer });
  } else {
    // A type the catalogue does not name (radio, combo, birth place, …) is said by its family.
    const ph = codeKey('ph_', a.spec.code);
    text = words('areaPlaceholder', { kind: words(ph ?? `areaType_${placeholderFamily(a.spec.code)}`), signer });
    if (a.spec.required) text += ` ${words('areaRequired')}`;
  }
  const state = step?.status === 'F' ? 'signed' : step?.status === 'R' ? 'rejected' : 'pending';
  if (state === 'signed')
    text += ` — ${words('areaSignedBy', { name: step!.name, when: formatWhen(step!.at, langOf(ctx.speaker)) })}`;
  else if (state === 'rejected') text += ` — ${words('areaRejectedBy', { name: step!.name })}`;
  else if (a.spec.signerEmail) text += ` — ${words('areaPending')}`;
  return { text, mine, state };
}

/**
 * The areas of one page, placed on the page as shown: their coordinates are on the page as
 * stored, and a page turned by its `/Rotate` carries them along (`displayBox`).
 */
export function renderAreas(areas: readonly PlacedArea[], pageRotation: number, ctx: AreaContext) {
  if (!areas.length) return nothing;
  return areas.map((a) => {
    const { text, mine, state } = areaText(a, ctx);
    const b = displayBox(a.box, pageRotation);
    // The stamp's own turn (§2.4 `rotation`) adds to the page's.
    const turn = quarterTurn((a.spec.rotation ?? 0) + pageRotation);
    // One outline and icon per family, so the types differ without colour (colours say mine/signed).
    const family = areaFamily(a);
    const classes = [
      'area',
      a.spec.kind,
      `type-${family}`,
      mine ? 'mine' : '',
      state === 'pending' ? '' : state,
      turn % 180 ? 'turned' : '',
      turn ? `turn-${turn}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    // The label speaks the visitor's language on a page laid out left to right as drawn: `dir="auto"`
    // lets an Arabic label read (and be cut short) right to left; the icon, an SVG, does not count.
    const parts = ['area', mine ? 'area-mine' : '', state === 'signed' ? 'area-signed' : ''].filter(Boolean).join(' ');
    return html`<div
      class=${classes}
      part=${parts}
      data-area=${a.spec.id}
      data-signer=${a.spec.signerEmail ?? ''}
      data-state=${state}
      data-type=${family}
      role="note"
      tabindex="-1"
      aria-label=${text}
      ${cssProps({ left: `${b.x * 100}%`, top: `${b.y * 100}%`, width: `${b.width * 100}%`, height: `${b.height * 100}%` })}
    >
      <span class="label" dir="auto" aria-hidden="true">${areaIcon(family)}${state === 'signed' ? '✓ ' : ''}${text}</span>
    </div>`;
  });
}
