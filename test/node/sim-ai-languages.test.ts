/**
 * The simulated model answers in the question's language, or the page's (`template_vars.language`,
 * which the kit sends) when the words do not tell, for every language of the kit (src/i18n). The
 * knowledge is quoted in the language it is written in; everything the model says itself is in the
 * visitor's. Deterministic: the same question gets the same answer.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { detectLang, knowledgeQuery, LANGS } from '../../demo/server/ai/text.js';
import { PHRASES } from '../../demo/server/ai/phrases.js';
import { BUILT_IN_LANGS } from '../../src/i18n/lang.js';

const HEADERS = { 'X-Api-Key': 'spk_demo', 'X-Source-App': 'api_direct', 'Content-Type': 'application/json' };

describe('AI simulator: the language of its answers', () => {
  let sim: RunningSimulator;
  before(async () => {
    sim = await startSimulator({ port: 0, paceMs: 1 });
  });
  after(() => sim.close());

  const chat = async (message: string, language?: string, extra: Record<string, unknown> = {}) => {
    const res = await fetch(`${sim.url}/ai/api/v2/chat`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ agent_id: 1, message, ...(language ? { template_vars: { language } } : {}), ...extra }),
    });
    assert.equal(res.status, 200);
    return (await res.json()) as Record<string, any>;
  };

  it('speaks every language of the kit', () => {
    assert.deepEqual([...LANGS].sort(), [...BUILT_IN_LANGS].sort());
  });

  for (const [lang, question, topic, quoted] of [
    ['de', 'Was kostet der Versand?', 'shipping', 'Aus der Dokumentation von Borgo Servizi, auf Englisch:'],
    [
      'de',
      'Wie kann ich meine Rechnung bezahlen?',
      'billing',
      'Aus der Dokumentation von Borgo Servizi, auf Englisch:',
    ],
    ['es', '¿Cuánto cuesta el envío?', 'shipping', 'De la documentación de Borgo Servizi, en inglés:'],
    [
      'fr',
      'Quels sont vos horaires d’ouverture ?',
      'hours',
      'Extrait de la documentation de Borgo Servizi, en anglais :',
    ],
  ] as const) {
    it(`a ${lang} question (“${question}”) is answered in ${lang}, from the knowledge it names, quoted as written`, async () => {
      // On an Italian page too: the question's own words decide.
      const body = await chat(question, 'it');
      assert.equal(body.intent, topic);
      assert.equal(body.is_in_scope, true);
      assert.ok(body.content.includes(quoted), body.content);
      assert.ok(body.rag_sources.length > 0);
      assert.equal(body.handoff_requested, false);
    });
  }

  it('a German question the documentation does not cover: German words, not Italian (the reported defect)', async () => {
    const body = await chat('Wie spät ist es auf dem Mond?');
    assert.equal(body.content, PHRASES.de.outOfScope);
    assert.equal(body.handoff_reason, PHRASES.de.reasonLowConfidence);
  });

  for (const [lang, greeting, human] of [
    ['de', 'Guten Tag', 'Ich möchte mit einem Mitarbeiter sprechen'],
    ['es', 'Hola', 'Quiero hablar con una persona real'],
    ['fr', 'Bonjour', 'Je veux parler à un conseiller'],
  ] as const) {
    it(`greets and hands over in ${lang}`, async () => {
      assert.equal((await chat(greeting)).content, PHRASES[lang].greeting(''));
      const handoff = await chat(human);
      assert.equal(handoff.content, PHRASES[lang].handoff);
      assert.equal(handoff.handoff_requested, true);
      assert.equal(handoff.handoff_reason, PHRASES[lang].reasonAsked);
    });
  }

  it('when the words do not tell, the page’s language decides (region tags count); Italian without one', async () => {
    for (const lang of LANGS) assert.equal((await chat('???', lang)).content, PHRASES[lang].outOfScope, lang);
    assert.equal((await chat('???', 'de-CH')).content, PHRASES.de.outOfScope);
    assert.equal((await chat('???', 'pt')).content, PHRASES.it.outOfScope, 'a language the kit does not have');
    assert.equal((await chat('???')).content, PHRASES.it.outOfScope);
  });

  it('thinks, lists its retrieval steps and runs its tools in the visitor’s language', async () => {
    const thought = await chat('Was kostet der Versand? Schritt für Schritt, bitte');
    assert.match(thought.thinking_content, /^Die Frage lautet: „/);
    assert.ok(thought.thinking_content.endsWith(PHRASES.de.answerHow));
    const res = await fetch(`${sim.url}/ai/api/v2/chat`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ agent_id: 1, stream: true, message: '¿Cuánto cuesta el envío?' }),
    });
    const events = (await res.text())
      .split('\n\n')
      .filter((b) => b.startsWith('data: '))
      .map((b) => JSON.parse(b.slice(6)) as { type: string; content?: string });
    const steps = events.filter((e) => e.type === 'rag_thinking').map((e) => e.content);
    assert.equal(steps[0], PHRASES.es.searchingKb('¿Cuánto cuesta el envío?'));
    assert.match(steps[1]!, /^Encontrados \d+ pasajes pertinentes$/);
    const tracked = await chat('Where is my parcel BS123456789IT?', 'fr');
    assert.match(tracked.content, /^### Shipment/, 'an English question stays English on a French page');
    const files = await chat('???', 'fr', {
      files: [{ filename: 'note.txt', content_type: 'text/plain', data: Buffer.from('una riga\n').toString('base64') }],
    });
    assert.ok(files.content.includes(PHRASES.fr.received(1)), files.content);
  });

  it('answers the same question the same way', async () => {
    const [a, b] = [
      await chat('Wie kann ich meine Rechnung bezahlen?'),
      await chat('Wie kann ich meine Rechnung bezahlen?'),
    ];
    assert.equal(a.content, b.content);
  });
});

describe('AI simulator: language guess and query translation (pure)', () => {
  it('guesses each language of the kit from its words', () => {
    assert.equal(detectLang('Wie kann ich meine Rechnung bezahlen?'), 'de');
    assert.equal(detectLang('Was kostet der Versand?'), 'de');
    assert.equal(detectLang('¿Cuál es su horario?'), 'es');
    assert.equal(detectLang('J’ai oublié mon mot de passe'), 'fr');
    assert.equal(detectLang('Quali sono gli orari degli sportelli?'), 'it');
    assert.equal(detectLang('What are your opening hours?'), 'en');
  });

  it('a text without any hint word is in the requested language, whatever it is (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 ?!.:-]{0,20}$/), fc.constantFrom(...LANGS), (text, lang) => {
        assert.equal(detectLang(text, lang), lang);
        assert.equal(detectLang(text), 'it');
      }),
    );
  });

  it('translates the topics of a German, Spanish or French question to the knowledge’s English', () => {
    assert.equal(knowledgeQuery('Was kostet der Versand?', 'de'), 'cost shipping');
    assert.equal(knowledgeQuery('¿Cuánto cuesta el envío?', 'es'), 'cost shipping');
    assert.equal(knowledgeQuery('Quali sono gli orari?', 'it'), 'Quali sono gli orari?');
    assert.equal(knowledgeQuery('Wie spät ist es?', 'de'), 'Wie spät ist es?', 'nothing known: as asked');
  });
});
