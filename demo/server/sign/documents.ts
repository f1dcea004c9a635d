import {
  generateLongPdf,
  generatePdf,
  inspectPdf,
  type Block,
  type GeneratedPdf,
  type NormalizedBox,
  type PdfInfo,
} from './pdfs.js';

/**
 * The seeded documents' texts. Signature labels double as anchor keywords: the seed places
 * `anchorKeyword` areas on these exact strings, so a viewer that searches the text finds them.
 */
export const ANCHORS = {
  contractClient: 'Firma del Cliente',
  contractSupplier: 'Firma del Fornitore',
  privacy: 'Firma per presa visione',
  module: 'Firma del richiedente',
  agreementCustomer: 'Customer signature',
  agreementApprover: 'Approved by',
  /** Not a label: the provider's name, which wraps onto a second line of the agreement's first paragraph. */
  agreementProvider: 'ACME Services S.p.A.',
} as const;

const article = (n: number, title: string, text: string): Block[] => [{ h: `Art. ${n} - ${title}` }, { p: text }];

const contract: Block[] = [
  { h: 'CONTRATTO DI FORNITURA DI SERVIZI' },
  {
    p: 'Tra ACME Servizi S.p.A., con sede in Milano, Via Roma 1, di seguito "il Fornitore", e il Cliente indicato di seguito, si conviene e si stipula quanto segue.',
  },
  { field: { name: 'cliente_ragione_sociale', kind: 'text', label: 'Ragione sociale' } },
  { field: { name: 'cliente_partita_iva', kind: 'text', label: 'Partita IVA' } },
  { field: { name: 'cliente_pec', kind: 'text', label: 'Indirizzo PEC' } },
  ...article(
    1,
    'Oggetto',
    "Il Fornitore si impegna a erogare al Cliente i servizi di assistenza applicativa e di hosting descritti nell'allegato tecnico, secondo i livelli di servizio ivi indicati.",
  ),
  ...article(
    2,
    'Durata',
    'Il contratto ha durata di dodici mesi dalla data di sottoscrizione e si rinnova tacitamente per periodi di pari durata, salvo disdetta inviata con preavviso di almeno sessanta giorni.',
  ),
  ...article(
    3,
    'Corrispettivi',
    'Il Cliente corrisponde un canone mensile di euro 1.250,00 oltre IVA, fatturato in via anticipata. I pagamenti sono dovuti entro trenta giorni dalla data della fattura.',
  ),
  { pageBreak: true },
  ...article(
    4,
    'Livelli di servizio',
    'Il Fornitore garantisce la disponibilita del servizio pari al 99,5% su base mensile. Le segnalazioni di guasto sono prese in carico entro quattro ore lavorative.',
  ),
  ...article(
    5,
    'Penali',
    'In caso di mancato rispetto dei livelli di servizio, il Cliente ha diritto a una riduzione del canone pari al 5% per ogni punto percentuale di indisponibilita eccedente la soglia.',
  ),
  ...article(
    6,
    'Riservatezza',
    "Le parti si impegnano a mantenere riservate le informazioni scambiate in esecuzione del contratto e a non divulgarle a terzi senza il consenso scritto dell'altra parte.",
  ),
  ...article(
    7,
    'Trattamento dei dati',
    'Il Fornitore tratta i dati personali per conto del Cliente in qualita di responsabile del trattamento, secondo le istruzioni documentate del Cliente e la normativa vigente.',
  ),
  ...article(
    8,
    'Recesso',
    'Ciascuna parte puo recedere dal contratto con comunicazione scritta e preavviso di novanta giorni, fermo il pagamento dei servizi gia erogati.',
  ),
  { pageBreak: true },
  ...article(
    9,
    'Foro competente',
    'Per ogni controversia relativa al presente contratto e competente in via esclusiva il Foro di Milano.',
  ),
  ...article(
    10,
    'Sottoscrizione',
    'Il presente contratto e sottoscritto con firma elettronica ai sensi della normativa vigente e produce gli effetti della forma scritta.',
  ),
  { sign: { label: ANCHORS.contractClient, field: 'firma_cliente' } },
  { sign: { label: ANCHORS.contractSupplier, field: 'firma_fornitore' } },
];

const privacy: Block[] = [
  { h: 'INFORMATIVA SUL TRATTAMENTO DEI DATI PERSONALI' },
  {
    p: "Ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679, ACME Servizi S.p.A., in qualita di titolare del trattamento, informa l'interessato sulle modalita con cui tratta i suoi dati personali.",
  },
  { h: '1. Finalita del trattamento' },
  {
    p: "I dati sono trattati per l'esecuzione del contratto, per adempiere agli obblighi di legge e, previo consenso, per l'invio di comunicazioni commerciali.",
  },
  { h: '2. Base giuridica e conservazione' },
  {
    p: "Il trattamento si fonda sul contratto, sull'obbligo legale e sul consenso. I dati sono conservati per dieci anni dalla cessazione del rapporto, salvo diversi obblighi di legge.",
  },
  { h: "3. Diritti dell'interessato" },
  {
    p: "L'interessato puo chiedere l'accesso ai dati, la rettifica, la cancellazione, la limitazione del trattamento e la portabilita, e proporre reclamo all'autorita di controllo.",
  },
  { pageBreak: true },
  { h: '4. Consensi' },
  {
    p: "Barrare le caselle per esprimere i consensi facoltativi. Il mancato consenso non impedisce l'esecuzione del contratto.",
  },
  { field: { name: 'consenso_marketing', kind: 'checkbox', label: 'Consenso al marketing' } },
  { field: { name: 'consenso_profilazione', kind: 'checkbox', label: 'Consenso alla profilazione' } },
  { sign: { label: ANCHORS.privacy, field: 'signature_interessato' } },
];

