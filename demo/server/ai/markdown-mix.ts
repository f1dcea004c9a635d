/**
 * A deterministic mix of markdown (headings, paragraphs, lists, tables, code, links, quotes) of
 * at least `bytes` UTF-8 bytes, for the renderer benchmark (`bench:100k`).
 */
export function markdownMix(bytes: number): string {
  const blocks: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const block = BLOCKS[i % BLOCKS.length]!(i);
    // The blank line joining blocks counts only between two of them.
    size += Buffer.byteLength(block, 'utf8') + (blocks.length > 0 ? 2 : 0);
    blocks.push(block);
  }
  return blocks.join('\n\n');
}

const BLOCKS: Array<(i: number) => string> = [
  (i) => `## Sezione ${i}: riepilogo`,
  (i) =>
    `Questo paragrafo ${i} contiene testo **in grassetto**, *in corsivo*, \`codice in linea\` e un [collegamento](https://help.example.com/docs/${i}). Le città più servite sono Milano, Torino e Napoli; la consegna è puntuale nel ${90 + (i % 10)}% dei casi.`,
  (i) =>
    `- Punto ${i}.1: fatture emesse il primo giorno lavorativo\n- Punto ${i}.2: pagamento con **SEPA** o carta\n  - sottopunto con \`BS-${String(i).padStart(6, '0')}\`\n- Punto ${i}.3: assistenza dal lunedì al venerdì`,
  (i) =>
    `| Servizio | Richieste | Tempo medio |\n|---|---:|---:|\n| Fatturazione | ${i * 3} | ${(i % 7) + 1} h |\n| Spedizioni | ${i * 5} | ${(i % 5) + 2} h |\n| Firma digitale | ${i * 2} | ${(i % 3) + 1} h |`,
  (i) =>
    '```ts\n' +
    `// esempio ${i}\nconst richiesta = await fetch('/desk/richieste/${i}', { headers: { Authorization: \`Bearer \${token}\` } });\nif (!richiesta.ok) throw new Error(\`HTTP \${richiesta.status}\`);\n` +
    '```',
  (i) => `1. Apri l'area clienti (passo ${i})\n2. Scegli **Documenti**\n3. Scarica il PDF firmato`,
  (i) =>
    `> Nota ${i}: i tempi indicati sono medi e possono variare nei periodi di picco — vedi [stato del servizio](https://status.example.com/).`,
  (i) =>
    `### Dettaglio ${i}\nEnglish text too: *shipping* takes 2-3 days, **express** 24 hours; see <https://help.example.com/en/shipping> for more.`,
];
