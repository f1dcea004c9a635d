/**
 * The help desk's seeded catalogue: services, parent/child assets, request types, urgencies,
 * priorities, and the triples (service + asset + request type) with their SLA and extra
 * sections. The spec has no endpoint for these lists (design.md "Help desk"), so the form gets
 * them as JSON from the simulator-only `GET /desk/__catalog.json`.
 */

export interface Item {
  id: number;
  codice: string;
  nome: string;
}

export type AttributeType = 'TEXT' | 'NUMBER' | 'DATE' | 'SELECT' | 'CHECKBOX';

export interface Attribute {
  idAttributo: number;
  codice: string;
  nome: string;
  tipo: AttributeType;
  obbligatorio: boolean;
  opzioni?: Array<{ valore: string; etichetta: string }>;
  maxLunghezza?: number;
  min?: number;
  max?: number;
  /** A regular expression TEXT values must match. */
  pattern?: string;
}

export interface Section {
  idSezione: number;
  codice: string;
  nome: string;
  ordine: number;
  attributi: Attribute[];
}

export interface Asset extends Item {
  figli: Item[];
}

export interface Service extends Item {
  assets: Asset[];
  tipiRichiesta: Item[];
}

interface TripleConfig {
  minutiPresaInCarico: number;
  minutiRisoluzione: number;
  ticketAutomatico: boolean;
  workflow: Item;
  sezioni: Section[];
}

export const TIPI: Item[] = [
  { id: 100, codice: 'GUASTO', nome: 'Segnalazione guasto' },
  { id: 101, codice: 'INFO', nome: 'Richiesta informazioni' },
  { id: 102, codice: 'ACCESSO', nome: 'Richiesta di accesso' },
  { id: 103, codice: 'RIMBORSO', nome: 'Richiesta di rimborso' },
];
const tipo = (codice: string) => TIPI.find((t) => t.codice === codice)!;

export const URGENZE: Item[] = [
  { id: 1, codice: 'BASSA', nome: 'Bassa' },
  { id: 2, codice: 'MEDIA', nome: 'Media' },
  { id: 3, codice: 'ALTA', nome: 'Alta' },
  { id: 4, codice: 'CRITICA', nome: 'Critica' },
];

/** Priorities and their resolution time; urgency N maps to the priority of the same rank. */
export const PRIORITA: Array<Item & { oreRisoluzione: number; idUrgenza: number }> = [
  { id: 11, codice: 'P4', nome: 'Bassa', oreRisoluzione: 72, idUrgenza: 1 },
  { id: 12, codice: 'P3', nome: 'Media', oreRisoluzione: 24, idUrgenza: 2 },
  { id: 13, codice: 'P2', nome: 'Alta', oreRisoluzione: 8, idUrgenza: 3 },
  { id: 14, codice: 'P1', nome: 'Critica', oreRisoluzione: 4, idUrgenza: 4 },
];

export const CANALI = ['WEB', 'TEL', 'MAIL', 'CHAT', 'APP'];

