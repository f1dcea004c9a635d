import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Bm25, trigramCosine } from '../../demo/server/ai/bm25.js';
import { detectLang, fold, stem, terms } from '../../demo/server/ai/text.js';
import { chunkText } from '../../demo/server/ai/sse.js';
import { markdownMix } from '../../demo/server/ai/markdown-mix.js';
import { pickScenario, sentimentOf } from '../../demo/server/ai/scenarios.js';
import { RateLimiter } from '../../demo/server/ai/rate-limit.js';
import { fillSchema } from '../../demo/server/ai/structured.js';
import { KnowledgeStore } from '../../demo/server/ai/kb.js';
import { substitute } from '../../demo/server/ai/agents.js';
import { withCitation } from '../../demo/server/ai/answers.js';
import { Lexer } from 'marked';

describe('text helpers', () => {
  it('folds accents and case, stems Italian and English inflections alike', () => {
    assert.equal(fold('Perché CITTÀ'), 'perche citta');
    assert.equal(stem('fatture'), stem('fattura'));
    assert.equal(stem('orari'), stem('orario'));
    assert.equal(stem('invoices'), stem('invoice'));
    assert.equal(stem('shipping'), stem('shipped'));
    assert.deepEqual(terms('Come posso pagare la fattura?'), ['pag', 'fattur']);
  });

  it('guesses the language of a question', () => {
    assert.equal(detectLang('Quali sono gli orari degli sportelli?'), 'it');
    assert.equal(detectLang('What are your opening hours?'), 'en');
    assert.equal(detectLang('Hello'), 'en');
    assert.equal(detectLang('ciao'), 'it');
    assert.equal(detectLang('bench:100k'), 'it', 'the service default on a tie');
  });

  it('substitutes {{vars}} and leaves unknown ones as written', () => {
    assert.equal(
      substitute('Hi {{ name }}, from {{company}} {{nope}}', { name: 'Ada' }),
      'Hi Ada, from Borgo Servizi {{nope}}',
    );
  });
});

describe('BM25', () => {
  const corpus = () => {
    const index = new Bm25<string>();
    index.add('pay', 'How to pay the invoice by direct debit or card');
    index.add('ship', 'Shipping times and delivery of parcels');
    index.add('hours', 'Opening hours of the offices, Monday to Friday');
    index.add('sign', 'Digital signature of documents with OTP');
    return index;
  };

  it('ranks the document that holds the query terms first', () => {
    const hits = corpus().search('when are the offices open? opening hours', 4);
    assert.equal(hits[0]!.item, 'hours');
    assert.equal(corpus().search('invoice payment', 1)[0]!.item, 'pay');
  });

  it('gives nothing for words the corpus never saw, and a lower normalized score for partly unknown queries', () => {
    assert.deepEqual(corpus().search('football results yesterday', 4), []);
    const known = corpus().search('digital signature', 1)[0]!.normalized;
    const diluted = corpus().search('digital signature football weather madrid', 1)[0]!.normalized;
    assert.ok(diluted < known);
  });

  it('prefers shorter documents for the same term frequency (length normalisation)', () => {
    const index = new Bm25<string>();
    index.add('short', 'refund policy');
    index.add(
      'long',
      'refund policy and a great many other unrelated words about shipping times opening hours and accounts',
    );
    index.add('other', 'nothing here');
    const [first] = index.search('refund', 2);
    assert.equal(first!.item, 'short');
  });

  it('keeps scores positive, normalized within 0..1 and sorted, for any corpus and query', () => {
    const word = fc.constantFrom(
      'fattura',
      'pagamento',
      'spedizione',
      'pacco',
      'orari',
      'firma',
      'password',
      'invoice',
      'parcel',
      'hours',
      'otp',
      'rimborso',
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 15 }),
        fc.array(word, { minLength: 1, maxLength: 4 }),
        (docs, query) => {
          const index = new Bm25<number>();
          docs.forEach((d, i) => index.add(i, d.join(' ')));
          const hits = index.search(query.join(' '), 100);
          for (const h of hits) {
            assert.ok(h.score > 0);
            assert.ok(h.normalized > 0 && h.normalized <= 1);
          }
          for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.score >= hits[i]!.score);
          // Every document sharing a query term is found, and no other.
          const qTerms = new Set(terms(query.join(' ')));
          const expected = docs
            .map((d, i) => [i, terms(d.join(' ')).some((t) => qTerms.has(t))] as const)
            .filter(([, m]) => m).length;
          assert.equal(hits.length, expected);
        },
      ),
    );
  });

  it('trigram cosine is 1 for equal texts, symmetric, and tolerant of a typo', () => {
    assert.ok(Math.abs(trigramCosine('password reset', 'password reset') - 1) < 1e-9);
    assert.equal(trigramCosine('fattura', 'spedizione'), trigramCosine('spedizione', 'fattura'));
    assert.ok(trigramCosine('passwrd', 'password') > 0.3);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const s = trigramCosine(a, b);
        return s >= 0 && s <= 1 + 1e-9 && Math.abs(s - trigramCosine(b, a)) < 1e-9;
      }),
    );
  });
});

