/**
 * The AI panel's conversation history (src/controllers/ai/conversation-history.ts) as a model, on
 * plain values: an edited question makes a version of its own that can be switched to and from,
 * each with its own service conversation and what the service is told; over any sequence of what a
 * visitor does with persistence on (ask, edit, switch, start anew, reopen, delete), a reload shows
 * what the panel showed; the service's title is asked once per conversation. The answers are run
 * by the controller: here a turn is what the controller leaves in the history once an answer ends.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AiClient } from '../../src/services/ai.js';
import type { AnswerDisplay, AssistantMessage, ChatMessage } from '../../src/model/ai/messages.js';
import { AiConversationHistory } from '../../src/controllers/ai/conversation-history.js';
import { ConversationStore } from '../../src/storage/ai-conversations.js';
import { MemoryStorage } from '../harness/memory-storage.js';

const display: AnswerDisplay = {
  start: () => undefined,
  append: () => undefined,
  complete: async () => undefined,
  finish: () => undefined,
};

let ids = 0;
const user = (text: string): ChatMessage => ({ id: `m${ids++}`, role: 'user', text, files: [] });
const answer = (text: string): AssistantMessage => ({
  id: `m${ids++}`,
  role: 'assistant',
  status: 'done',
  text,
  format: 'markdown',
  ragSteps: [],
  thinking: '',
  sources: [],
  tools: [],
  request: { message: '' },
});

/** A history as the controller holds it: never busy unless told, counting the stops it asks for. */
function history(storage?: MemoryStorage, busy = () => false) {
  const seen = { stops: 0 };
  const h = new AiConversationHistory({
    display,
    requestUpdate: () => undefined,
    busy,
    stop: () => seen.stops++,
    openStore: (_persist, key) => new ConversationStore(storage, `sportello-ai-chat:${key}`),
  });
  if (storage) h.restore('session', 'test');
  return Object.assign(h, { seen });
}

/** What the controller leaves once an answer to `question` ended: both turns, the conversation named, kept. */
function turn(h: AiConversationHistory, question: string, conversationId: number): void {
  h.messages.push(user(question), answer(`answer to ${question}`));
  h.conversationId ??= conversationId;
  h.persist();
}

const texts = (messages: readonly ChatMessage[]) => messages.map((m) => `${m.role}:${m.text}`);

test('an edit makes a version from the turns before it, with its own conversation; switching shows each whole', () => {
  const h = history();
  turn(h, 'q1', 7);
  turn(h, 'q2', 7);
  const [q1, a1, q2, a2] = h.messages;
  h.branch(2);
  assert.deepEqual(h.messages, [q1, a1]);
  assert.equal(h.conversationId, undefined, 'a new version is a new service conversation');
  assert.match(h.told('q2 edited'), /^Earlier in this conversation:[\s\S]*Visitor: q1[\s\S]*q2 edited$/);
  turn(h, 'q2 edited', 8);
  assert.equal(h.told('q3'), 'q3', 'once its conversation started, a question is asked as typed');
  const edited = h.messages[2]!;
  assert.deepEqual(h.versionsOf(edited.id), { versions: [0, 1], position: 1 });
  assert.equal(h.versionsOf(q1!.id), undefined, 'the first question was not edited');
  assert.deepEqual(new Set(h.keptIds), new Set([...h.messages, q2, a2].map((m) => m!.id)));

  assert.equal(h.showVersion(edited.id, 0), true);
  assert.deepEqual(h.messages, [q1, a1, q2, a2]);
  assert.equal(h.conversationId, 7);
  assert.equal(h.told('q3'), 'q3');
  assert.equal(h.showVersion(q2!.id, 0), false, 'the version shown is not switched to again');
  assert.equal(h.showVersion(q2!.id, 1), true);
  assert.equal(h.conversationId, 8);
});

test('the first question edited starts a conversation told nothing before it', () => {
  const h = history();
  turn(h, 'q1', 3);
  h.branch(0);
  assert.deepEqual(h.messages, []);
  assert.equal(h.told('q1 edited'), 'q1 edited');
});

test('no version is switched to while an answer is being written', () => {
  let busy = false;
  const h = history(undefined, () => busy);
  turn(h, 'q1', 1);
  const q1 = h.messages[0]!;
  h.branch(0);
  turn(h, 'q1 edited', 2);
  busy = true;
  assert.equal(h.showVersion(h.messages[0]!.id, 0), false);
  busy = false;
  assert.equal(h.showVersion(h.messages[0]!.id, 0), true);
  assert.equal(h.messages[0], q1);
});

