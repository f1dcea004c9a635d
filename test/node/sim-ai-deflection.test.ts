import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';

// What the help-desk form asks the AI service before a request is opened: FAQ matching
// (spec §4.7 POST /search/faq) and the similarity catalog's verdict (spec §4.9 POST /classify).

const HEADERS = { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'desk_app', 'Content-Type': 'application/json' };

describe('AI simulator: FAQ search and catalog classification', () => {
  let sim: RunningSimulator;
  let base: string;
  before(async () => {
    sim = await startSimulator({ port: 0, paceMs: 1 });
    base = `${sim.url}/ai/api/v2`;
  });
  after(() => sim.close());
  const post = (path: string, body: unknown, headers: Record<string, string> = HEADERS) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

  it('POST /search/faq answers the /search shape with FAQs only', async () => {
    const res = await post('/search/faq', { query: 'I forgot my password', knowledge_base_ids: [2], top_k: 3 });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.deepEqual(Object.keys(body).sort(), ['chunks', 'faqs', 'query', 'search_time_ms', 'total_results']);
    assert.deepEqual(body.chunks, []);
    assert.equal(body.faqs[0].question, 'I forgot my password');
    assert.ok(body.faqs.length <= 3);
    assert.equal(body.total_results, body.faqs.length);
    assert.equal((await post('/search/faq', { query: 'x', knowledge_base_ids: [] })).status, 400);
    assert.equal((await post('/search/faq', { query: 'x', knowledge_base_ids: [99] })).status, 404);
    assert.equal(
      (await post('/search/faq', { query: 'x', knowledge_base_ids: [2] }, { 'Content-Type': 'application/json' }))
        .status,
      401,
    );
  });

  it('POST /analysis/catalogs/classify gives candidates, a best label path and a verdict', async () => {
    const res = await post('/analysis/catalogs/classify', {
      catalog_id: 1,
      texts: ['My laptop does not turn on', 'zzz qqq'],
      top_n: 2,
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    for (const key of [
      'catalog_id',
      'catalog_name',
      'catalog_mode',
      'refinement_status',
      'total_texts',
      'processing_time_seconds',
      'threshold_used',
      'top_n',
      'results',
      'distribution',
    ])
      assert.ok(key in body, key);
    assert.equal(body.total_texts, 2);
    const [laptop, noise] = body.results;
    assert.deepEqual(laptop.best_label_path, ['IT', 'PDL', 'GUASTO']);
    assert.ok(['strong', 'medium', 'weak'].includes(laptop.verdict));
    assert.equal(laptop.candidates.length, 2);
    assert.ok(laptop.candidates[0].similarity >= laptop.candidates[1].similarity);
    assert.deepEqual(Object.keys(laptop.candidates[0]).sort(), [
      'label_path',
      'similarity',
      'template_id',
      'template_text',
    ]);
    assert.equal(noise.verdict, 'none');
    assert.equal(noise.best_label_path, null);
  });

  it('refuses an unknown or unready catalog and a malformed body', async () => {
    assert.equal((await post('/analysis/catalogs/classify', { catalog_id: 42, texts: ['x'] })).status, 404);
    assert.equal((await post('/analysis/catalogs/classify', { catalog_id: 2, texts: ['x'] })).status, 409);
    assert.equal((await post('/analysis/catalogs/classify', { texts: ['x'] })).status, 422);
    assert.equal((await post('/analysis/catalogs/classify', { catalog_id: 1, texts: ['x'], top_n: 11 })).status, 422);
    assert.equal((await post('/analysis/catalogs/classify', { catalog_id: 1, texts: [] })).status, 400);
  });
});
