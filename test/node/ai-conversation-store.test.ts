/**
 * The AI panel's kept conversations (src/storage/ai-conversations.ts) over any sequence of what a
 * visitor does with persistence on: ask, start a new conversation, reopen an earlier one, delete one
 * or all. Whatever the sequence, the list and the records agree (no record the list does not name,
 * no listed earlier conversation that cannot be reopened), the list never passes its limit, and the
 * conversation in the panel is always in it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ConversationStore, MAX_PAST, titleOf, type StoredConversation } from '../../src/storage/ai-conversations.js';
import { MemoryStorage } from '../harness/memory-storage.js';

type Op =
  | { kind: 'ask'; text: string }
  | { kind: 'new' }
  | { kind: 'open'; pick: number }
  | { kind: 'forget'; pick: number }
  | { kind: 'forgetAll' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('ask' as const), text: fc.string({ minLength: 1, maxLength: 30 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'new' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('open' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forget' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'forgetAll' as const }) },
);

const KEY = 'sportello-ai-chat:test';

/** What the history does with the store for each gesture (controllers/ai/conversation-history.ts), on plain values. */
function play(ops: Op[]): { storage: MemoryStorage; store: ConversationStore; current: StoredConversation } {
  const storage = new MemoryStorage();
  const store = new ConversationStore(storage, KEY);
  let current: StoredConversation = { messages: [] };
  let ids = 0;
  for (const o of ops) {
    if (o.kind === 'ask') {
      current.localId ??= `c${ids++}`;
      current = {
        ...current,
        messages: [...current.messages, { role: 'user', text: o.text }, { role: 'assistant', text: 'answer' }],
      };
      store.save(current);
    } else if (o.kind === 'new') {
      if (current.messages.length) {
        store.save(current);
        store.archive();
      }
      store.clear();
      current = { messages: [] };
    } else if (o.kind === 'open') {
      const list = store.list();
      const entry = list[o.pick % Math.max(1, list.length)];
      if (!entry || entry.localId === current.localId) continue;
      store.save(current);
      store.archive();
      const taken = store.take(entry.localId);
      assert.ok(taken, `listed conversation ${entry.localId} can be reopened`);
      current = taken;
      store.save(current);
    } else if (o.kind === 'forget') {
      const list = store.list();
      const entry = list[o.pick % Math.max(1, list.length)];
      if (!entry) continue;
      store.forget(entry.localId);
      if (entry.localId === current.localId) {
        store.clear();
        current = { messages: [] };
      }
    } else {
      store.forgetAll();
      current = { messages: [] };
    }
  }
  return { storage, store, current };
}

test('the list and the records agree, within the limit, the current conversation listed, over any sequence', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
      const { storage, store, current } = play(ops);
      const list = store.list();
      assert.ok(list.length <= MAX_PAST + 1, `at most ${MAX_PAST} earlier conversations and the current one`);
      const listed = new Set(list.map((e) => e.localId));
      assert.equal(listed.size, list.length, 'each conversation once');
      const records = storage
        .keys()
        .filter((k) => k.startsWith(`${KEY}:past:`))
        .map((k) => k.slice(`${KEY}:past:`.length));
      for (const id of records) assert.ok(listed.has(id), `record ${id} is in the list`);
      for (const entry of list)
        if (entry.localId !== current.localId)
          assert.ok(records.includes(entry.localId), `${entry.localId} can be reopened`);
      if (current.messages.length) {
        const entry = list.find((e) => e.localId === current.localId);
        assert.ok(entry, 'the conversation in the panel is listed');
        assert.equal(entry.title, titleOf(current.messages));
        assert.deepEqual(store.load()?.messages, current.messages);
      }
    }),
  );
});

test(`past the limit the least recent conversations leave the device, records and all`, () => {
  const ops: Op[] = [];
  for (let i = 0; i < MAX_PAST + 5; i++) ops.push({ kind: 'ask', text: `question ${i}` }, { kind: 'new' });
  ops.push({ kind: 'ask', text: 'the current one' });
  const { storage, store } = play(ops);
  const list = store.list();
  assert.equal(list.length, MAX_PAST + 1);
  assert.equal(list[0]!.title, 'the current one');
  assert.ok(!list.some((e) => e.title === 'question 0'), 'the oldest is gone');
  assert.equal(storage.keys().filter((k) => k.startsWith(`${KEY}:past:`)).length, MAX_PAST);
});

test('delete all leaves nothing of the panel in the storage', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
      const { storage, store } = play([...ops, { kind: 'forgetAll' }]);
      assert.deepEqual(
        storage.keys().filter((k) => k.startsWith(KEY)),
        [],
      );
      assert.deepEqual(store.list(), []);
    }),
  );
});

test("a title is the service's when it has one, else the first question, clipped to 80 characters", () => {
  const long = 'x'.repeat(120);
  assert.equal(titleOf([{ role: 'user', text: '  Opening   hours? ' }]), 'Opening hours?');
  assert.equal(titleOf([{ role: 'user', text: 'first' }], 'The service title'), 'The service title');
  assert.equal(titleOf([{ role: 'user', text: 'first' }], '  '), 'first');
  assert.equal(titleOf([{ role: 'user', text: long }]).length, 80);
  assert.ok(titleOf([{ role: 'user', text: long }]).endsWith('…'));
  assert.equal(titleOf([]), '');
});

test('the date moves with new messages only (a draft or a rating saved is no new activity)', (t) => {
  // The store's clock is the test's: a minute passes between the saves at once.
  t.mock.timers.enable({ apis: ['Date'], now: Date.UTC(2026, 0, 5, 9, 30) });
  const storage = new MemoryStorage();
  const store = new ConversationStore(storage, KEY);
  const value: StoredConversation = {
    localId: 'a',
    messages: [
      { role: 'user', text: 'q' },
      { role: 'assistant', text: 'a' },
    ],
  };
  store.save(value);
  const first = store.list()[0]!.updatedAt;
  t.mock.timers.tick(60_000);
  store.save({ ...value, draft: 'typing…' });
  assert.equal(store.list()[0]!.updatedAt, first);
  store.save({ ...value, messages: [...value.messages, { role: 'user', text: 'q2' }] });
  assert.equal(store.list()[0]!.updatedAt, first + 60_000);
});
