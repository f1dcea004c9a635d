import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ADA, BRUNO, mint, send, startChat, startHarness, withToken, type Harness } from './gateway-helpers.js';

// A verified visitor's past chats on any device (issue #35): the gateway lists the ended chats started
// under the same verified identity (the token's `sub`), read from the chat service's operator API
// with the gateway's own chat token. Tried as an attacker would: another visitor, no token, a forged
// token, an anonymous visitor's chats; none of them lists or reads a chat that is not theirs.

let h: Harness;
let ada: string;
let bruno: string;

before(async () => {
  h = await startHarness();
  ada = await mint(ADA);
  bruno = await mint(BRUNO);
});
after(() => h.close());
beforeEach(() => {
  h.calls.length = 0;
});

const pastChats = (token?: string) => fetch(`${h.gw.url}/chat/sportello/past-chats`, withToken(token));

interface Listed {
  chats: Array<{
    idChat: string;
    startedAt?: string;
    endedAt?: string;
    operator?: string;
    messages: Array<{ from: string; text: string; author?: string; [k: string]: unknown }>;
  }>;
}

/** A chat through the gateway's socket with one message, ended by the visitor (or left running). */
async function chat(options: { token?: string; message: string; end?: boolean }): Promise<string> {
  const { idChat, client } = await startChat(h.gw.url, `v-${randomUUID()}`, options);
  if (options.end !== false) {
    client.ws.send(send(`/app/chat.${idChat}.close`, {}));
    await client.next((f) => f.includes('"type":"closed"'));
  }
  client.ws.close();
  return String(idChat);
}

describe('gateway: a verified visitor’s past chats, on any device', { timeout: 120_000 }, () => {
  it('lists the ended chats started under the same verified identity, from another device', async () => {
    const first = await chat({ token: ada, message: 'Where is my order 1042?' });
    const second = await chat({ token: ada, message: 'And the invoice?' });
    // Another device: another visitor id, the same person signed in.
    const res = await pastChats(ada);
    assert.equal(res.status, 200);
    const { chats } = (await res.json()) as Listed;
    const ids = chats.map((c) => c.idChat);
    assert.deepEqual(ids.slice(0, 2), [second, first], 'newest first');
    const listed = chats.find((c) => c.idChat === first)!;
    assert.ok(listed.messages.some((m) => m.from === 'visitor' && m.text === 'Where is my order 1042?'));
    assert.ok(listed.startedAt && listed.endedAt);
    // Only what the visitor saw: nothing of the service's record about them.
    const raw = JSON.stringify(chats);
    for (const field of ['visitorId', 'email', 'navigationPages', 'jid', 'assignedUser'])
      assert.ok(!raw.includes(`"${field}"`), `no ${field} in the answer`);
  });

  it('another signed-in visitor does not get them', async () => {
    const adas = await chat({ token: ada, message: 'for Ada only' });
    const res = await pastChats(bruno);
    assert.equal(res.status, 200);
    const { chats } = (await res.json()) as Listed;
    assert.ok(!chats.some((c) => c.idChat === adas), 'Bruno lists Ada’s chat');
    assert.ok(!JSON.stringify(chats).includes('for Ada only'));
  });

  it('refuses a visitor without a token, and a forged one, without reading any chat', async () => {
    await chat({ token: ada, message: 'private' });
    h.calls.length = 0;
    assert.equal((await pastChats()).status, 401);
    const forged = await mint(ADA, { secret: 'not-the-gateway-secret-0123456789abcdef' });
    assert.equal((await pastChats(forged)).status, 401);
    const anonymous = await fetch(`${h.gw.url}/chat/sportello/past-chats?visitorId=v-anyone`);
    assert.equal(anonymous.status, 401);
    assert.deepEqual(
      h.calls.filter((c) => c.url.includes('/api/chat/')),
      [],
      'a refused caller made the gateway read chats',
    );
  });

  it('never lists a running chat, nor an anonymous visitor’s', async () => {
    const running = await chat({ token: ada, message: 'still talking', end: false });
    const anonymous = await chat({ message: 'anonymous words' });
    const { chats } = (await (await pastChats(ada)).json()) as Listed;
    assert.ok(!chats.some((c) => c.idChat === running), 'a running chat is the device’s own');
    assert.ok(!chats.some((c) => c.idChat === anonymous));
    const b = (await (await pastChats(bruno)).json()) as Listed;
    assert.ok(!b.chats.some((c) => c.idChat === anonymous));
  });
});