export const SERVIZI: Service[] = [
  {
    id: 1,
    codice: 'IT',
    nome: 'Servizi informatici',
    assets: [
      {
        id: 10,
        codice: 'PDL',
        nome: 'Postazione di lavoro',
        figli: [
          { id: 11, codice: 'PDL-NB', nome: 'Notebook' },
          { id: 12, codice: 'PDL-DT', nome: 'Desktop' },
          { id: 13, codice: 'PDL-STAMP', nome: 'Stampante' },
        ],
      },
      {
        id: 20,
        codice: 'RETE',
        nome: 'Rete',
        figli: [
          { id: 21, codice: 'RETE-VPN', nome: 'VPN' },
          { id: 22, codice: 'RETE-WIFI', nome: 'Wi-Fi' },
        ],
      },
      { id: 30, codice: 'APP', nome: 'Applicazioni', figli: [] },
    ],
    tipiRichiesta: [tipo('GUASTO'), tipo('INFO'), tipo('ACCESSO')],
  },
  {
    id: 2,
    codice: 'AMM',
    nome: 'Amministrazione',
    assets: [
      { id: 40, codice: 'FATT', nome: 'Fatturazione', figli: [] },
      { id: 50, codice: 'NOTE-SPESE', nome: 'Note spese', figli: [] },
    ],
    tipiRichiesta: [tipo('INFO'), tipo('RIMBORSO')],
  },
  {
    id: 3,
    codice: 'FAC',
    nome: 'Servizi generali',
    assets: [
      {
        id: 60,
        codice: 'SEDE',
        nome: 'Sede',
        figli: [
          { id: 61, codice: 'SEDE-CLIMA', nome: 'Climatizzazione' },
          { id: 62, codice: 'SEDE-ACCESSI', nome: 'Controllo accessi' },
        ],
      },
    ],
    tipiRichiesta: [tipo('GUASTO'), tipo('INFO')],
  },
];

const WF_STANDARD: Item = { id: 1, codice: 'WF-STD', nome: 'Flusso standard' };
const WF_TICKET: Item = { id: 2, codice: 'WF-TICKET', nome: 'Flusso con ticket di secondo livello' };
const WF_APPROVAL: Item = { id: 3, codice: 'WF-APPR', nome: 'Flusso con approvazione' };

const GUASTO_IT: Section[] = [
  {
    idSezione: 1,
    codice: 'DETTAGLI_GUASTO',
    nome: 'Dettagli del guasto',
    ordine: 1,
    attributi: [
      {
        idAttributo: 101,
        codice: 'NUM_INVENTARIO',
        nome: 'Numero di inventario',
        tipo: 'TEXT',
        obbligatorio: true,
        maxLunghezza: 20,
        pattern: '^[A-Z0-9-]+$',
      },
      { idAttributo: 102, codice: 'DATA_GUASTO', nome: 'Data del guasto', tipo: 'DATE', obbligatorio: true },
      {
        idAttributo: 103,
        codice: 'IMPATTO',
        nome: 'Impatto sul lavoro',
        tipo: 'SELECT',
        obbligatorio: true,
        opzioni: [
          { valore: 'NESSUNO', etichetta: 'Nessuno' },
          { valore: 'PARZIALE', etichetta: 'Lavoro rallentato' },
          { valore: 'BLOCCANTE', etichetta: 'Lavoro bloccato' },
        ],
      },
      {
        idAttributo: 104,
        codice: 'POSTAZIONI',
        nome: 'Postazioni coinvolte',
        tipo: 'NUMBER',
        obbligatorio: false,
        min: 1,
        max: 500,
      },
      {
        idAttributo: 105,
        codice: 'RIPETUTO',
        nome: 'Il problema si era gia presentato',
        tipo: 'CHECKBOX',
        obbligatorio: false,
      },
    ],
  },
];

const ACCESSO_IT: Section[] = [
  {
    idSezione: 2,
    codice: 'ACCESSO',
    nome: 'Accesso richiesto',
    ordine: 1,
    attributi: [
      {
        idAttributo: 201,
        codice: 'SISTEMA',
        nome: 'Sistema',
        tipo: 'SELECT',
        obbligatorio: true,
        opzioni: [
          { valore: 'ERP', etichetta: 'ERP' },
          { valore: 'CRM', etichetta: 'CRM' },
          { valore: 'VPN', etichetta: 'VPN aziendale' },
        ],
      },
      { idAttributo: 202, codice: 'DATA_INIZIO', nome: 'Dal giorno', tipo: 'DATE', obbligatorio: true },
      { idAttributo: 203, codice: 'DATA_FINE', nome: 'Al giorno', tipo: 'DATE', obbligatorio: false },
      {
        idAttributo: 204,
        codice: 'MOTIVAZIONE',
        nome: 'Motivazione',
        tipo: 'TEXT',
        obbligatorio: true,
        maxLunghezza: 500,
      },
    ],
  },
  {
    idSezione: 3,
    codice: 'RESPONSABILE',
    nome: 'Responsabile che autorizza',
    ordine: 2,
    attributi: [
      {
        idAttributo: 301,
        codice: 'EMAIL_RESP',
        nome: 'E-mail del responsabile',
        tipo: 'TEXT',
        obbligatorio: true,
        maxLunghezza: 120,
        pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      },
    ],
  },
];

