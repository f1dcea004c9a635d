import { Bm25, trigramCosine } from './bm25.js';
import { Invalid } from './validate.js';
import { readSeed } from '../core/seed-data.js';

/**
 * Similarity catalogs (spec §4.9, prefix /analysis/catalogs): the seeded, read-only part a client
 * uses — `POST /classify` against a `ready` catalog. Building, refining and editing templates are
 * not simulated. Similarity mixes BM25 (normalised) with character-trigram cosine, as search does.
 *
 * Seed (data/catalogs.json): catalog 1 "Richieste help desk" (supervised, ready, threshold 0.6) whose `label_path`s are
 * the help-desk catalogue's codes, service first and request type last (`["IT", "RETE", "GUASTO"]`),
 * so a desk form can map a verdict onto its own selects; catalog 2 is still `building`.
 */

export interface Template {
  id: number;
  text: string;
  label_path: string[];
}
export interface Catalog {
  id: number;
  tenant_id: number;
  name: string;
  mode: 'supervised' | 'unsupervised';
  status: 'queued' | 'building' | 'ready' | 'failed' | 'cancelled';
  refinement_status: string;
  embedding_model: string;
  threshold: number;
  created_by: string;
  created_at: string;
  templates: Template[];
}

const SEED_CATALOGS = readSeed<Catalog[]>(new URL('./data/catalogs.json', import.meta.url));

export class CatalogStore {
  readonly catalogs: Catalog[] = structuredClone(SEED_CATALOGS);
  private readonly indexes = new Map<number, Bm25<Template>>();

  get(id: number): Catalog | undefined {
    return this.catalogs.find((c) => c.id === id);
  }

  private index(catalog: Catalog): Bm25<Template> {
    let index = this.indexes.get(catalog.id);
    if (!index) {
      index = new Bm25<Template>();
      for (const t of catalog.templates) index.add(t, t.text);
      this.indexes.set(catalog.id, index);
    }
    return index;
  }

  /** The best templates for one text, one candidate per label path, best first (similarity 0..1). */
  candidates(catalog: Catalog, text: string, topN: number) {
    const lexical = new Map(
      this.index(catalog)
        .search(text, 100)
        .map((h) => [h.item, h.normalized] as const),
    );
    const byLabel = new Map<
      string,
      { label_path: string[]; similarity: number; template_id: number; template_text: string }
    >();
    for (const t of catalog.templates) {
      const similarity = Math.round((0.7 * (lexical.get(t) ?? 0) + 0.3 * trigramCosine(text, t.text)) * 1000) / 1000;
      const key = t.label_path.join('/');
      const kept = byLabel.get(key);
      if (!kept || kept.similarity < similarity)
        byLabel.set(key, { label_path: t.label_path, similarity, template_id: t.id, template_text: t.text });
    }
    return [...byLabel.values()].sort((a, b) => b.similarity - a.similarity).slice(0, topN);
  }
}

/** Spec: `strong`, `medium`, `weak`, `none` from the top score and its gap to the second (cut-offs are the simulator's). */
export function verdict(top: number, second: number, threshold: number): 'strong' | 'medium' | 'weak' | 'none' {
  if (top < threshold * 0.5) return 'none';
  const gap = top - second;
  if (top >= threshold && gap >= 0.15) return 'strong';
  if (top >= threshold * 0.75 && gap >= 0.05) return 'medium';
  return 'weak';
}

export interface ClassifyRequest {
  catalog_id: number;
  texts: string[];
  top_n: number;
  threshold_override: number | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a POST /analysis/catalogs/classify body (spec §4.9; bounds from §8). */
export function parseClassifyRequest(body: unknown): ClassifyRequest {
  if (!isObject(body)) throw new Invalid(422, 'Request body must be a JSON object');
  const id = body.catalog_id;
  if (id === undefined) throw new Invalid(422, 'catalog_id is required');
  if (!Number.isInteger(id)) throw new Invalid(422, 'catalog_id: expected integer');
  const texts = body.texts;
  if (texts === undefined) throw new Invalid(422, 'texts is required');
  if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string'))
    throw new Invalid(422, 'texts: expected an array of strings');
  if (texts.length === 0) throw new Invalid(400, 'texts must hold at least one text');
  if (texts.some((t) => t.length < 1 || t.length > 200000))
    throw new Invalid(400, 'each text must be between 1 and 200000 characters');
  const topN = body.top_n ?? 3;
  if (!Number.isInteger(topN) || (topN as number) < 1 || (topN as number) > 10)
    throw new Invalid(422, 'top_n must be an integer between 1 and 10');
  const override = body.threshold_override;
  if (override !== undefined && override !== null && (typeof override !== 'number' || override < 0 || override > 1))
    throw new Invalid(422, 'threshold_override must be between 0.0 and 1.0');
  return {
    catalog_id: id as number,
    texts: texts as string[],
    top_n: topN as number,
    threshold_override: typeof override === 'number' ? override : undefined,
  };
}

/** The classify answer of spec §4.9, or a refusal (`{status, detail}`) for an unknown or unready catalog. */
export function classify(store: CatalogStore, req: ClassifyRequest, started: number) {
  const catalog = store.get(req.catalog_id);
  if (!catalog) return { refusal: { status: 404, detail: `Catalog ${req.catalog_id} not found` } } as const;
  // "Classification needs a ready catalog"; the status code is not shown: 409 is the simulator's.
  if (catalog.status !== 'ready')
    return { refusal: { status: 409, detail: `Catalog ${catalog.id} is ${catalog.status}, not ready` } } as const;
  const threshold = req.threshold_override ?? catalog.threshold;
  const results = req.texts.map((text) => {
    const candidates = store.candidates(catalog, text, req.top_n);
    const top = candidates[0]?.similarity ?? 0;
    const v = verdict(top, candidates[1]?.similarity ?? 0, threshold);
    return {
      text,
      candidates,
      best_label_path: v === 'none' ? null : (candidates[0]?.label_path ?? null),
      best_similarity: top,
      verdict: v,
    };
  });
  const distribution: Record<string, number> = {};
  for (const r of results)
    if (r.best_label_path)
      distribution[r.best_label_path.join(' > ')] = (distribution[r.best_label_path.join(' > ')] ?? 0) + 1;
  return {
    refusal: undefined,
    catalog_id: catalog.id,
    catalog_name: catalog.name,
    catalog_mode: catalog.mode,
    refinement_status: catalog.refinement_status,
    total_texts: req.texts.length,
    processing_time_seconds: Math.round((performance.now() - started) / 10) / 100,
    threshold_used: threshold,
    top_n: req.top_n,
    results,
    distribution,
  };
}
