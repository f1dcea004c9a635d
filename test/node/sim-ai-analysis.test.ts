import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createParser } from 'eventsource-parser';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { seedPdfs } from '../../demo/server/sign/documents.js';
import { pollStep } from '../harness/harness.js';

// Spec §4.8 (PDF analyses) and the temporary document agent's chat, over real HTTP on loopback.

const HEADERS = { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct', 'Content-Type': 'application/json' };
const OTHER_TENANT = { ...HEADERS, 'X-Api-Key': 'spk_other' };

interface Job {
  id: number;
  status: string;
  type: string;
  error_message: string | null;
  input_config: Record<string, unknown>;
  result: { response: string | null; agent_id: number | null; pages: number; language: string } | null;
}

describe('AI simulator: PDF analyses and chat with the document', () => {
  let sim: RunningSimulator;
  let base: string;
  let contract: string;
  let agreement: string;
  before(async () => {
    sim = await startSimulator({ port: 0, paceMs: 1 });
    base = `${sim.url}/ai/api/v2`;
    const pdfs = await seedPdfs();
    contract = Buffer.from(pdfs.contract.bytes).toString('base64');
    agreement = Buffer.from(pdfs.agreement.bytes).toString('base64');
  });
  after(() => sim.close());
  afterEach(async () => {
    await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = HEADERS) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const get = (path: string, headers: Record<string, string> = HEADERS) => fetch(`${base}${path}`, { headers });

  /** Polls the job's status until it is no longer pending or running (generous deadline). */
  async function settled(id: number, seen: string[] = []): Promise<Job> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const status = (await (await get(`/analysis/${id}/status`)).json()) as { status: string };
      if (seen.at(-1) !== status.status) seen.push(status.status);
      if (status.status === 'completed' || status.status === 'failed')
        return (await (await get(`/analysis/${id}`)).json()) as Job;
      await pollStep(5);
    }
    throw new Error(`analysis ${id} did not finish`);
  }

  async function analyse(body: Record<string, unknown>): Promise<Job> {
    const res = await post('/analysis/pdf/sync', { filename: 'contratto.pdf', file_content: contract, ...body });
    assert.equal(res.status, 200);
    return (await res.json()) as Job;
  }

  async function ask(agentId: number, message: string, headers = HEADERS) {
    const res = await post('/chat', { agent_id: agentId, message, stream: true }, headers);
    if (res.status !== 200) return { status: res.status, events: [] as Array<Record<string, any>> };
    const events: Array<Record<string, any>> = [];
    const parser = createParser({ onEvent: (e) => events.push(JSON.parse(e.data)) });
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      parser.feed(decoder.decode(chunk, { stream: true }));
    return { status: res.status, events };
  }

  it('answers 202 with a pending job, which moves through running to completed with a summary', async () => {
    const res = await post('/analysis/pdf', { filename: 'contratto.pdf', file_content: contract });
    assert.equal(res.status, 202);
    const job = (await res.json()) as Job;
    assert.equal(job.status, 'pending');
    assert.equal(job.type, 'pdf');
    assert.equal(job.result, null);
    assert.equal(job.input_config.filename, 'contratto.pdf');
    assert.equal(job.input_config.file_content, undefined, 'the Base64 content is not echoed back');
    const seen: string[] = [];
    const done = await settled(job.id, seen);
    assert.equal(done.status, 'completed');
    assert.ok(!seen.includes('pending') || seen.indexOf('pending') < seen.indexOf('completed'));
    assert.equal(done.result?.pages, 3);
    assert.equal(done.result?.agent_id, null, 'no agent without create_kb_agent');
    assert.match(done.result?.response ?? '', /CONTRATTO DI FORNITURA DI SERVIZI\*\* è un documento di 3 pagine/);
    assert.match(done.result?.response ?? '', /\*\*Art\. 8 - Recesso\*\* \(pag\. 2\)/);
  });

  it('writes the summary in options.language', async () => {
    const de = await analyse({ options: { language: 'de' } });
    assert.equal(de.result?.language, 'de');
    assert.match(de.result?.response ?? '', /ist ein Dokument mit 3 Seiten/);
    const es = await analyse({ options: { language: 'es-ES' } });
    assert.match(es.result?.response ?? '', /es un documento de 3 páginas/);
  });

  it('makes a temporary agent whose answers cite the page the clause is printed on', async () => {
    const job = await analyse({ create_kb_agent: true });
    const agentId = job.result?.agent_id;
    assert.equal(typeof agentId, 'number');
    const agent = await (await get(`/agents/${agentId}`)).json();
    assert.equal(agent.is_temporary, true);

    const cases: Array<[string, number, string]> = [
      ['Con quale preavviso posso recedere dal contratto?', 2, 'Art. 8 - Recesso'],
      ['Which court is competent for a controversy (foro)?', 3, 'Art. 9 - Foro competente'],
      ['Quanto costa il canone mensile?', 1, 'Art. 3 - Corrispettivi'],
    ];
    for (const [question, page, section] of cases) {
      const { status, events } = await ask(agentId!, question);
      assert.equal(status, 200);
      const sources = events.find((e) => e.type === 'sources')?.sources as Array<Record<string, any>>;
      assert.ok(sources?.length, `sources for ${question}`);
      assert.equal(sources[0]!.metadata.page, page, question);
      assert.equal(sources[0]!.metadata.section, section);
      assert.equal(sources[0]!.metadata.type, 'pdf_page');
      assert.equal(sources[0]!.document_id, `analysis-${job.id}`);
      const text = events
        .filter((e) => e.type === 'delta')
        .map((e) => e.content)
        .join('');
      assert.ok(text.includes('[1]'), 'the answer cites its first source');
      assert.ok(text.includes(String(page)), 'the answer names the page');
      assert.equal(events.at(-1)?.type, 'done');
    }
    const quote = (await ask(agentId!, 'recedere preavviso')).events.find((e) => e.type === 'sources')?.sources[0]
      .metadata.quote;
    assert.match(quote, /^Ciascuna parte puo recedere dal contratto con comunicazione scritta e preavviso di novanta/);
  });

  it('says it found nothing, citing nothing, for a question the document does not answer', async () => {
    const job = await analyse({ create_kb_agent: true, skip_analysis: true });
    assert.equal(job.result?.response, null, 'skip_analysis: no summary');
    const { events } = await ask(job.result!.agent_id!, 'What is the weather in Paris tomorrow?');
    assert.equal(
      events.find((e) => e.type === 'sources'),
      undefined,
    );
    assert.match(
      events
        .filter((e) => e.type === 'delta')
        .map((e) => e.content)
        .join(''),
      /could not find/,
    );
  });

  it('keeps one document per agent: the English agreement cites its own second page', async () => {
    const res = await post('/analysis/pdf/sync', {
      filename: 'agreement.pdf',
      file_content: agreement,
      create_kb_agent: true,
    });
    const job = (await res.json()) as Job;
    const sources = (
      await ask(job.result!.agent_id!, 'How can I terminate the agreement, with what notice?')
    ).events.find((e) => e.type === 'sources')?.sources;
    assert.equal(sources[0].metadata.page, 2);
    assert.equal(sources[0].metadata.filename, 'agreement.pdf');
  });

  it('takes the PDF as multipart (file part and options part)', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(contract, 'base64')], { type: 'application/pdf' }), 'modulo.pdf');
    form.append('options', JSON.stringify({ create_kb_agent: true, options: { language: 'fr' } }));
    const res = await fetch(`${base}/analysis/pdf`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct' },
      body: form,
    });
    assert.equal(res.status, 202);
    const done = await settled(((await res.json()) as Job).id);
    assert.equal(done.status, 'completed');
    assert.match(done.result?.response ?? '', /est un document de 3 pages/);
    assert.equal(typeof done.result?.agent_id, 'number');
  });

  it('validates the body as spec §4.8 says', async () => {
    const status = async (body: unknown) => (await post('/analysis/pdf', body)).status;
    assert.equal(await status({ file_content: contract }), 400);
    assert.equal(await status({ filename: 'x.pdf' }), 422);
    assert.equal(await status({ filename: 'x.pdf', file_content: contract, file_path: 'a/b.pdf' }), 422);
    assert.equal(await status({ filename: 'x.pdf', file_content: contract, skip_analysis: true }), 422);
    assert.equal(await status({ filename: 'x.pdf', file_content: 'not base64!' }), 422);
    assert.equal(await status({ filename: 'x'.repeat(513), file_content: contract }), 400);
    const res = await post('/analysis/pdf', {});
    assert.deepEqual(Object.keys(await res.json()), ['detail']);
  });

  it('ends failed, with a message, for bytes that are not a PDF and after the fail-job fault', async () => {
    const bad = await analyse({ file_content: Buffer.from('not a pdf at all').toString('base64') });
    assert.equal(bad.status, 'failed');
    assert.match(bad.error_message ?? '', /could not be read as a PDF/);
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'fail-job', match: '/ai/api/v2/analysis/pdf' }),
    });
    const res = await post('/analysis/pdf', {
      filename: 'contratto.pdf',
      file_content: contract,
      create_kb_agent: true,
    });
    const failed = await settled(((await res.json()) as Job).id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.result, null);
    assert.match(failed.error_message ?? '', /simulated fault/);
    assert.equal((await analyse({})).status, 'completed', 'the fault is spent');
  });

  it('keeps a job running while the hold-job fault is in force, and finishes it once released', async () => {
    const faults = `${sim.url}/__sim/faults`;
    await fetch(faults, {
      method: 'POST',
      body: JSON.stringify({ kind: 'hold-job', match: '/ai/api/v2/analysis/pdf', durationMs: 600_000 }),
    });
    const res = await post('/analysis/pdf', { filename: 'contratto.pdf', file_content: contract });
    const { id } = (await res.json()) as Job;
    // The job asks the fault each step (each ask is a hit): after three it has been held three times.
    for (;;) {
      const [hold] = (await (await fetch(faults)).json()) as { hits: number }[];
      if (hold!.hits >= 3) break;
      await pollStep(5);
    }
    const held = (await (await get(`/analysis/${id}/status`)).json()) as { status: string };
    assert.equal(held.status, 'running');
    await fetch(faults, { method: 'DELETE' });
    assert.equal((await settled(id)).status, 'completed');
  });

  it('gives the same job again for the same Idempotency-Key', async () => {
    const headers = { ...HEADERS, 'Idempotency-Key': 'doc-10011-v1' };
    const body = { filename: 'contratto.pdf', file_content: contract, create_kb_agent: true };
    const first = (await (await post('/analysis/pdf', body, headers)).json()) as Job;
    const second = (await (await post('/analysis/pdf', body, headers)).json()) as Job;
    assert.equal(second.id, first.id);
  });

  it("keeps a tenant's analyses and temporary agents from another tenant (404)", async () => {
    const job = await analyse({ create_kb_agent: true });
    assert.equal((await get(`/analysis/${job.id}`, OTHER_TENANT)).status, 404);
    assert.equal((await get(`/analysis/${job.id}/status`, OTHER_TENANT)).status, 404);
    assert.equal((await get(`/agents/${job.result!.agent_id}`, OTHER_TENANT)).status, 404);
    assert.equal((await ask(job.result!.agent_id!, 'recesso', OTHER_TENANT)).status, 404);
    assert.equal((await get('/analysis/99999')).status, 404);
  });
});