const RIMBORSO_AMM: Section[] = [
  {
    idSezione: 4,
    codice: 'RIMBORSO',
    nome: 'Dati del rimborso',
    ordine: 1,
    attributi: [
      {
        idAttributo: 401,
        codice: 'IMPORTO',
        nome: 'Importo (euro)',
        tipo: 'NUMBER',
        obbligatorio: true,
        min: 0.01,
        max: 10000,
      },
      { idAttributo: 402, codice: 'DATA_SPESA', nome: 'Data della spesa', tipo: 'DATE', obbligatorio: true },
      {
        idAttributo: 403,
        codice: 'IBAN',
        nome: 'IBAN',
        tipo: 'TEXT',
        obbligatorio: true,
        maxLunghezza: 34,
        pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$',
      },
      { idAttributo: 404, codice: 'RICEVUTA', nome: 'Ricevuta allegata', tipo: 'CHECKBOX', obbligatorio: true },
    ],
  },
];

/** SLA and sections per service + request type (the asset refines nothing in this seed). */
const TRIPLES: Record<string, TripleConfig> = {
  'IT/GUASTO': {
    minutiPresaInCarico: 240,
    minutiRisoluzione: 1440,
    ticketAutomatico: true,
    workflow: WF_TICKET,
    sezioni: GUASTO_IT,
  },
  'IT/INFO': {
    minutiPresaInCarico: 480,
    minutiRisoluzione: 2880,
    ticketAutomatico: false,
    workflow: WF_STANDARD,
    sezioni: [],
  },
  'IT/ACCESSO': {
    minutiPresaInCarico: 480,
    minutiRisoluzione: 2880,
    ticketAutomatico: false,
    workflow: WF_APPROVAL,
    sezioni: ACCESSO_IT,
  },
  'AMM/INFO': {
    minutiPresaInCarico: 960,
    minutiRisoluzione: 4320,
    ticketAutomatico: false,
    workflow: WF_STANDARD,
    sezioni: [],
  },
  'AMM/RIMBORSO': {
    minutiPresaInCarico: 960,
    minutiRisoluzione: 7200,
    ticketAutomatico: false,
    workflow: WF_APPROVAL,
    sezioni: RIMBORSO_AMM,
  },
  'FAC/GUASTO': {
    minutiPresaInCarico: 120,
    minutiRisoluzione: 960,
    ticketAutomatico: true,
    workflow: WF_TICKET,
    sezioni: [],
  },
  'FAC/INFO': {
    minutiPresaInCarico: 480,
    minutiRisoluzione: 2880,
    ticketAutomatico: false,
    workflow: WF_STANDARD,
    sezioni: [],
  },
};

/** A resolved, consistent triple. */
export interface Triple {
  idTerna: number;
  servizio: Service;
  assetPadre: Asset | null;
  assetFiglio: Item | null;
  tipoRichiesta: Item;
  config: TripleConfig;
}

export interface FieldError {
  field: string;
  message: string;
}

type Source = Record<string, unknown>;

/** An id given as a number or digit string; NaN when present but not an integer. */
function idOf(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : NaN;
}

/**
 * Finds the item named by `id<Name>` or `cod<Name>` among `items`. Both given and disagreeing,
 * an unknown id/code, or a malformed id each add a field error.
 */
