import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { Transcript, type ServerMessage } from '../../src/model/chat/transcript.js';

// Pure merge rules of the chat transcript (used by the live chat; lives with the shared chat parts).
describe('Transcript', () => {
  it('shows a local message as pending, then sent when the echo arrives, never twice', () => {
    const t = new Transcript();
    t.addLocal({ clientMessageId: 'c1', text: 'hello' });
    expect(t.messages.map((m) => m.state)).to.deep.equal(['pending']);
    t.applyServer({ id: 1, clientMessageId: 'c1', from: 'visitor', text: 'hello' });
    t.applyServer({ id: 1, clientMessageId: 'c1', from: 'visitor', text: 'hello' });
    expect(t.messages).to.have.length(1);
    expect(t.messages[0]!.state).to.equal('sent');
    expect(t.messages[0]!.key).to.equal('c1');
    expect(t.lastServerId).to.equal('1');
  });

  it('marks failed and back to pending for a retry; a late echo confirms it', () => {
    const t = new Transcript();
    t.addLocal({ clientMessageId: 'c1', text: 'x' });
    t.setLocalState('c1', 'failed');
    expect(t.messages[0]!.state).to.equal('failed');
    t.setLocalState('c1', 'pending');
    t.applyServer({ id: 7, clientMessageId: 'c1', from: 'visitor', text: 'x' });
    expect(t.messages.map((m) => [m.id, m.state])).to.deep.equal([['7', 'sent']]);
    expect(t.outbox).to.have.length(0);
  });

  it('orders by server id and keeps unconfirmed messages last', () => {
    const t = new Transcript();
    t.addLocal({ clientMessageId: 'mine', text: 'b' });
    t.applyServer({ id: 2, from: 'operator', text: 'op2', author: { name: 'Giulia' } });
    t.applyServer({ id: 1, from: 'operator', text: 'op1' });
    expect(t.messages.map((m) => m.text)).to.deep.equal(['op1', 'op2', 'b']);
    expect(t.messages[1]!.author).to.equal('Giulia');
  });

  it('marks visitor messages read up to an id', () => {
    const t = new Transcript();
    t.applyServer({ id: 1, clientMessageId: 'a', from: 'visitor', text: 'a' });
    t.applyServer({ id: 2, from: 'operator', text: 'b' });
    t.applyServer({ id: 3, clientMessageId: 'c', from: 'visitor', text: 'c' });
    t.markReadUpTo(2);
    expect(t.messages.map((m) => m.state)).to.deep.equal(['read', 'sent', 'sent']);
  });

  it('round-trips through JSON (reload), keeping unsent messages', () => {
    const t = new Transcript();
    t.applyServer({ id: 1, from: 'operator', text: 'hi' });
    t.addLocal({ clientMessageId: 'c9', text: 'unsent' });
    const back = Transcript.fromJSON(JSON.parse(JSON.stringify(t.toJSON())));
    expect(back.messages.map((m) => [m.text, m.state])).to.deep.equal([
      ['hi', 'sent'],
      ['unsent', 'pending'],
    ]);
    expect(back.outbox.map((m) => m.clientMessageId)).to.deep.equal(['c9']);
  });

  it('property: any order of echoes, replays and local sends yields each message once, in server order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.nat(), { maxLength: 120 }),
        fc.integer(),
        (n, picks, seed) => {
          // The server's log: n messages, every third one the visitor's own.
          const server: ServerMessage[] = Array.from({ length: n }, (_, i) => ({
            id: i + 1,
            clientMessageId: i % 3 === 0 ? `c${i}` : null,
            from: i % 3 === 0 ? 'visitor' : 'operator',
            text: `m${i}`,
          }));
          const t = new Transcript();
          // Local sends happen first (some), then arbitrary deliveries with duplicates.
          for (const m of server)
            if (m.clientMessageId && (seed + Number(m.id)) % 2 === 0)
              t.addLocal({ clientMessageId: m.clientMessageId, text: m.text! });
          for (const p of picks) t.applyServer(server[p % n]!);
          for (const m of server) t.applyServer(m); // the final sync delivers everything
          const shown = t.messages.map((m) => m.text);
          expect(shown).to.deep.equal(server.map((m) => m.text));
          expect(new Set(t.messages.map((m) => m.key)).size).to.equal(n);
        },
      ),
      { numRuns: 200 },
    );
  });
});
