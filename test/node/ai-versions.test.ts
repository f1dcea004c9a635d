/**
 * The versions an edited question makes (src/model/ai/versions.ts): which versions a question offers
 * and in what order, and the first message of a version started at a later question — the turns
 * before it quoted, then the question, within the spec's 32000 characters, read back by the
 * simulator's model as that question (demo/server/ai/quoted-turns.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ChatMessage } from '../../src/model/ai/messages.js';
import {
  MAX_MESSAGE_CHARS,
  choiceAt,
  rootVersion,
  seededMessage,
  type ThreadVersion,
} from '../../src/model/ai/versions.js';
import { askedIn } from '../../demo/server/ai/quoted-turns.js';

const user = (id: string, text = id): ChatMessage => ({ id, role: 'user', text, files: [] });
const answer = (id: string, text = id) => ({ id, role: 'assistant', text }) as ChatMessage;
const edited = (messages: ChatMessage[], from: number, shownAt: number): ThreadVersion => ({
  messages,
  conversationId: undefined,
  shownAt,
  from,
});

test('an edited question offers its versions in the order they were made; the turns before differ nowhere else', () => {
  const q1 = user('q1');
  const a1 = answer('a1');
  const first = rootVersion([q1, a1, user('q2'), answer('a2')], 1);
  const second = edited([q1, a1, user('q2b'), answer('a2b')], 2, 1);
  const third = edited([q1, a1, user('q2c'), answer('a2c')], 2, 2);
  const versions = [first, second, third];
  assert.deepEqual(choiceAt(versions, 1, 2), { versions: [0, 1, 2], position: 1 });
  assert.deepEqual(choiceAt(versions, 0, 2), { versions: [0, 1, 2], position: 0 });
  // The question before the edited one, and an answer, offer no choice.
  assert.equal(choiceAt(versions, 1, 0), undefined);
  assert.equal(choiceAt(versions, 1, 1), undefined);
  assert.equal(choiceAt([first], 0, 2), undefined);
});

test("a question's version brings back the branch of it shown last", () => {
  const q1 = user('q1');
  const a1 = answer('a1');
  const q2 = user('q2');
  const a2 = answer('a2');
  const root = rootVersion([q1, a1, q2, a2, user('q3'), answer('a3')], 1);
  const q3Edited = edited([q1, a1, q2, a2, user('q3b'), answer('a3b')], 4, 5);
  const q2Edited = edited([q1, a1, user('q2b'), answer('a2b')], 2, 3);
  // At q2, the original question stands for its latest branch: the edited q3 (shown at 5), not the root (0).
  assert.deepEqual(choiceAt([root, q3Edited, q2Edited], 2, 2), { versions: [1, 2], position: 1 });
});

test('the seed quotes the turns before the question, oldest first, and ends with the question', () => {
  const message = seededMessage([user('q1', 'When are you open?'), answer('a1', '**9-13**')], 'How do I pay?');
  assert.equal(
    message,
    'Earlier in this conversation:\n\nVisitor: When are you open?\n\nAssistant: **9-13**\n\nThe visitor now asks: How do I pay?',
  );
  assert.deepEqual(askedIn(message), {
    question: 'How do I pay?',
    quoted: ['Visitor: When are you open?', 'Assistant: **9-13**'],
  });
  // A plain message is asked as it is.
  assert.deepEqual(askedIn('How do I pay?\n\nThe visitor now asks: x'), {
    question: 'How do I pay?\n\nThe visitor now asks: x',
    quoted: [],
  });
});

/** The seed's format without the bound (as the example above shows it). */
const unbounded = (turns: ChatMessage[], question: string) =>
  `Earlier in this conversation:\n\n${turns
    .map((m) => `${m.role === 'user' ? 'Visitor' : 'Assistant'}: ${m.text.trim()}`)
    .join('\n\n')}\n\nThe visitor now asks: ${question}`;

test('property: the seed fits the spec, keeps the question whole, drops only the oldest turns that do not fit, reads back as the question', () => {
  const text = fc.string({ minLength: 1, maxLength: 9000 }).filter((t) => !!t.trim());
  fc.assert(
    fc.property(fc.array(text, { maxLength: 12 }), fc.string({ minLength: 1, maxLength: 2000 }), (texts, raw) => {
      const question = raw.trim() || 'Why?';
      const turns = texts.map((t, i) => (i % 2 ? answer(`a${i}`, t) : user(`q${i}`, t)));
      const message = seededMessage(turns, question);
      assert.ok(message.length <= MAX_MESSAGE_CHARS);
      assert.ok(message.endsWith(question));
      // The newest turns that fit, whole and in order; one more would not fit.
      const k = [...turns.keys()].find((i) => unbounded(turns.slice(i), question).length <= MAX_MESSAGE_CHARS);
      if (k === undefined) return assert.equal(message, question);
      assert.equal(message, unbounded(turns.slice(k), question));
      assert.equal(askedIn(message).question, question);
    }),
    { numRuns: 200 },
  );
});
