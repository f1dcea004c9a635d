import { PHRASES } from './phrases.js';
import type { Lang } from './text.js';

/** The simulated tools of the seeded agents: tracking runs at once, cancelling waits for approval. */
export function trackShipmentResult(code: string, lang: Lang): string {
  const say = PHRASES[lang];
  const rows = say.trackRows.map((r) => `| ${r.join(' | ')} |`).join('\n');
  return `${say.trackIntro(code)}\n\n${say.trackHead}\n|---|---|---|\n${rows}`;
}

export function cancelOrderResult(orderId: string, approved: boolean, lang: Lang): string {
  return approved ? PHRASES[lang].cancelled(orderId) : PHRASES[lang].notCancelled(orderId);
}
