import type { Lang } from './text.js';

/** The simulated tools of the seeded agents: tracking runs at once, cancelling waits for approval. */
export function trackShipmentResult(code: string, lang: Lang): string {
  const rows =
    lang === 'it'
      ? [
          ['18/02 09:12', 'Milano Hub', 'Presa in carico'],
          ['18/02 21:40', 'Bologna', 'In transito'],
          ['19/02 08:05', 'Firenze', 'In consegna'],
        ]
      : [
          ['18/02 09:12', 'Milan Hub', 'Picked up'],
          ['18/02 21:40', 'Bologna', 'In transit'],
          ['19/02 08:05', 'Florence', 'Out for delivery'],
        ];
  const head = lang === 'it' ? '| Data | Luogo | Stato |' : '| Date | Place | Status |';
  const intro =
    lang === 'it'
      ? `### Spedizione \`${code}\`\n\nHo controllato il tracciamento: il pacco è **in consegna oggi**.`
      : `### Shipment \`${code}\`\n\nI checked the tracking: the parcel is **out for delivery today**.`;
  return `${intro}\n\n${head}\n|---|---|---|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}`;
}

export function cancelOrderResult(orderId: string, approved: boolean, lang: Lang): string {
  if (!approved) {
    return lang === 'it'
      ? `Va bene, **non ho annullato** l'ordine \`${orderId}\`: resta confermato. Se cambi idea chiedimelo di nuovo.`
      : `All right, I **did not cancel** order \`${orderId}\`: it stays confirmed. Ask me again if you change your mind.`;
  }
  return lang === 'it'
    ? `### Ordine \`${orderId}\` annullato\n\n- Stato: **annullato**\n- Rimborso: entro **10 giorni lavorativi** sul metodo di pagamento originale\n- Conferma: inviata per e-mail`
    : `### Order \`${orderId}\` cancelled\n\n- Status: **cancelled**\n- Refund: within **10 working days** to the original payment method\n- Confirmation: sent by e-mail`;
}
