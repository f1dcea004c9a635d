import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TranscriptRows, type RowsSource } from '../../components/live-chat/parts/transcript-rows.js';
import { Transcript, type ChatAttachment } from '../../src/model/chat/transcript.js';

/**
 * The part of the conversation the rows read: the real transcript, the operator and the bot,
 * and attachment links that name the client (so a new client's links show in the rows).
 */
function chatWith(transcript: Transcript) {
  const chat = {
    transcript,
    operator: undefined as { name: string } | undefined,
    operatorAvatar: undefined as string | undefined,
    bot: { name: 'Bot' as string | undefined, avatar: undefined as string | undefined },
    client: 'c1',
    attachmentHref: (a: ChatAttachment) => `${chat.client}/${a.name}`,
    attachmentThumbnail: () => undefined,
  };
  return chat;
}

function rowsFor(chat: ReturnType<typeof chatWith>, language: () => 'en' | 'it' = () => 'en') {
  const source: RowsSource = {
    get language() {
      return language();
    },
    labels: { tr: () => 'Operator', notice: (n) => `notice:${n.kind}` },
    clientKey: () => chat.client,
  };
  return new TranscriptRows(source, chat);
}

/** What the running chat's rows must be, mapped from scratch. */
function mappedAfresh(chat: ReturnType<typeof chatWith>) {
  return rowsFor(chat).current();
}

type Op =
  | { kind: 'server'; from: 'operator' | 'bot' | 'visitor' }
  | { kind: 'local' }
  | { kind: 'echo' }
  | { kind: 'fail' }
  | { kind: 'notice' }
  | { kind: 'read' }
  | { kind: 'operator'; name: string }
  | { kind: 'client' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('server' as const),
    from: fc.constantFrom('operator' as const, 'bot' as const, 'visitor' as const),
  }),
  fc.constant({ kind: 'local' as const }),
  fc.constant({ kind: 'echo' as const }),
  fc.constant({ kind: 'fail' as const }),
  fc.constant({ kind: 'notice' as const }),
  fc.constant({ kind: 'read' as const }),
  fc.record({ kind: fc.constant('operator' as const), name: fc.constantFrom('Giulia', 'Marco') }),
  fc.constant({ kind: 'client' as const }),
);

function apply(chat: ReturnType<typeof chatWith>, o: Op, n: number): void {
  const t = chat.transcript;
  const pending = t.outbox.filter((m) => m.state === 'pending');
  switch (o.kind) {
    case 'server':
      t.applyServer({
        id: 1000 + n,
        from: o.from,
        text: `m${n}`,
        attachments: n % 4 ? [] : [{ name: `f${n}.pdf` }],
      } as never);
      break;
    case 'local':
      t.addLocal({ clientMessageId: `c${n}`, text: `mine ${n}` });
      break;
    case 'echo':
      // The server confirms the oldest message still waiting: it moves among the confirmed ones.
      if (t.outbox[0])
        t.applyServer({
          id: 1000 + n,
          from: 'visitor',
          text: t.outbox[0].text,
          clientMessageId: t.outbox[0].clientMessageId,
        } as never);
      break;
    case 'fail':
      if (pending[0]) t.setLocalState(pending[0].clientMessageId!, 'failed');
      break;
    case 'notice':
      t.addNotice({ kind: 'joined', name: 'Giulia' }, `2026-11-25T00:00:${String(n % 60).padStart(2, '0')}Z`);
      break;
    case 'read':
      if (t.lastServerId) t.markReadUpTo(t.lastServerId);
      break;
    case 'operator':
      chat.operator = { name: o.name };
      break;
    case 'client':
      chat.client = `c${n}`;
      break;
  }
}

test('rows after any sequence of transcript changes equal the rows mapped afresh; unchanged messages keep their row', () => {
  fc.assert(
    fc.property(fc.array(op, { maxLength: 60 }), fc.integer({ min: 1, max: 10 }), (ops, every) => {
      const chat = chatWith(new Transcript());
      const rows = rowsFor(chat);
      let before = rows.current();
      let beforeMessages = chat.transcript.messages;
      let beforeContext = `${chat.operator?.name}|${chat.client}`;
      ops.forEach((o, n) => {
        apply(chat, o, n);
        // The window does not render after every change: several changes may land in one render.
        if (n % every !== 0) return;
        const now = rows.current();
        if (chat.transcript.messages !== beforeMessages) assert.deepEqual(now, mappedAfresh(chat));
        const context = `${chat.operator?.name}|${chat.client}`;
        if (context === beforeContext) {
          // A message object the transcript kept keeps its row object: the list reuses its rendering.
          const rowOf = new Map(beforeMessages.map((m, i) => [m, before[i]]));
          chat.transcript.messages.forEach((m, i) => {
            if (rowOf.has(m)) assert.equal(now[i], rowOf.get(m));
          });
        }
        // Rows are looked at again only when the transcript changed (the operator's name comes with a
        // notice in the transcript): the context they were last mapped in stays until then.
        if (chat.transcript.messages !== beforeMessages) beforeContext = context;
        before = now;
        beforeMessages = chat.transcript.messages;
      });
      // Nothing changed: the same array, so the list has nothing to do.
      assert.equal(rows.current(), rows.current());
    }),
    { numRuns: 300 },
  );
});

test('an append at 10,000 messages maps one new row and keeps the other 10,000', () => {
  const chat = chatWith(new Transcript());
  for (let i = 0; i < 10_000; i++) chat.transcript.applyServer({ id: i + 1, from: 'operator', text: `m${i}` } as never);
  const rows = rowsFor(chat);
  const before = rows.current();
  chat.transcript.applyServer({ id: 10_001, from: 'bot', text: 'new' } as never);
  const after = rows.current();
  assert.equal(after.length, 10_001);
  assert.notEqual(after, before, 'a new array, so the list sees the change');
  assert.ok(before.every((row, i) => after[i] === row));
  assert.deepEqual(after.at(-1), { ...mappedAfresh(chat).at(-1) });
  assert.equal(after.at(-1)!.author, 'Bot');
});

test('a new language or operator name maps every row again', () => {
  let lang: 'en' | 'it' = 'en';
  const chat = chatWith(new Transcript());
  chat.transcript.applyServer({ id: 1, from: 'operator', text: 'ciao' } as never);
  const rows = rowsFor(chat, () => lang);
  const first = rows.current();
  assert.equal(first[0]!.author, 'Operator');
  chat.operator = { name: 'Giulia' };
  chat.transcript.applyServer({ id: 2, from: 'operator', text: 'eccomi' } as never);
  const named = rows.current();
  assert.deepEqual(
    named.map((r) => r.author),
    ['Giulia', 'Giulia'],
  );
  lang = 'it';
  chat.transcript.applyServer({ id: 3, from: 'visitor', text: 'grazie' } as never);
  const again = rows.current();
  assert.notEqual(again[0], named[0], 'mapped again for the new language');
});
