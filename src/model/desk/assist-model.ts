/**
 * Pure pieces of the form's AI help: how a similarity catalog's label path maps onto the desk
 * catalogue's selects (what text to ask about and which answers are worth showing: ../answers.ts).
 * No I/O.
 */
import { findEntry, keyOf, requestTypesFor, type Catalog, type CatalogItem } from './catalog.js';

// The search's pieces moved beside: the live chat's answers before a chat use them too.
export {
  MAX_QUERY_LENGTH,
  MIN_QUERY_LENGTH,
  pickAnswers,
  questionOf,
  SHOWN_VERDICTS,
  type Answer,
} from '../answers.js';

/** The form's selects a suggestion would set (option keys as the form holds them). */
export interface SuggestedSelection {
  servizio: string;
  assetRoot: string;
  assetFiglio: string;
  tipoRichiesta: string;
  /** The path in the catalogue's own names, for the customer. */
  names: string[];
}

const match = <T extends CatalogItem>(items: readonly T[], label: string): T | undefined =>
  findEntry(items, label) ?? items.find((i) => i.name.toLowerCase() === label.toLowerCase());

/**
 * Maps a label path (service first, request type last, assets between — by code, id or name) onto
 * the catalogue. Undefined when the service or the request type is not in this catalogue: a
 * suggestion the customer could not apply is not shown.
 */
export function selectionFromLabelPath(
  catalog: Catalog | undefined,
  path: readonly string[],
): SuggestedSelection | undefined {
  if (!catalog || path.length < 2) return undefined;
  const service = match(catalog.services, path[0]!);
  if (!service) return undefined;
  const middle = path.slice(1, -1);
  const asset = middle[0] !== undefined ? match(service.assets, middle[0]) : undefined;
  const child = asset && middle[1] !== undefined ? match(asset.children, middle[1]) : undefined;
  const type = match(requestTypesFor(service, asset), path[path.length - 1]!);
  if (!type) return undefined;
  return {
    servizio: keyOf(service),
    assetRoot: asset ? keyOf(asset) : '',
    assetFiglio: child ? keyOf(child) : '',
    tipoRichiesta: keyOf(type),
    names: [service, asset, child, type].filter((x): x is CatalogItem => !!x).map((x) => x.name),
  };
}