type Gesture =
  | { kind: 'ask'; text: string }
  | { kind: 'edit'; pick: number; text: string }
  | { kind: 'switch'; pick: number; position: number }
  | { kind: 'draft'; text: string }
  | { kind: 'new' }
  | { kind: 'open'; pick: number }
  | { kind: 'forget'; pick: number }
  | { kind: 'forgetAll' };

const words = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s.length > 0);
const gesture: fc.Arbitrary<Gesture> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('ask' as const), text: words }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), text: words }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('switch' as const), pick: fc.nat(), position: fc.nat({ max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('draft' as const), text: words }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'new' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('open' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forget' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'forgetAll' as const }) },
);

test('over any sequence of gestures, a reload after any of them shows the conversation the panel showed, listed', () => {
  fc.assert(
    fc.property(fc.array(gesture, { maxLength: 40 }), (gestures) => {
      const storage = new MemoryStorage();
      const h = history(storage);
      let conversations = 100;
      for (const g of gestures) {
        const questions = h.messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
        if (g.kind === 'ask') turn(h, g.text, conversations++);
        else if (g.kind === 'edit' && questions.length) {
          h.branch(questions[g.pick % questions.length]!);
          turn(h, g.text, conversations++);
        } else if (g.kind === 'switch' && questions.length) {
          const question = h.messages[questions[g.pick % questions.length]!]!;
          h.showVersion(question.id, g.position);
        } else if (g.kind === 'draft') h.saveDraft(g.text);
        else if (g.kind === 'new') h.startNew();
        else if (g.kind === 'open') {
          const entry = h.past[g.pick % Math.max(1, h.past.length)];
          if (entry) h.openPast(entry.localId);
        } else if (g.kind === 'forget') {
          const entry = h.past[g.pick % Math.max(1, h.past.length)];
          if (entry) h.forget(entry.localId);
        } else if (g.kind === 'forgetAll') h.forgetAll();
        // After each gesture, as after a reload at that moment:
        const reloaded = history(storage);
        assert.deepEqual(texts(reloaded.messages), texts(h.messages));
        assert.equal(reloaded.conversationId, h.conversationId);
        if (h.messages.length) {
          assert.equal(reloaded.currentLocalId, h.currentLocalId);
          assert.ok(
            h.past.some((e) => e.localId === h.currentLocalId),
            'the conversation in the panel is listed',
          );
        }
      }
    }),
  );
});

test('another conversation is shown only once the answer being written is stopped', () => {
  const storage = new MemoryStorage();
  const h = history(storage);
  turn(h, 'first', 1);
  h.startNew();
  assert.equal(h.seen.stops, 2, 'starting anew stops the answer, and so does emptying the panel');
  turn(h, 'second', 2);
  const first = h.past.find((e) => e.title === 'first')!;
  const stops = h.seen.stops;
  assert.equal(h.openPast(first.localId), true);
  assert.equal(h.seen.stops, stops + 1);
  assert.deepEqual(texts(h.messages), ['user:first', 'assistant:answer to first']);
  assert.equal(h.conversationId, 1);
  assert.equal(h.openPast(first.localId), false, 'the conversation shown is not reopened');
  assert.equal(h.seen.stops, stops + 1, 'nor is its answer stopped for it');
});

test("the service's title names a kept conversation, asked once per conversation and page", async () => {
  const asked: number[] = [];
  const client = {
    conversation: async (id: number) => {
      asked.push(id);
      return { title: '  Opening hours  ' };
    },
  } as unknown as AiClient;
  const withoutStore = history();
  turn(withoutStore, 'not kept', 4);
  withoutStore.askTitle(client);
  assert.deepEqual(asked, [], 'without persistence nothing names the conversation');

  const h = history(new MemoryStorage());
  turn(h, 'when are you open?', 5);
  assert.equal(h.past[0]!.title, 'when are you open?', 'until the service names it, the first question does');
  h.askTitle(client);
  h.askTitle(client);
  await Promise.resolve();
  await Promise.resolve();
  assert.deepEqual(asked, [5]);
  assert.equal(h.past[0]!.title, 'Opening hours');
});
