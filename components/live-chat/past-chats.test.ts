import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  PAST_CHAT_MAX_MESSAGES,
  PAST_CHATS_MAX,
  PAST_CHATS_MAX_CHARS,
  toPastChat,
  withPastChat,
  type PastChat,
} from '../../src/storage/past-chats.js';
import type { TranscriptMessage } from '../../src/model/chat/transcript.js';

function message(
  i: number,
  text: string,
  from: TranscriptMessage['from'] = 'visitor',
  confirmed = true,
): TranscriptMessage {
  const id = confirmed ? String(i) : undefined;
  return {
    key: `k${i}`,
    id,
    clientMessageId: from === 'visitor' ? `c${i}` : undefined,
    from,
    text,
    attachments: [],
    ts: new Date(Date.UTC(2026, 10, 1, 10, 0, i)).toISOString(),
    state: id ? 'sent' : 'pending',
    seq: id ? i : undefined,
  };
}

// The bounded list of ended conversations kept on the device (pure rules; storage is a thin shell).
describe('past chats', () => {
  it('keeps confirmed messages only, previews the first line, names the operator, drops quick replies', () => {
    const chat = toPastChat({
      idChat: '7',
      messages: [
        { ...message(1, 'Hello there\nsecond line'), quickReplies: [{ label: 'a', value: 'a' }] },
        { ...message(2, 'Hi, I am Giulia', 'operator'), author: 'Giulia' },
        message(3, 'never confirmed', 'visitor', false),
      ],
    })!;
    expect(chat.preview).to.equal('Hello there');
    expect(chat.operator).to.equal('Giulia');
    expect(chat.messages.map((m) => m.text)).to.deep.equal(['Hello there\nsecond line', 'Hi, I am Giulia']);
    expect(chat.messages.every((m) => m.quickReplies === undefined && m.state === 'sent')).to.equal(true);
    expect(chat.startedAt).to.equal(message(1, '').ts);
    expect(toPastChat({ idChat: '8', messages: [message(1, 'pending only', 'visitor', false)] })).to.equal(undefined);
  });

  it('newest first, one entry per chat, at most the last few, under the size budget', () => {
    const arbChat = fc.record({
      idChat: fc.integer({ min: 1, max: 12 }).map(String),
      count: fc.integer({ min: 1, max: PAST_CHAT_MAX_MESSAGES }),
      size: fc.integer({ min: 1, max: 4000 }),
    });
    fc.assert(
      fc.property(fc.array(arbChat, { minLength: 1, maxLength: 20 }), (inputs) => {
        let list: PastChat[] = [];
        for (const [n, input] of inputs.entries()) {
          const messages = Array.from({ length: input.count }, (_, i) => message(i + 1, 'x'.repeat(input.size)));
          // Chats end one after another (a chat ended again in another tab ends later).
          const endedAt = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
          list = withPastChat(list, toPastChat({ idChat: input.idChat, messages, endedAt })!);
        }
        expect(list.length).to.be.within(1, PAST_CHATS_MAX);
        expect(new Set(list.map((c) => c.idChat)).size).to.equal(list.length);
        expect(JSON.stringify(list).length).to.be.at.most(PAST_CHATS_MAX_CHARS);
        for (let i = 1; i < list.length; i++) expect(list[i - 1]!.endedAt >= list[i]!.endedAt).to.equal(true);
        // The chat added last is always kept, with its newest message.
        const last = inputs.at(-1)!;
        const kept = list.find((c) => c.idChat === last.idChat);
        expect(kept, 'last chat kept').to.not.equal(undefined);
        expect(kept!.messages.at(-1)!.id).to.equal(String(last.count));
      }),
      { numRuns: 60 },
    );
  });
});
