/**
 * The help desk's seeded catalogue: services, parent/child assets, request types, urgencies,
 * priorities, and the triples (service + asset + request type) with their SLA and extra
 * sections — the data in data/catalog.json, here its shapes and the rules that resolve a triple.
 * The spec has no endpoint for these lists (design.md "Help desk"), so the form gets them as JSON
 * from the simulator-only `GET /desk/__catalog.json`.
 */
import { readSeed } from '../core/seed-data.js';

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

/** The shape of data/catalog.json: a service names its request types, a triple its workflow, by code. */
interface CatalogSeed {
  tipiRichiesta: Item[];
  urgenze: Item[];
  /** Priorities and their resolution time; urgency N maps to the priority of the same rank. */
  priorita: Array<Item & { oreRisoluzione: number; idUrgenza: number }>;
  canali: string[];
  servizi: Array<Omit<Service, 'tipiRichiesta'> & { tipiRichiesta: string[] }>;
  workflows: Item[];
  /** SLA and sections per service + request type (the asset refines nothing in this seed). */
  triples: Record<string, Omit<TripleConfig, 'workflow'> & { workflow: string }>;
}

const seed = readSeed<CatalogSeed>(new URL('./data/catalog.json', import.meta.url));

function byCode<T extends Item>(items: T[], codice: string): T {
  const found = items.find((i) => i.codice === codice);
  if (!found) throw new Error(`desk catalogue: nothing has the code ${codice}`);
  return found;
}

export const TIPI = seed.tipiRichiesta;
export const URGENZE = seed.urgenze;
export const PRIORITA = seed.priorita;
export const CANALI = seed.canali;
export const SERVIZI: Service[] = seed.servizi.map((s) => ({
  ...s,
  tipiRichiesta: s.tipiRichiesta.map((codice) => byCode(TIPI, codice)),
}));
const TRIPLES: Record<string, TripleConfig> = Object.fromEntries(
  Object.entries(seed.triples).map(([key, t]) => [key, { ...t, workflow: byCode(seed.workflows, t.workflow) }]),
);

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
