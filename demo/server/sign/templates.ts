import { degrees, PDFDocument } from 'pdf-lib';
import { generatePdf, inspectPdf, type Block, type GeneratedPdf, type PdfInfo } from './pdfs.js';

/**
 * The template documents of the seeded process types (data/process-types.json names them by key).
 * Real PDFs, as the seeded practices' are: text a viewer can select, form fields, labelled
 * signature boxes. The employment letter's appendix is a page stored in portrait and turned 90° by
 * its `/Rotate`, as a scanned landscape page often is: what a composer must place areas on too.
 */

export const TEMPLATE_ANCHORS = {
  policyHolder: 'Firma del Contraente',
  policyAgent: "Firma dell'Agente",
  employee: 'Firma del Dipendente',
  employer: 'Firma del Datore di lavoro',
  appendix: 'Firma per accettazione',
  expenses: 'Firma del richiedente il rimborso',
} as const;

const carPolicy: Block[] = [
  { h: 'PROPOSTA DI POLIZZA AUTO' },
  {
    p: 'Il Contraente chiede alla Compagnia di assicurare il veicolo indicato alle condizioni della nota informativa, che dichiara di aver ricevuto e letto prima della sottoscrizione.',
  },
  { field: { name: 'targa', kind: 'text', label: 'Targa del veicolo' } },
  { field: { name: 'marca_modello', kind: 'text', label: 'Marca e modello' } },
  { field: { name: 'data_decorrenza', kind: 'text', label: 'Decorrenza' } },
  {
    field: { name: 'frazionamento', kind: 'dropdown', label: 'Frazionamento', options: ['Annuale', 'Semestrale'] },
  },
  { field: { name: 'guida_esperta', kind: 'checkbox', label: 'Guida esperta' } },
  { h: 'Dati del Contraente' },
  { field: { name: 'contraente_nome', kind: 'text', label: 'Nome e cognome' } },
  { field: { name: 'contraente_nascita', kind: 'text', label: 'Data di nascita' } },
  { field: { name: 'contraente_email', kind: 'text', label: 'Indirizzo e-mail' } },
  { pageBreak: true },
  { h: 'Dichiarazioni e sottoscrizione' },
  {
    p: 'Il Contraente dichiara che le informazioni fornite sono esatte e complete, consapevole che dichiarazioni inesatte possono compromettere il diritto alla prestazione.',
  },
  { sign: { label: TEMPLATE_ANCHORS.policyHolder, field: 'firma_contraente' } },
  { sign: { label: TEMPLATE_ANCHORS.policyAgent } },
];

const employmentLetter: Block[] = [
  { h: 'LETTERA DI ASSUNZIONE' },
  {
    p: "Con la presente Le comunichiamo l'assunzione alle dipendenze di ACME S.p.A. con contratto a tempo indeterminato, alle condizioni che seguono e a quelle del contratto collettivo applicato.",
  },
  { field: { name: 'dipendente_nome', kind: 'text', label: 'Dipendente' } },
  { field: { name: 'mansione', kind: 'text', label: 'Mansione' } },
  { field: { name: 'data_inizio', kind: 'text', label: 'Data di inizio' } },
  {
    p: "La retribuzione annua lorda e indicata nell'allegato economico. Il periodo di prova e di sei mesi di effettivo servizio.",
  },
  { sign: { label: TEMPLATE_ANCHORS.employer } },
  { sign: { label: TEMPLATE_ANCHORS.employee, field: 'firma_dipendente' } },
  { pageBreak: true },
  { h: 'Allegato A - Orario di lavoro' },
  {
    p: "Lunedi-venerdi 9:00-13:00 e 14:00-18:00. Le variazioni d'orario sono concordate per iscritto con la direzione del personale.",
  },
  { sign: { label: TEMPLATE_ANCHORS.appendix } },
];

const expenses: Block[] = [
  { h: 'MODULO DI RIMBORSO SPESE' },
  { p: 'Il richiedente chiede il rimborso delle spese sostenute per conto della societa, allegando i giustificativi.' },
  { field: { name: 'importo', kind: 'text', label: 'Importo totale' } },
  { sign: { label: TEMPLATE_ANCHORS.expenses } },
];

export interface TemplatePdf extends GeneratedPdf {
  info: PdfInfo;
}

export type TemplateKey = 'carPolicy' | 'employmentLetter' | 'expenses';

/** Turns page `n` (1-based) by `/Rotate` 90: the content stays drawn as it was, the page is shown turned. */
async function turnPage(pdf: GeneratedPdf, n: number): Promise<GeneratedPdf> {
  const doc = await PDFDocument.load(pdf.bytes, { updateMetadata: false });
  doc.getPage(n - 1).setRotation(degrees(90));
  return { ...pdf, bytes: await doc.save({ useObjectStreams: false }) };
}

let cache: Promise<Record<TemplateKey, TemplatePdf>> | undefined;

/** The process types' template documents, generated once per process. */
export function templatePdfs(): Promise<Record<TemplateKey, TemplatePdf>> {
  cache ??= (async () => {
    const withInfo = async (g: GeneratedPdf): Promise<TemplatePdf> => ({ ...g, info: await inspectPdf(g.bytes) });
    const [policy, letter, claim] = await Promise.all([
      generatePdf('Proposta di polizza auto', carPolicy),
      generatePdf('Lettera di assunzione', employmentLetter).then((g) => turnPage(g, 2)),
      generatePdf('Modulo di rimborso spese', expenses),
    ]);
    return {
      carPolicy: await withInfo(policy),
      employmentLetter: await withInfo(letter),
      expenses: await withInfo(claim),
    };
  })();
  return cache;
}
