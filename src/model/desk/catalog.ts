/**
 * The help-desk catalogue: services, their asset trees, request types and urgencies. The spec has
 * no endpoint for these lists (design.md, "Help desk"), so the page gives them as JSON. Entries are
 * identified by the spec's numeric ids, by its `cod*` codes, or by both; whichever an entry has is
 * what the creation body carries (`idServizio` or `codServizio`, ...).
 *
 * Pure data, no I/O: normalising tolerates Italian and English key names so an integrator can pass
 * what their back office exports without reshaping it.
 */

export interface CatalogItem {
  id?: number | undefined;
  code?: string | undefined;
  name: string;
  description?: string | undefined;
}

export interface CatalogAsset extends CatalogItem {
  children: CatalogItem[];
  /** Request types allowed under this asset; empty = those of the service. */
  requestTypes: CatalogItem[];
}

export interface CatalogService extends CatalogItem {
  assets: CatalogAsset[];
  requestTypes: CatalogItem[];
}

export interface Catalog {
  services: CatalogService[];
  urgencies: CatalogItem[];
  channels: CatalogItem[];
}

/** Which identifier to send when an entry has both. */
export type KeyPreference = 'auto' | 'ids' | 'codes';

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

function pick(raw: Raw, keys: string[]): unknown {
  for (const key of keys) if (raw[key] !== undefined && raw[key] !== null) return raw[key];
  return undefined;
}

function list(raw: Raw, keys: string[]): unknown[] {
  const value = pick(raw, keys);
  return Array.isArray(value) ? value : [];
}

export class CatalogError extends Error {
  override readonly name = 'CatalogError';
}

function item(raw: unknown, where: string): CatalogItem {
  // A bare string is a code-only entry (e.g. a list of channel codes).
  if (typeof raw === 'string' && raw.trim()) return { code: raw.trim(), name: raw.trim() };
  if (!isRecord(raw)) throw new CatalogError(`${where}: expected an object`);
  const idValue = pick(raw, ['id', 'idServizio', 'idAsset', 'idTipoRichiesta', 'idUrgenza']);
  const codeValue = pick(raw, [
    'code',
    'codice',
    'cod',
    'codServizio',
    'codAsset',
    'codTipoRichiesta',
    'codUrgenza',
    'codiceCanale',
  ]);
  const id =
    typeof idValue === 'number'
      ? idValue
      : typeof idValue === 'string' && /^\d+$/.test(idValue)
        ? Number(idValue)
        : undefined;
  const code =
    typeof codeValue === 'string' && codeValue.trim()
      ? codeValue.trim()
      : typeof codeValue === 'number'
        ? String(codeValue)
        : undefined;
  if (id === undefined && code === undefined) throw new CatalogError(`${where}: needs an id or a code`);
  const nameValue = pick(raw, ['name', 'nome', 'label', 'descrizione', 'description', 'title']);
  const name = typeof nameValue === 'string' && nameValue.trim() ? nameValue : (code ?? String(id));
  const descValue = pick(raw, ['description', 'descrizione']);
  const description = typeof descValue === 'string' && descValue !== name ? descValue : undefined;
  return { id, code, name, description };
}

function items(raws: unknown[], where: string): CatalogItem[] {
  return raws.map((r, i) => item(r, `${where}[${i}]`));
}

const SERVICES = ['services', 'servizi'];
const ASSETS = ['assets', 'asset', 'assetRoot', 'assetsRoot'];
const CHILDREN = ['children', 'figli', 'assetFigli', 'assetsFiglio'];
const TYPES = ['requestTypes', 'tipiRichiesta', 'tipologie', 'types'];
const URGENCIES = ['urgencies', 'urgenze'];
const CHANNELS = ['channels', 'canali'];

/** Turns page-supplied JSON into a {@link Catalog}; throws {@link CatalogError} on a shape it cannot use. */
export function normaliseCatalog(input: unknown): Catalog {
  if (!isRecord(input)) throw new CatalogError('catalog: expected an object with a list of services');
  const rawServices = list(input, SERVICES);
  if (rawServices.length === 0) throw new CatalogError('catalog: no services');
  const globalTypes = items(list(input, TYPES), 'requestTypes');
  const services = rawServices.map((raw, i): CatalogService => {
    const where = `services[${i}]`;
    const base = item(raw, where);
    const r = raw as Raw;
    const assets = list(r, ASSETS).map((a, j): CatalogAsset => {
      const assetWhere = `${where}.assets[${j}]`;
      return {
        ...item(a, assetWhere),
        children: items(list(a as Raw, CHILDREN), `${assetWhere}.children`),
        requestTypes: items(list(a as Raw, TYPES), `${assetWhere}.requestTypes`),
      };
    });
    const own = items(list(r, TYPES), `${where}.requestTypes`);
    return { ...base, assets, requestTypes: own.length ? own : globalTypes };
  });
  return {
    services,
    urgencies: items(list(input, URGENCIES), 'urgencies'),
    channels: items(list(input, CHANNELS), 'channels'),
  };
}

/** A stable string key for an entry, used as the `<option value>`: `id:12` or `code:HW`. */
export function keyOf(entry: CatalogItem): string {
  return entry.id !== undefined ? `id:${entry.id}` : `code:${entry.code}`;
}

/** Finds an entry by its key, by bare id (`12`) or by bare code (`HW`), so prefill may use either. */
export function findEntry<T extends CatalogItem>(
  entries: readonly T[],
  wanted: string | number | undefined | null,
): T | undefined {
  if (wanted === undefined || wanted === null || wanted === '') return undefined;
  const text = String(wanted);
  return (
    entries.find((e) => keyOf(e) === text) ??
    entries.find((e) => e.id !== undefined && String(e.id) === text) ??
    entries.find((e) => e.code !== undefined && e.code === text)
  );
}

/** Request types offered for a service (and asset, when that asset narrows them). */
export function requestTypesFor(service: CatalogService | undefined, asset: CatalogAsset | undefined): CatalogItem[] {
  if (!service) return [];
  return asset && asset.requestTypes.length ? asset.requestTypes : service.requestTypes;
}

export type CatalogField = 'Servizio' | 'AssetRoot' | 'AssetFiglio' | 'TipoRichiesta' | 'Urgenza';

/**
 * The identifier fields of the creation body for one entry: `{ idServizio: 3 }` or
 * `{ codServizio: 'IT' }` (or both when asked for ids and codes are all there is).
 */
export function identify(
  field: CatalogField,
  entry: CatalogItem | undefined,
  prefer: KeyPreference = 'auto',
): Record<string, string | number> {
  if (!entry) return {};
  const useCode = entry.id === undefined || (prefer === 'codes' && entry.code !== undefined);
  return useCode ? { [`cod${field}`]: entry.code as string } : { [`id${field}`]: entry.id as number };
}
