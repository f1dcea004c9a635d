import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createParser } from 'eventsource-parser';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';

const HEADERS = { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct', 'Content-Type': 'application/json' };

interface Streamed {
  status: number;
  contentType: string | null;
  events: Array<Record<string, any>>;
  malformed: string[];
  ended: 'clean' | 'cut';
}

describe('AI service simulator (ai-service.md)', () => {
  let sim: RunningSimulator;
  let base: string;
  before(async () => {
    sim = await startSimulator({ port: 0, paceMs: 1 });
    base = `${sim.url}/ai/api/v2`;
  });
  after(() => sim.close());
  afterEach(async () => {
    await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = HEADERS) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const get = (path: string, headers: Record<string, string> = HEADERS) => fetch(`${base}${path}`, { headers });
  const chat = async (body: Record<string, unknown>) => {
    const res = await post('/chat', { agent_id: 1, ...body });
    assert.equal(res.status, 200);
    return res.json();
  };

  /** Reads an SSE response with a parser we did not write; a dropped connection ends it as `cut`. */
  async function stream(body: Record<string, unknown>): Promise<Streamed> {
    const res = await post('/chat', { agent_id: 1, stream: true, ...body });
    const out: Streamed = {
      status: res.status,
      contentType: res.headers.get('content-type'),
      events: [],
      malformed: [],
      ended: 'clean',
    };
    const parser = createParser({
      onEvent: (e) => {
        try {
          out.events.push(JSON.parse(e.data));
        } catch {
          out.malformed.push(e.data);
        }
      },
    });
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      out.ended = 'cut';
    }
    return out;
  }
  const types = (s: Streamed) => s.events.map((e) => e.type);
  const text = (s: Streamed) =>
    s.events
      .filter((e) => e.type === 'delta')
      .map((e) => e.content)
      .join('');

  describe('authentication headers (§5)', () => {
    const cases: Array<[string, Record<string, string>, number, RegExp]> = [
      ['missing key', { 'X-Source-App': 'api_direct' }, 401, /Missing X-Api-Key/],
      ['key without the spk_ prefix', { 'X-Api-Key': 'demo', 'X-Source-App': 'api_direct' }, 401, /format/],
      ['unknown key', { 'X-Api-Key': 'spk_nobody', 'X-Source-App': 'api_direct' }, 401, /Invalid API key/],
      ['revoked key', { 'X-Api-Key': 'spk_revoked', 'X-Source-App': 'api_direct' }, 401, /revoked/],
      ['expired key', { 'X-Api-Key': 'spk_expired', 'X-Source-App': 'api_direct' }, 401, /expired/],
      ['missing X-Source-App', { 'X-Api-Key': 'spk_demo' }, 400, /X-Source-App/],
      [
        'X-Source-App outside the list',
        { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'web' },
        400,
        /chat_app, desk_app, api_direct, ai_app, internal/,
      ],
      [
        'X-External-Id over 255',
        { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct', 'X-External-Id': 'x'.repeat(256) },
        400,
        /255/,
      ],
    ];
    for (const [name, headers, status, message] of cases) {
      it(`answers ${status} {detail} for ${name}`, async () => {
        const res = await get('/agents', headers);
        assert.equal(res.status, status);
        assert.match(res.headers.get('content-type') ?? '', /application\/json/);
        const body = await res.json();
        assert.deepEqual(Object.keys(body), ['detail']);
        assert.match(body.detail, message);
      });
    }

    it('accepts every source app of the closed list', async () => {
      for (const app of ['chat_app', 'desk_app', 'api_direct', 'ai_app', 'internal']) {
        assert.equal((await get('/agents', { 'X-Api-Key': 'spk_demo', 'X-Source-App': app })).status, 200, app);
      }
    });

    it('limits a key per minute with 429 and Retry-After', async () => {
      const headers = { ...HEADERS, 'X-Api-Key': 'spk_ratelimited' };
      for (let i = 0; i < 3; i++) assert.equal((await get('/agents', headers)).status, 200);
      const res = await get('/agents', headers);
      assert.equal(res.status, 429);
      const retry = Number(res.headers.get('retry-after'));
      assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
      assert.match((await res.json()).detail, /Rate limit/);
    });

    it('answers 403 when the key role may not chat', async () => {
      const res = await post('/chat', { message: 'ciao', agent_id: 1 }, { ...HEADERS, 'X-Api-Key': 'spk_viewer' });
      assert.equal(res.status, 403);
      assert.ok((await res.json()).detail);
    });

    it('lets a browser on an allowed origin read Retry-After (exposed header)', async () => {
      const res = await fetch(`${base}/agents`, {
        headers: { ...HEADERS, Origin: sim.url.replace('127.0.0.1', 'localhost') },
      });
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /Retry-After/);
    });
  });

  describe('POST /chat validation (§4.2)', () => {
    const bad: Array<[string, unknown, number, RegExp]> = [
      ['missing message', { agent_id: 1 }, 400, /message is required/],
      ['empty message', { agent_id: 1, message: '' }, 400, /1 and 32000/],
      ['message over 32000', { agent_id: 1, message: 'a'.repeat(32001) }, 400, /1 and 32000/],
      ['no agent_id and no model', { message: 'ciao', system_prompt: 'x' }, 400, /model and system_prompt/],
      ['no agent_id and no system_prompt', { message: 'ciao', model: 'm' }, 400, /model and system_prompt/],
      ['temperature above 2', { agent_id: 1, message: 'ciao', temperature: 2.5 }, 400, /temperature/],
      ['max_tokens 0', { agent_id: 1, message: 'ciao', max_tokens: 0 }, 400, /max_tokens/],
      ['response_format xml', { agent_id: 1, message: 'ciao', response_format: 'xml' }, 400, /response_format/],
      ['message of the wrong type', { agent_id: 1, message: 42 }, 422, /message/],
      [
        'file without filename',
        { agent_id: 1, message: 'x', files: [{ content_type: 'text/plain', data: 'aGk=' }] },
        400,
        /filename/,
      ],
      [
        'file with bad Base64',
        { agent_id: 1, message: 'x', files: [{ filename: 'a.txt', content_type: 'text/plain', data: 'not base64!' }] },
        400,
        /Base64/,
      ],
      [
        'intent without name',
        { agent_id: 1, message: 'x', classification_intents: [{ description: 'd' }] },
        400,
        /name/,
      ],
      ['source_app outside the list', { agent_id: 1, message: 'x', source_app: 'legacy' }, 400, /source_app/],
      ['external_id over 255', { agent_id: 1, message: 'x', external_id: 'e'.repeat(256) }, 400, /external_id/],
      [
        'tool_approval with a wrong type',
        { agent_id: 1, message: 'x', tool_approval: { approved: 'yes', pending_message_id: 1 } },
        422,
        /approved/,
      ],
    ];
    for (const [name, body, status, message] of bad) {
      it(`answers ${status} for ${name}`, async () => {
        const res = await post('/chat', body);
        assert.equal(res.status, status);
        assert.match((await res.json()).detail, message);
      });
    }

    it('answers 413 for a file above the upload limit', async () => {
      const data = Buffer.alloc(10 * 1024 * 1024 + 3).toString('base64');
      const res = await post('/chat', {
        agent_id: 1,
        message: 'x',
        files: [{ filename: 'big.bin', content_type: 'application/octet-stream', data }],
      });
      assert.equal(res.status, 413);
    });

    it('answers 400 for malformed JSON and for a non-JSON Content-Type', async () => {
      const res = await fetch(`${base}/chat`, { method: 'POST', headers: HEADERS, body: '{"message":' });
      assert.equal(res.status, 400);
      const form = await fetch(`${base}/chat`, {
        method: 'POST',
        headers: { ...HEADERS, 'Content-Type': 'text/plain' },
        body: '{"message":"x","agent_id":1}',
      });
      assert.equal(form.status, 400);
    });

    it("answers 404 for an unknown agent, another tenant's agent and an unknown conversation", async () => {
      assert.equal((await post('/chat', { agent_id: 999, message: 'ciao' })).status, 404);
      assert.equal((await post('/chat', { agent_id: 5, message: 'ciao' })).status, 404);
      const res = await post('/chat', { agent_id: 1, message: 'ciao', conversation_id: 99999 });
      assert.equal(res.status, 404);
      assert.match((await res.json()).detail, /Conversation/);
    });
  });

  describe('POST /chat answers (§2.2)', () => {
    it('answers in agent mode with the full response shape and genuine sources', async () => {
      const body = await chat({ message: 'Come posso pagare la fattura?' });
      for (const key of [
        'message_id',
        'conversation_id',
        'external_conversation_id',
        'content',
        'thinking_content',
        'content_format',
        'role',
        'model_used',
        'tokens_input',
        'tokens_output',
        'latency_ms',
        'rag_sources',
        'confidence_score',
        'needs_review',
        'handoff_requested',
        'handoff_reason',
        'intent',
        'sentiment',
        'is_in_scope',
        'tool_calls_count',
        'tools_used',
        'pending_tool_approval',
        'created_at',
      ]) {
        assert.ok(key in body, key);
      }
      assert.equal(body.role, 'assistant');
      assert.equal(body.content_format, 'markdown');
      assert.match(body.content, /SEPA/);
      assert.ok(body.rag_sources.length > 0);
      const src = body.rag_sources[0];
      assert.deepEqual(Object.keys(src).sort(), [
        'chunk_id',
        'content_preview',
        'document_id',
        'is_visible',
        'metadata',
        'relevance_score',
        'title',
      ]);
      assert.equal(typeof src.document_id, 'string');
      assert.match(src.title, /fattura/i);
      assert.ok(body.rag_sources.every((s: any) => s.is_visible === true));
      assert.ok(body.confidence_score > 0.5);
      assert.equal(body.is_in_scope, true);
      assert.ok(!Number.isNaN(Date.parse(body.created_at)));
    });

    it('answers in the language of the question, with real markdown', async () => {
      const en = await chat({ message: 'What are your opening hours?' });
      assert.match(en.content, /Monday/);
      assert.match(en.content, /^\|.*\|$/m, 'a table');
      assert.match(en.content, /\[[^\]]+\]\(https:\/\/help\.example\.com\//, 'a link');
      const it = await chat({ message: 'Quali sono gli orari degli sportelli?' });
      assert.match(it.content, /lunedì/i);
    });

    it('includes hidden sources only when asked, and none when include_sources is false', async () => {
      const q = { message: 'Ho pagato due volte, come ottengo il rimborso?' };
      const visible = await chat(q);
      assert.ok(visible.rag_sources.every((s: any) => s.is_visible));
      const hidden = await chat({ ...q, include_hidden_sources: true });
      assert.ok(
        hidden.rag_sources.some((s: any) => s.is_visible === false),
        'a hidden source',
      );
      const none = await chat({ ...q, include_sources: false });
      assert.deepEqual(none.rag_sources, []);
    });

    it('answers in direct mode with the model named and the system prompt substituted', async () => {
      const res = await post('/chat', {
        message: 'chi sei?',
        model: 'sim-direct',
        system_prompt: "Sei l'aiutante di {{shop}}.",
        template_vars: { shop: 'Bottega Rossi' },
      });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.model_used, 'sim-direct');
      assert.match(body.content, /Bottega Rossi/);
      assert.doesNotMatch(body.content, /\{\{/);
    });

    it('substitutes template_vars in the agent prompt', async () => {
      const body = await chat({ message: 'Who are you?', template_vars: { customer_name: 'Ada', company: 'Acme' } });
      assert.match(body.content, /Acme/);
      assert.match(body.content, /Ada/);
    });

    it('classifies with classification_intents', async () => {
      const body = await chat({
        message: 'Non riesco a pagare la fattura di marzo',
        classification_intents: [
          { name: 'billing', description: 'pagare fattura pagamento bolletta invoice' },
          { name: 'shipping', description: 'spedizione consegna pacco' },
        ],
      });
      assert.equal(body.intent, 'billing');
    });

    it('mentions attachments with what it read in them', async () => {
      const body = await chat({
        message: 'Ecco il file',
        files: [
          {
            filename: 'note.txt',
            content_type: 'text/plain',
            data: Buffer.from('riga uno\nriga due\n').toString('base64'),
          },
        ],
      });
      assert.match(body.content, /note\.txt/);
      assert.match(body.content, /2 righe/);
    });

    it('renders html when response_format is html', async () => {
      const body = await chat({ message: 'What are your opening hours?', response_format: 'html' });
      assert.equal(body.content_format, 'html');
      assert.match(body.content, /<table>/);
      assert.match(body.content, /<h3>/);
    });

    it('fills a one-shot llm_response_format JSON schema', async () => {
      const body = await chat({
        message: 'What are your opening hours?',
        llm_response_format: {
          type: 'json_schema',
          json_schema: {
            schema: {
              type: 'object',
              properties: {
                answer: { type: 'string' },
                in_scope: { type: 'boolean' },
                sources: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      });
      const value = JSON.parse(body.content);
      assert.match(value.answer, /Monday/);
      assert.equal(value.in_scope, true);
      assert.ok(Array.isArray(value.sources) && value.sources.length > 0);
    });

    it('truncates to an explicit max_tokens', async () => {
      const body = await chat({ message: 'long answer please', max_tokens: 20 });
      assert.ok(body.content.length <= 80);
      assert.ok(body.tokens_output <= 20);
    });

    it('hands off when the user asks for a human', async () => {
      const body = await chat({ message: 'I want to talk to a human operator' });
      assert.equal(body.handoff_requested, true);
      assert.match(body.handoff_reason, /human/);
    });

    it('hands off with low confidence on an out-of-scope question, unless skip_handoff', async () => {
      const body = await chat({ message: 'Who won the football match last night in Madrid?' });
      assert.equal(body.is_in_scope, false);
      assert.ok(body.confidence_score < 0.35);
      assert.equal(body.needs_review, true);
      assert.equal(body.handoff_requested, true);
      assert.deepEqual(body.rag_sources, []);
      const skipped = await chat({ message: 'Who won the football match last night in Madrid?', skip_handoff: true });
      assert.equal(skipped.handoff_requested, false);
      const forced = await chat({ message: 'What are your opening hours?', force_handoff: true });
      assert.equal(forced.handoff_requested, true);
    });

    it('answers 503 {detail} for the error scenario without streaming', async () => {
      const res = await post('/chat', { agent_id: 1, message: 'simulate an error' });
      assert.equal(res.status, 503);
      assert.match((await res.json()).detail, /model_error/);
    });

    it('returns thinking_content when asked to think', async () => {
      const body = await chat({ message: 'Think step by step: how do I pay the invoice?' });
      assert.match(body.thinking_content, /question is/);
      const analyst = await chat({ agent_id: 2, message: 'Come pago la fattura?' });
      assert.ok(analyst.thinking_content, 'the reasoning agent always thinks');
    });
  });

  describe('streaming (§4.2 SSE)', () => {
    it('streams rag_thinking, small deltas, sources, confidence, handoff_decision, usage, done', async () => {
      const s = await stream({ message: 'What are your opening hours?' });
      assert.equal(s.status, 200);
      assert.match(s.contentType ?? '', /^text\/event-stream/);
      assert.equal(s.ended, 'clean');
      assert.deepEqual(s.malformed, []);
      const t = types(s);
      assert.equal(t[0], 'rag_thinking');
      assert.equal(t.at(-1), 'done');
      // Agent 1's `tool_call` after the text is its suggested follow-ups (sim-ai-follow-ups.test.ts).
      const order = [
        'rag_thinking',
        'delta',
        'tool_call',
        'sources',
        'confidence',
        'handoff_decision',
        'usage',
        'done',
      ];
      assert.deepEqual([...new Set(t)], order);
      const deltas = s.events.filter((e) => e.type === 'delta');
      assert.ok(deltas.length > 10, 'many chunks');
      assert.ok(
        deltas.every((d) => d.content.length <= 80),
        'small chunks',
      );
      const whole = await chat({ message: 'What are your opening hours?' });
      assert.equal(text(s), whole.content, 'deltas add up to the answer');
      const sources = s.events.find((e) => e.type === 'sources')!.sources;
      assert.ok(sources.length > 0);
      const conf = s.events.find((e) => e.type === 'confidence')!;
      assert.equal(typeof conf.confidence_score, 'number');
      assert.equal(typeof conf.confidence_signals, 'object');
      assert.equal(typeof conf.needs_review, 'boolean');
      const hand = s.events.find((e) => e.type === 'handoff_decision')!;
      assert.deepEqual(Object.keys(hand).sort(), ['handoff_reason', 'handoff_requested', 'handoff_trigger', 'type']);
      const usage = s.events.find((e) => e.type === 'usage')!.usage;
      for (const k of ['message_id', 'conversation_id', 'model_used', 'tokens_input', 'tokens_output', 'latency_ms'])
        assert.ok(k in usage, k);
    });

    it('frames every event as one data line and a blank line', async () => {
      const res = await post('/chat', { agent_id: 1, message: 'ciao', stream: true });
      const raw = await res.text();
      const blocks = raw.split('\n\n').filter(Boolean);
      assert.ok(blocks.length > 3);
      for (const b of blocks) assert.match(b, /^data: \{"type":"[a-z_]+".*\}$/);
    });

    it('streams thinking before the text', async () => {
      const s = await stream({ message: 'Ragiona passo passo: come firmo un documento?' });
      const t = types(s);
      assert.ok(t.includes('thinking'));
      assert.ok(t.indexOf('thinking') < t.indexOf('delta'));
    });

    it('streams a tool call that needs approval, then continues when approved', async () => {
      const first = await stream({ message: 'Please cancel my order BS-7788' });
      const req = first.events.find((e) => e.type === 'tool_approval_required')!;
      assert.ok(req, 'approval requested');
      assert.equal(req.pending_tool_calls[0].tool_name, 'cancel_order');
      assert.deepEqual(req.pending_tool_calls[0].tool_args, { order_id: 'BS-7788' });
      assert.equal(typeof req.pending_message_id, 'number');
      assert.equal(types(first).at(-1), 'done');
      assert.equal(text(first), '');
      const conversationId = first.events.find((e) => e.type === 'usage')!.usage.conversation_id;

      const second = await stream({
        message: 'yes',
        conversation_id: conversationId,
        tool_approval: { approved: true, pending_message_id: req.pending_message_id },
      });
      assert.ok(types(second).includes('tool_call'));
      assert.match(text(second), /cancelled/);
      assert.equal(types(second).at(-1), 'done');

      const again = await post('/chat', {
        agent_id: 1,
        message: 'yes',
        tool_approval: { approved: true, pending_message_id: req.pending_message_id },
      });
      assert.equal(again.status, 409, 'an approval is spent once');
    });

    it('says so when the tool call is denied (non-streaming round trip)', async () => {
      const first = await chat({ message: 'Annulla il mio ordine 4521' });
      assert.equal(first.content, '');
      const pending = first.pending_tool_approval;
      assert.equal(pending.pending_tool_calls[0].tool_name, 'cancel_order');
      const denied = await chat({
        message: 'no',
        conversation_id: first.conversation_id,
        tool_approval: { approved: false, pending_message_id: pending.pending_message_id },
      });
      assert.match(denied.content, /non ho eseguito/);
      assert.equal(denied.tool_calls_count, 0);
      const unknown = await post('/chat', {
        agent_id: 1,
        message: 'no',
        tool_approval: { approved: true, pending_message_id: 987654 },
      });
      assert.equal(unknown.status, 404);
    });

    it('runs a tool without approval when tracking a parcel', async () => {
      const s = await stream({ message: 'Where is my parcel BS987654321IT?' });
      const call = s.events.find((e) => e.type === 'tool_call')!;
      assert.equal(call.tool_name, 'track_shipment');
      assert.deepEqual(call.tool_args, { tracking_code: 'BS987654321IT' });
      assert.match(text(s), /\| Date \| Place \| Status \|/);
    });

    it('streams a handoff decision when the user asks for an operator', async () => {
      const s = await stream({ message: 'Voglio parlare con un operatore' });
      const h = s.events.find((e) => e.type === 'handoff_decision')!;
      assert.equal(h.handoff_requested, true);
      assert.equal(h.handoff_trigger, 'user_request');
    });

    it('stops with an error event mid-stream and no done', async () => {
      const s = await stream({ message: 'simula un errore' });
      const t = types(s);
      assert.ok(t.includes('delta'));
      assert.equal(t.at(-1), 'error');
      assert.ok(!t.includes('done'));
      const err = s.events.at(-1)!;
      assert.equal(typeof err.error, 'string');
      assert.equal(err.code, 'model_error');
    });

    it('streams hidden sources only when asked', async () => {
      const hidden = await stream({ message: 'I paid twice, refund?', include_hidden_sources: true });
      assert.ok(hidden.events.find((e) => e.type === 'sources')!.sources.some((s: any) => !s.is_visible));
      const visible = await stream({ message: 'I paid twice, refund?' });
      assert.ok(visible.events.find((e) => e.type === 'sources')!.sources.every((s: any) => s.is_visible));
    });

    it('streams a long answer and a benchmark answer of the asked size', async () => {
      const long = await stream({ message: 'risposta lunga' });
      assert.ok(text(long).length > 3000);
      assert.match(text(long), /^# /);
      const bench = await stream({ message: 'bench:8k/256' });
      const content = text(bench);
      assert.ok(Buffer.byteLength(content) >= 8 * 1024);
      for (const mark of [/^## /m, /^- /m, /^\|---/m, /^```ts$/m, /\]\(https:/, /^> /m]) assert.match(content, mark);
      assert.ok(bench.events.filter((e) => e.type === 'delta').every((d) => d.content.length <= 256));
    });
  });

  describe('stream faults', () => {
    it('cut-stream drops the connection after N events, without done', async () => {
      await fetch(`${sim.url}/__sim/faults`, {
        method: 'POST',
        body: JSON.stringify({ kind: 'cut-stream', match: '/ai/api/v2/chat', afterEvents: 4 }),
      });
      const s = await stream({ message: 'What are your opening hours?' });
      assert.equal(s.events.length, 4);
      assert.ok(!types(s).includes('done'));
      const next = await stream({ message: 'What are your opening hours?' });
      assert.equal(types(next).at(-1), 'done', 'the fault is spent');
    });

    it('stall-stream sends N events, then nothing, with the connection open until the client leaves', async () => {
      await fetch(`${sim.url}/__sim/faults`, {
        method: 'POST',
        body: JSON.stringify({ kind: 'stall-stream', match: '/ai/api/v2/chat', afterEvents: 3 }),
      });
      const res = await post('/chat', { agent_id: 1, stream: true, message: 'What are your opening hours?' });
      const events: unknown[] = [];
      const parser = createParser({ onEvent: (e) => events.push(JSON.parse(e.data)) });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      while (events.length < 3) parser.feed(decoder.decode((await reader.read()).value, { stream: true }));
      // A whole answer streamed meanwhile, at the same pace: the stalled one would have ended by now.
      const other = await stream({ message: 'What are your opening hours?' });
      assert.equal(types(other).at(-1), 'done', 'the fault is spent');
      const pending = reader.read();
      const health = await (await fetch(`${sim.url}/__sim/health`)).json();
      assert.equal(health.eventStreams, 1, 'the stalled stream is still open');
      await reader.cancel();
      assert.equal((await pending).done, true, 'nothing more came');
      assert.equal(events.length, 3);
    });

    it('malformed-sse sends one event that is not JSON, then carries on', async () => {
      await fetch(`${sim.url}/__sim/faults`, {
        method: 'POST',
        body: JSON.stringify({ kind: 'malformed-sse', match: '/ai/api/v2/chat', afterEvents: 2 }),
      });
      const s = await stream({ message: 'What are your opening hours?' });
      assert.deepEqual(s.malformed, ['{not json']);
      assert.equal(types(s).at(-1), 'done');
    });

    it('an injected status fault answers in the {detail} shape', async () => {
      await fetch(`${sim.url}/__sim/faults`, {
        method: 'POST',
        body: JSON.stringify({ kind: 'status', status: 503, match: '/ai/api/v2/chat', retryAfter: 2 }),
      });
      const res = await post('/chat', { agent_id: 1, message: 'ciao' });
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), '2');
      assert.ok((await res.json()).detail);
    });
  });

  describe('conversations (§4.3)', () => {
    it('lists, reads and finds by external id; external_conversation_id continues a conversation', async () => {
      const ext = `crm-${Date.now()}`;
      const first = await chat({ message: 'ciao', external_conversation_id: ext });
      const second = await chat({ message: 'What are your opening hours?', external_conversation_id: ext });
      assert.equal(second.conversation_id, first.conversation_id);
      assert.equal(second.external_conversation_id, ext);

      const list = await (await get('/conversations?limit=100')).json();
      assert.deepEqual(Object.keys(list).sort(), ['items', 'limit', 'offset', 'total']);
      const item = list.items.find((c: any) => c.id === first.conversation_id);
      assert.equal(item.message_count, 4);
      assert.equal(item.agent_name, 'Assistente Sportello');

      const detail = await (await get(`/conversations/${first.conversation_id}`)).json();
      for (const k of [
        'id',
        'tenant_id',
        'agent_id',
        'user_id',
        'title',
        'status',
        'metadata',
        'external_id',
        'insights',
        'created_at',
        'updated_at',
      ])
        assert.ok(k in detail, k);
      assert.equal(detail.status, 'active');
      assert.equal('messages' in detail, false, 'detail without messages');

      const byExt = await get(`/conversations/by-external-id/${ext}`);
      assert.equal(byExt.status, 200);
      assert.equal((await byExt.json()).id, first.conversation_id);
      assert.equal((await get(`/conversations/by-external-id/${ext}?agent_id=2`)).status, 404);
      assert.equal((await get('/conversations/by-external-id/nope')).status, 404);
    });

    it('continues by conversation_id and keeps other tenants out', async () => {
      const first = await chat({ message: 'ciao' });
      const next = await chat({ message: 'Come pago?', conversation_id: first.conversation_id });
      assert.equal(next.conversation_id, first.conversation_id);
      const other = await get(`/conversations/${first.conversation_id}`, { ...HEADERS, 'X-Api-Key': 'spk_other' });
      assert.equal(other.status, 404);
      assert.equal((await get('/conversations/424242')).status, 404);
    });

    it('checks limit bounds', async () => {
      assert.equal((await get('/conversations?limit=0')).status, 400);
      assert.equal((await get('/conversations?limit=101')).status, 400);
      assert.equal((await get('/conversations?offset=-1')).status, 400);
    });

    it('a message quoting earlier turns is answered as the question at its end, in its language, and stored as sent', async () => {
      const message =
        'Earlier in this conversation:\n\nVisitor: What are your opening hours?\n\nAssistant: **Monday to Friday** 8:30-13:00' +
        '\n\nThe visitor now asks: Come posso pagare la fattura?';
      const answer = await chat({ message });
      assert.match(answer.content, /fattura/i);
      assert.doesNotMatch(answer.content, /orari|opening/i);
      // Without the closing question it is a plain message, answered whole.
      assert.match(
        (await chat({ message: 'Earlier in this conversation:\n\nWhat are your opening hours?' })).content,
        /8:30/,
      );
      const held = (await (await fetch(`${sim.url}/__sim/ai/conversations`)).json()) as Array<{
        id: number;
        messages: Array<{ role: string; content: string }>;
      }>;
      const turns = held.find((c) => c.id === answer.conversation_id)!.messages;
      assert.deepEqual(
        turns.map((m) => m.role),
        ['user', 'assistant'],
      );
      assert.equal(turns[0]!.content, message);
      const received = (await (await fetch(`${sim.url}/__sim/ai/chats`)).json()) as Array<{ message: string }>;
      assert.equal(received.at(-2)!.message, message);
    });

    it('forgets conversations on /__sim/reset', async () => {
      const c = await chat({ message: 'ciao' });
      await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
      assert.equal((await get(`/conversations/${c.conversation_id}`)).status, 404);
    });
  });

  describe('agents (§4.1)', () => {
    it('lists tenant agents with paging, filters and sorting', async () => {
      const all = await (await get('/agents')).json();
      assert.equal(all.offset, 0);
      assert.equal(all.limit, 50);
      assert.equal(all.total, 3, 'temporary and other-tenant agents hidden');
      const withTemp = await (await get('/agents?include_temporary=true')).json();
      assert.equal(withTemp.total, 4);
      const drafts = await (await get('/agents?status=draft')).json();
      assert.deepEqual(
        drafts.items.map((a: any) => a.status),
        ['draft'],
      );
      const byName = await (await get('/agents?sort_by=name&order=asc')).json();
      const names = byName.items.map((a: any) => a.name);
      assert.deepEqual(names, [...names].sort());
      const paged = await (await get('/agents?limit=1&offset=1')).json();
      assert.equal(paged.items.length, 1);
      assert.equal(paged.total, 3);
      const model = await (await get('/agents?model_name=sim-reasoner')).json();
      assert.deepEqual(
        model.items.map((a: any) => a.id),
        [2],
      );
      assert.equal((await get('/agents?limit=101')).status, 400);
      assert.equal((await get('/agents?sort_by=size')).status, 400);
    });

    it('reads one agent with the §2.1 output fields, 404 otherwise', async () => {
      const agent = await (await get('/agents/1')).json();
      for (const k of [
        'id',
        'tenant_id',
        'name',
        'model_name',
        'system_prompt',
        'rag_config',
        'handoff_config',
        'status',
        'version',
        'created_by',
        'created_at',
        'updated_at',
      ])
        assert.ok(k in agent, k);
      assert.equal((await get('/agents/999')).status, 404);
      assert.equal((await get('/agents/5')).status, 404, 'another tenant');
    });
  });

  describe('search (§4.7)', () => {
    it('returns chunks and faqs ranked by score', async () => {
      const res = await post('/search', { query: 'metodi di pagamento', knowledge_base_ids: [1], top_k: 3 });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.deepEqual(Object.keys(body).sort(), ['chunks', 'faqs', 'query', 'search_time_ms', 'total_results']);
      assert.ok(body.chunks.length > 0 && body.chunks.length <= 3);
      assert.deepEqual(Object.keys(body.chunks[0]).sort(), [
        'content',
        'document_id',
        'id',
        'knowledge_base_id',
        'metadata',
        'score',
      ]);
      assert.deepEqual(Object.keys(body.faqs[0]).sort(), [
        'answer',
        'id',
        'is_visible',
        'knowledge_base_id',
        'question',
        'score',
      ]);
      assert.ok(body.chunks.every((c: any) => c.knowledge_base_id === 1));
      const scores = body.chunks.map((c: any) => c.score);
      assert.deepEqual(
        scores,
        [...scores].sort((a: number, b: number) => b - a),
      );
      assert.match(body.chunks[0].content, /Metodo|SEPA/);
      assert.equal(body.total_results, body.chunks.length + body.faqs.length);
    });

    it('honours min_score and enable_bm25=false', async () => {
      const strict = await (
        await post('/search', { query: 'password', knowledge_base_ids: [1, 2], min_score: 0.99 })
      ).json();
      assert.equal(strict.total_results, 0);
      const fuzzy = await (
        await post('/search', { query: 'passwrd', knowledge_base_ids: [2], enable_bm25: false })
      ).json();
      assert.ok(
        fuzzy.faqs.some((f: any) => /password/i.test(f.question)),
        'trigram similarity finds a misspelling',
      );
    });

    it('validates the body', async () => {
      const cases: Array<[unknown, number]> = [
        [{ knowledge_base_ids: [1] }, 400],
        [{ query: '', knowledge_base_ids: [1] }, 400],
        [{ query: 'q'.repeat(2001), knowledge_base_ids: [1] }, 400],
        [{ query: 'x', knowledge_base_ids: [] }, 400],
        [{ query: 'x', knowledge_base_ids: [1], top_k: 0 }, 400],
        [{ query: 'x', knowledge_base_ids: [1], top_k: 101 }, 400],
        [{ query: 'x', knowledge_base_ids: [1], min_score: 1.5 }, 400],
        [{ query: 'x', knowledge_base_ids: ['a'] }, 422],
        [{ query: 'x', knowledge_base_ids: [77] }, 404],
      ];
      for (const [body, status] of cases) {
        const res = await post('/search', body);
        assert.equal(res.status, status, JSON.stringify(body).slice(0, 80));
        assert.ok((await res.json()).detail);
      }
    });
  });

  it('answers 404 {detail} for a path the service does not have and 405 for a wrong method', async () => {
    const res = await get('/messages');
    assert.equal(res.status, 404);
    assert.ok((await res.json()).detail);
    assert.equal((await fetch(`${base}/chat`, { headers: HEADERS })).status, 405);
  });
});