const adhesion: Block[] = [
  { h: 'MODULO DI ADESIONE AL SERVIZIO' },
  {
    p: 'Il sottoscritto chiede di aderire al servizio di assistenza alle condizioni generali allegate, che dichiara di aver letto e accettato.',
  },
  { field: { name: 'nome', kind: 'text', label: 'Nome' } },
  { field: { name: 'cognome', kind: 'text', label: 'Cognome' } },
  { field: { name: 'codice_fiscale', kind: 'text', label: 'Codice fiscale' } },
  { field: { name: 'data_nascita', kind: 'text', label: 'Data di nascita' } },
  { field: { name: 'piano', kind: 'dropdown', label: 'Piano scelto', options: ['Base', 'Plus', 'Premium'] } },
  { field: { name: 'accetto_condizioni', kind: 'checkbox', label: 'Accetto le condizioni' } },
  { pageBreak: true },
  { h: 'Dichiarazioni' },
  {
    p: 'Il richiedente dichiara che i dati forniti sono veritieri e si impegna a comunicare tempestivamente ogni variazione.',
  },
  { sign: { label: ANCHORS.module, field: 'firma_richiedente' } },
];

const agreement: Block[] = [
  { h: 'SERVICE AGREEMENT' },
  {
    p: `This agreement is made between Northwind Traders Ltd ("the Customer") and ${ANCHORS.agreementProvider} ("the Provider") for the supply of managed support services.`,
  },
  { h: '1. Services' },
  {
    p: 'The Provider shall deliver second-level support, monitoring and monthly reporting as described in Schedule A. Service hours are Monday to Friday, 9:00 to 18:00 CET.',
  },
  { h: '2. Fees' },
  {
    p: 'The Customer shall pay a monthly fee of EUR 980 plus VAT within thirty days of invoice. Late payments accrue interest at the statutory rate.',
  },
  { pageBreak: true },
  { h: '3. Term and termination' },
  {
    p: 'The agreement starts on signature and runs for one year. Either party may terminate it with sixty days written notice.',
  },
  { sign: { label: ANCHORS.agreementCustomer, field: 'signature_customer' } },
  { sign: { label: ANCHORS.agreementApprover } },
];

export interface SeedPdfs {
  contract: GeneratedPdf;
  privacy: GeneratedPdf;
  adhesion: GeneratedPdf;
  agreement: GeneratedPdf;
  /** Generated on first use (about 100 pages); see `longPdf()`. */
}

let cache: Promise<SeedPdfs> | undefined;
let longCache: Promise<Uint8Array> | undefined;

/** The seeded documents, generated once per process (tens of milliseconds) and shared by resets. */
export function seedPdfs(): Promise<SeedPdfs> {
  cache ??= (async () => {
    const [c, p, a, g] = await Promise.all([
      generatePdf('Contratto di fornitura', contract),
      generatePdf('Informativa privacy', privacy),
      generatePdf('Modulo di adesione', adhesion),
      generatePdf('Service agreement', agreement),
    ]);
    return { contract: c, privacy: p, adhesion: a, agreement: g };
  })();
  return cache;
}

export const LONG_PAGES = 100;

/** The 100-page document of the viewer benchmark, generated once, on first use. */
export function longPdf(): Promise<Uint8Array> {
  longCache ??= generateLongPdf('Capitolato tecnico', LONG_PAGES);
  return longCache;
}

/** A seeded file: its bytes, what inspecting them reads (pages, sizes, form fields), its drawn signature boxes. */
export interface SeedAsset {
  bytes: Uint8Array;
  info: PdfInfo;
  /** By label, the text printed above each box. */
  signatureBoxes: Record<string, NormalizedBox>;
}

/** The files a seeded practice's document names as its `asset` (data/practices.json). */
export type SeedAssets = Record<'contract' | 'privacy' | 'adhesion' | 'agreement' | 'long' | 'broken', SeedAsset>;

const BROKEN_BYTES = new TextEncoder().encode(
  'Questo file non e un PDF: il documento e stato danneggiato durante il caricamento.\n',
);

/** Generates (once per process) every seeded file and reads back its pages and fields. */
export async function loadSeedAssets(): Promise<SeedAssets> {
  const pdfs = await seedPdfs();
  const inspected = async ({ bytes, signatureBoxes }: GeneratedPdf) => ({
    bytes,
    info: await inspectPdf(bytes),
    signatureBoxes,
  });
  const long = await longPdf();
  return {
    contract: await inspected(pdfs.contract),
    privacy: await inspected(pdfs.privacy),
    adhesion: await inspected(pdfs.adhesion),
    agreement: await inspected(pdfs.agreement),
    long: { bytes: long, info: await inspectPdf(long), signatureBoxes: {} },
    // Not a PDF: nothing to read in it.
    broken: { bytes: BROKEN_BYTES, info: { pages: 0, pagesSize: [], acrofields: [] }, signatureBoxes: {} },
  };
}