export function pick<T extends Item>(
  src: Source,
  name: string,
  items: T[],
  errors: FieldError[],
  label: string,
): T | null | undefined {
  const idField = `id${name}`;
  const codField = `cod${name}`;
  const id = idOf(src[idField]);
  const cod = typeof src[codField] === 'string' && src[codField] !== '' ? (src[codField] as string) : undefined;
  if (Number.isNaN(id)) {
    errors.push({ field: idField, message: `${idField} deve essere un numero intero` });
    return null;
  }
  if (id === undefined && cod === undefined) return undefined;
  const byId = id !== undefined ? items.find((i) => i.id === id) : undefined;
  const byCod = cod !== undefined ? items.find((i) => i.codice === cod) : undefined;
  if (id !== undefined && !byId) {
    errors.push({ field: idField, message: `${label} ${id} non esiste o non e valido in questo contesto` });
    return null;
  }
  if (cod !== undefined && !byCod) {
    errors.push({
      field: codField,
      message: `${label} con codice ${cod} non esiste o non e valido in questo contesto`,
    });
    return null;
  }
  if (byId && byCod && byId !== byCod) {
    errors.push({ field: codField, message: `${codField} ${cod} non corrisponde a ${idField} ${id}` });
    return null;
  }
  return (byId ?? byCod)!;
}

/**
 * Resolves service, parent asset, child asset and request type from ids or codes and checks
 * they belong together. Missing service or request type are errors only when `required`.
 */
export function resolveTriple(src: Source, errors: FieldError[], required = true): Triple | undefined {
  const before = errors.length;
  const servizio = pick(src, 'Servizio', SERVIZI, errors, 'Servizio');
  if (servizio === undefined && required)
    errors.push({ field: 'idServizio', message: 'Il servizio e obbligatorio (idServizio o codServizio)' });
  const allAssets = SERVIZI.flatMap((s) => s.assets);
  let assetPadre = pick(src, 'AssetRoot', servizio ? servizio.assets : allAssets, errors, 'Asset');
  const allChildren = (servizio ? servizio.assets : allAssets).flatMap((a) => a.figli);
  const assetFiglio = pick(src, 'AssetFiglio', assetPadre ? assetPadre.figli : allChildren, errors, 'Asset figlio');
  if (assetFiglio && !assetPadre) assetPadre = allAssets.find((a) => a.figli.includes(assetFiglio)) ?? null;
  const tipoRichiesta = pick(src, 'TipoRichiesta', servizio ? servizio.tipiRichiesta : TIPI, errors, 'Tipo richiesta');
  if (tipoRichiesta === undefined && required)
    errors.push({
      field: 'idTipoRichiesta',
      message: 'Il tipo richiesta e obbligatorio (idTipoRichiesta o codTipoRichiesta)',
    });
  if (errors.length > before || !servizio || !tipoRichiesta) return undefined;
  const config = TRIPLES[`${servizio.codice}/${tipoRichiesta.codice}`]!;
  return {
    idTerna: servizio.id * 1000 + tipoRichiesta.id + (assetFiglio?.id ?? assetPadre?.id ?? 0) * 1_000_000,
    servizio,
    assetPadre: assetPadre ?? null,
    assetFiglio: assetFiglio ?? null,
    tipoRichiesta,
    config,
  };
}

export const item = (i: Item | null | undefined) => (i ? { id: i.id, codice: i.codice, nome: i.nome } : null);

/** The JSON the form's `catalog` property / `catalog-src` takes. */
export function catalogJson() {
  return {
    servizi: SERVIZI.map((s) => ({
      ...item(s),
      assets: s.assets.map((a) => ({ ...item(a), figli: a.figli.map(item) })),
      tipiRichiesta: s.tipiRichiesta.map(item),
    })),
    tipiRichiesta: TIPI.map(item),
    urgenze: URGENZE.map(item),
    priorita: PRIORITA.map((p) => ({ ...item(p), oreRisoluzione: p.oreRisoluzione, idUrgenza: p.idUrgenza })),
    canali: CANALI,
  };
}
