import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import { openStore } from '../../gateway/store.js';
import { ensureRedis } from '../setup/redis.mjs';
import { ADA, BRUNO, json, mint, startHarness, withToken, type Claims, type Harness } from './gateway-helpers.js';
import { pollStep } from '../harness/harness.js';

// "Ask about this document" through the gateway, with real Redis: the page names a document of its
// practice, the gateway fetches the PDF and has it analysed, the analysis and its temporary agent
// are shared by the visitors who may view that document and by no one else. Needs Redis: fails
// (never skips) without it.

/** Carla may view the same practice as Ada (1001) but signs nothing. */
const CARLA: Claims = { sub: 'carla', sportello: { sign: { files: [1001] } } };
const CONTRACT = 10011;
const BRUNO_DOCUMENT = 10021;

interface Job {
  id: number;
  status: string;
  error_message: string | null;
  input_config?: unknown;
  result: { response: string | null; agent_id: number | null; pages: number; language: string } | null;
}

describe('gateway: analyses of signing documents and their temporary agents', () => {
  let h: Harness;
  let ada: string;
  let bruno: string;
  let carla: string;
  before(async () => {
    const redis = await ensureRedis();
    assert.ok(redis.ok, `Redis is needed for this test and could not start: ${redis.reason}`);
    const store = await openStore(redis.url, { prefix: `sportello:test:${randomUUID()}:` });
    h = await startHarness({}, store);
    [ada, bruno, carla] = await Promise.all([mint(ADA), mint(BRUNO), mint(CARLA)]);
  });
  after(() => h?.close());
  afterEach(async () => {
    await fetch(`${h.sim.url}/__sim/faults`, { method: 'DELETE' });
  });

  const url = (path: string) => `${h.gw.url}/ai/api/v2${path}`;
  const start = (token: string | undefined, body: unknown) => fetch(url('/analysis/pdf'), withToken(token, json(body)));
  const read = (token: string, path: string) => fetch(url(path), withToken(token));
  const aiCalls = (path: string) => h.calls.filter((c) => c.url.includes(`/ai/api/v2${path}`));

  async function settled(token: string, id: number): Promise<Job> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const status = (await (await read(token, `/analysis/${id}/status`)).json()) as { status: string };
      if (status.status === 'completed' || status.status === 'failed')
        return (await (await read(token, `/analysis/${id}`)).json()) as Job;
      await pollStep(10);
    }
    throw new Error(`analysis ${id} did not finish`);
  }

  async function ask(token: string, agentId: number, message: string) {
    const res = await fetch(url('/chat'), withToken(token, json({ agent_id: agentId, message, stream: true })));
    if (res.status !== 200) return { status: res.status, events: [] as Array<Record<string, any>> };
    const events: Array<Record<string, any>> = [];
    const parser = createParser({ onEvent: (e) => events.push(JSON.parse(e.data)) });
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      parser.feed(decoder.decode(chunk, { stream: true }));
    return { status: res.status, events };
  }

  let contractJob: Job;

  it('reads the PDF with its own credentials, sends it to the AI service and answers with the job', async () => {
    const before = h.calls.length;
    const res = await start(ada, { idDocument: CONTRACT, language: 'it-IT' });
    assert.equal(res.status, 202);
    const job = (await res.json()) as Job;
    assert.equal(job.status, 'pending');
    assert.equal(job.input_config, undefined, 'the inputs the gateway sent stay with the gateway');
    const made = h.calls.slice(before);
    const pdfRead = made.find((c) => c.url.endsWith(`/sign/api/v2/documents/viewer/${CONTRACT}`));
    assert.ok(pdfRead, 'the gateway read the PDF from the signing service');
    assert.equal(pdfRead.headers['X-SignToken'], 'demo-sign-token');
    const sent = made.find((c) => c.url.endsWith('/ai/api/v2/analysis/pdf'));
    assert.ok(sent, 'the gateway asked the AI service');
    const body = JSON.parse(String(sent.body)) as Record<string, any>;
    assert.equal(body.create_kb_agent, true);
    assert.equal(body.options.language, 'it');
    assert.equal(body.filename, 'contratto-fornitura.pdf');
    assert.equal(Buffer.from(body.file_content, 'base64').subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(sent.headers['Idempotency-Key'] ?? '', new RegExp(`^sportello-doc-${CONTRACT}:[0-9a-f]{64}:it$`));

    contractJob = await settled(ada, job.id);
    assert.equal(contractJob.status, 'completed');
    assert.match(contractJob.result?.response ?? '', /è un documento di 3 pagine/);
    assert.equal(typeof contractJob.result?.agent_id, 'number');
  });

  it('lets a visitor of the practice ask the document agent, with answers citing the right page', async () => {
    const { status, events } = await ask(ada, contractJob.result!.agent_id!, 'Con quale preavviso posso recedere?');
    assert.equal(status, 200);
    const sources = events.find((e) => e.type === 'sources')?.sources;
    assert.equal(sources[0].metadata.page, 2);
    assert.equal(sources[0].metadata.section, 'Art. 8 - Recesso');
  });

  it('gives the same analysis to another visitor of the practice, without asking the AI service again', async () => {
    const posts = aiCalls('/analysis/pdf').length;
    const res = await start(carla, { idDocument: CONTRACT, language: 'it' });
    assert.equal(res.status, 200);
    const job = (await res.json()) as Job;
    assert.equal(job.id, contractJob.id);
    assert.equal(job.result?.agent_id, contractJob.result?.agent_id);
    assert.equal(aiCalls('/analysis/pdf').length, posts, 'no new analysis');
    const { status } = await ask(carla, contractJob.result!.agent_id!, 'Foro competente?');
    assert.equal(status, 200);
  });

  it('keeps the analysis and the agent from a visitor of another practice', async () => {
    const id = contractJob.id;
    const agent = contractJob.result!.agent_id!;
    const before = h.calls.length;
    assert.equal((await read(bruno, `/analysis/${id}`)).status, 404);
    assert.equal((await read(bruno, `/analysis/${id}/status`)).status, 404);
    assert.equal((await ask(bruno, agent, 'Con quale preavviso posso recedere?')).status, 403);
    assert.equal((await start(bruno, { idDocument: CONTRACT, language: 'it' })).status, 404);
    assert.equal(
      h.calls.slice(before).filter((c) => c.url.includes('/ai/api/v2/')).length,
      0,
      'no refused call reached the AI service',
    );
    // An anonymous visitor has no practice: the analysis routes want a visitor token.
    assert.equal((await start(undefined, { idDocument: CONTRACT })).status, 401);
    assert.equal((await fetch(url(`/analysis/${id}`))).status, 401);
  });

  it('refuses a page that sends the file itself, or no document', async () => {
    const before = h.calls.length;
    assert.equal((await start(ada, { idDocument: CONTRACT, file_content: 'JVBERi0=' })).status, 400);
    assert.equal((await start(ada, { idDocument: 'x' })).status, 400);
    assert.equal(h.calls.length, before);
  });

  it('starts a failed analysis again when asked again (a recoverable failure)', async () => {
    await fetch(`${h.sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'fail-job', match: '/ai/api/v2/analysis/pdf' }),
    });
    const first = (await (await start(bruno, { idDocument: BRUNO_DOCUMENT, language: 'en' })).json()) as Job;
    const failed = await settled(bruno, first.id);
    assert.equal(failed.status, 'failed');
    const again = await start(bruno, { idDocument: BRUNO_DOCUMENT, language: 'en' });
    assert.equal(again.status, 202);
    const second = (await again.json()) as Job;
    assert.notEqual(second.id, first.id);
    assert.equal((await settled(bruno, second.id)).status, 'completed');
    // Bruno's document is not Ada's: she cannot read his analysis.
    assert.equal((await read(ada, `/analysis/${second.id}`)).status, 404);
  });
});