describe('seeded knowledge base', () => {
  const kb = new KnowledgeStore();
  it('cites every passage after its words: a code block or a table it ends with stays closed', () => {
    const passages = [...kb.chunks.map((c) => c.content), ...kb.faqs.map((f) => f.answer)];
    assert.ok(
      passages.some((p) => p.trimEnd().endsWith('```')),
      'a passage that ends with a code block',
    );
    for (const passage of passages) {
      const tokens = new Lexer().lex(withCitation(passage, '[1]')).filter((t) => t.type !== 'space');
      // The marker ends the last block, as text (a paragraph, or a list item's words).
      const last = tokens.at(-1)!;
      assert.ok(last.type !== 'code' && last.type !== 'table' && last.raw.trimEnd().endsWith('[1]'), passage);
      for (const code of tokens.filter((t) => t.type === 'code'))
        assert.match(code.raw.trimEnd(), /\n {0,3}(`{3,}|~{3,})$/, `a closed fence in ${passage}`);
    }
  });

  it('splits documents into chunks at ## headings and indexes FAQs', () => {
    assert.ok(kb.chunks.length >= 30);
    assert.ok(kb.faqs.length >= 14);
    assert.ok(kb.chunks.every((c) => c.content.length > 0 && !c.content.startsWith('## ')));
    assert.ok(
      kb.docs.some((d) => !d.is_visible),
      'a hidden document',
    );
  });

  it("finds the matching FAQ in the question's language first", () => {
    const [hit] = kb.search('Quanto costa la spedizione?', [1, 2], { topK: 1, lang: 'it' });
    assert.equal(hit!.passage.kind === 'faq' && hit!.passage.faq.question, 'Quanto costa la spedizione?');
    const [en] = kb.search('How much does shipping cost?', [1, 2], { topK: 1, lang: 'en' });
    assert.equal(en!.passage.kind === 'faq' && en!.passage.faq.lang, 'en');
  });

  it('searches only the knowledge bases asked for', () => {
    const hits = kb.search('password', [2], { topK: 50 });
    assert.ok(hits.length > 0);
    assert.ok(
      hits.every(
        (h) =>
          (h.passage.kind === 'chunk' ? h.passage.chunk.doc.knowledge_base_id : h.passage.faq.knowledge_base_id) === 2,
      ),
    );
  });
});

describe('streaming helpers', () => {
  it('chunks text into one to three words whose concatenation is the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        const chunks = chunkText(s);
        if (/\S/.test(s)) assert.equal(chunks.join(''), s);
        for (const c of chunks) assert.ok(c.trim().split(/\s+/).length <= 3);
      }),
    );
  });

  it('chunks into fixed sizes when asked', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 50 }), (s, n) => {
        const chunks = chunkText(s, n);
        assert.equal(chunks.join(''), s);
        assert.ok(chunks.every((c) => c.length <= n));
      }),
    );
  });

  it('builds mixed markdown of at least the asked size, deterministically', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (bytes) => {
        const md = markdownMix(bytes);
        assert.ok(Buffer.byteLength(md) >= bytes);
        assert.equal(md, markdownMix(bytes));
      }),
      { numRuns: 20 },
    );
  });
});

describe('scenarios', () => {
  it('picks scenarios from what the user types, in Italian and English', () => {
    assert.deepEqual(pickScenario('bench:100k'), { kind: 'bench', bytes: 102400 });
    assert.deepEqual(pickScenario('bench:2k/64'), { kind: 'bench', bytes: 2048, chunkChars: 64 });
    assert.equal(pickScenario('Simula un errore').kind, 'error');
    assert.equal(pickScenario('simulate an error please').kind, 'error');
    assert.deepEqual(pickScenario('Annulla il mio ordine BS-1234'), { kind: 'cancel-order', orderId: 'BS-1234' });
    assert.deepEqual(pickScenario('cancel my order 5555'), { kind: 'cancel-order', orderId: '5555' });
    assert.deepEqual(pickScenario("Dov'è il mio pacco?"), { kind: 'track', trackingCode: 'BS123456789IT' });
    assert.equal(pickScenario('risposta lunga').kind, 'long');
    assert.equal(pickScenario('Chi sei?').kind, 'whoami');
    assert.equal(pickScenario('Ciao!').kind, 'greeting');
    assert.equal(pickScenario('Ciao, come pago la fattura di marzo?').kind, 'rag');
    assert.equal(pickScenario('Come pago la fattura?').kind, 'rag');
  });

  it('reads sentiment', () => {
    assert.equal(sentimentOf('Grazie mille!'), 'positive');
    assert.equal(sentimentOf("It doesn't work, terrible"), 'negative');
    assert.equal(sentimentOf('Quando arriva la fattura?'), 'neutral');
  });
});

describe('rate limiter', () => {
  it('allows N per minute, then tells how long to wait, and frees the window after a minute', () => {
    const limiter = new RateLimiter();
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) assert.equal(limiter.take('k', 3, 100, t0 + i * 1000), 0);
    assert.equal(limiter.take('k', 3, 100, t0 + 10_000), 50);
    assert.equal(limiter.take('k', 3, 100, t0 + 60_001), 0);
    assert.equal(limiter.take('other', 3, 100, t0), 0, 'per key');
  });

  it('also limits per day', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 5; i++) assert.equal(limiter.take('k', 100, 5, i * 120_000), 0);
    assert.ok(limiter.take('k', 100, 5, 5 * 120_000) > 3600);
  });
});

describe('structured output', () => {
  const facts = {
    answer: 'Open 9-18',
    title: 'Hours',
    lang: 'en',
    confidence: 0.8,
    inScope: true,
    intent: 'hours',
    sources: ['Office hours'],
  };
  it('fills a schema with the answer, typed', () => {
    const value = fillSchema(
      {
        type: 'object',
        properties: {
          answer: { type: 'string' },
          score: { type: 'number' },
          ok: { type: 'boolean' },
          level: { enum: ['low', 'high'] },
          sources: { type: 'array', items: { type: 'string' } },
          nested: { type: 'object', properties: { title: { type: 'string' } } },
        },
      },
      facts,
    );
    assert.deepEqual(value, {
      answer: 'Open 9-18',
      score: 0.8,
      ok: true,
      level: 'low',
      sources: ['Office hours'],
      nested: { title: 'Hours' },
    });
  });
});
