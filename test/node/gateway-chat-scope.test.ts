import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  ADA,
  BRUNO,
  bodyOf,
  chatAtService,
  frame,
  mint,
  send,
  startChat,
  startHarness,
  stomp,
  withToken,
  type Harness,
} from './gateway-helpers.js';

// Issue #32, defect 1: the live chat was not scoped to the visitor. Chat ids are sequential; each
// attack below is the one written in the issue, through the gateway in front of the real simulator.
// A chat belongs to the visitor who started it (their token, the gateway's session, or the random
// visitor id an anonymous visitor's page keeps); anything naming another's chat reads as a chat that
// does not exist, and never reaches the service.

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

const publicApi = (path: string) => `${h.gw.url}/chat/public/api${path}`;
const reached = (path: string) => h.calls.filter((c) => c.url.includes(path));

/** The answer to a chat id that exists nowhere: a foreign chat must read exactly like it. */
async function missingChatAnswer(path: string, init?: RequestInit): Promise<{ status: number; body: string }> {
  const res = await fetch(publicApi(path.replace('{id}', '999999999')), init);
  return { status: res.status, body: await res.text() };
}

describe('live chat REST: a chat is its owner’s', { timeout: 120_000 }, () => {
  it('mails nobody a stranger’s transcript, with no token at all', async () => {
    const victim = `v-${randomUUID()}`;
    const { idChat, client } = await startChat(h.gw.url, victim, { email: 'victim@example.com', message: 'my IBAN' });
    client.ws.close();
    h.calls.length = 0;
    const attack = await fetch(publicApi(`/chat/transcription/?idChat=${idChat}&email=attacker@evil.test`));
    const missing = await missingChatAnswer('/chat/transcription/?idChat={id}&email=attacker@evil.test');
    assert.equal(attack.status, 404);
    assert.deepEqual({ status: attack.status, body: await attack.text() }, missing);
    // With another visitor id of the attacker's own choosing, the same.
    const guessed = await fetch(
      publicApi(`/chat/transcription/?idChat=${idChat}&email=attacker@evil.test&visitorId=v-attacker`),
    );
    assert.equal(guessed.status, 404);
    assert.deepEqual(reached('/transcription/'), [], 'the transcript request reached the service');
  });

  it("sends no one's transcript to a signed-in attacker's own address", async () => {
    const { idChat, client } = await startChat(h.gw.url, `v-${randomUUID()}`, { token: bruno });
    client.ws.close();
    h.calls.length = 0;
    const attack = await fetch(publicApi(`/chat/transcription/?idChat=${idChat}&email=x@y.test`), withToken(ada));
    assert.equal(attack.status, 404);
    assert.deepEqual(reached('/transcription/'), []);
  });

  it("sends the owner's transcript to the chat's own address only, whatever the page asks", async () => {
    const owner = `v-${randomUUID()}`;
    const { idChat, client } = await startChat(h.gw.url, owner, { email: 'owner@example.com' });
    client.ws.close();
    const res = await fetch(
      publicApi(`/chat/transcription/?idChat=${idChat}&email=somebody-else@evil.test&visitorId=${owner}`),
    );
    assert.equal(res.status, 200);
    assert.equal((await res.json()).email, 'owner@example.com');
    const up = reached('/transcription/').map((c) => new URL(c.url).searchParams);
    assert.deepEqual(
      up.map((q) => [...q.entries()]),
      [
        [
          ['idChat', String(idChat)],
          ['email', 'owner@example.com'],
        ],
      ],
    );
    // A signed-in visitor's goes to the token's address (the chat started with it).
    const mine = await startChat(h.gw.url, `v-${randomUUID()}`, { token: ada, email: 'typed@evil.test' });
    mine.client.ws.close();
    const own = await fetch(publicApi(`/chat/transcription/?idChat=${mine.idChat}&email=x@evil.test`), withToken(ada));
    assert.equal(own.status, 200);
    assert.equal((await own.json()).email, ADA.email);
  });

  it("reads no stranger's queue position, and rates no stranger's chat", async () => {
    const { idChat, client } = await startChat(h.gw.url, `v-${randomUUID()}`);
    client.ws.close();
    h.calls.length = 0;
    const position = await fetch(publicApi(`/chat/queue-position/?idChat=${idChat}`));
    assert.deepEqual(
      { status: position.status, body: await position.text() },
      await missingChatAnswer('/chat/queue-position/?idChat={id}'),
    );
    const json = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const rating = await fetch(publicApi('/chat/rating/'), json({ idChat, rating: 1, comment: 'awful' }));
    assert.deepEqual(
      { status: rating.status, body: await rating.text() },
      await missingChatAnswer('/chat/rating/', json({ idChat: 999999999, rating: 1, comment: 'awful' })),
    );
    const signedIn = await fetch(publicApi('/chat/rating/'), withToken(ada, json({ idChat, rating: 1 })));
    assert.equal(signedIn.status, 404);
    assert.deepEqual(reached('/queue-position/'), []);
    assert.deepEqual(reached('/rating/'), []);
    assert.equal((await chatAtService(h.sim.url, idChat)).rating, null);
  });

  it("puts no phishing URL in the page trail of someone else's chat", async () => {
    const { idChat, client } = await startChat(h.gw.url, `v-${randomUUID()}`);
    client.ws.close();
    const phishing = 'https://evil.test/login-to-your-bank';
    const res = await fetch(publicApi('/chat/add-navigation-page'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idChat, url: phishing, title: 'Your bank' }),
    });
    assert.equal(res.status, 404);
    const pages = (await chatAtService(h.sim.url, idChat)).navigationPages.map((p) => p.url);
    assert.ok(!pages.includes(phishing), `pages: ${pages.join(', ')}`);
  });

  it('serves the owner: position, rating, page trail (anonymous by visitor id, signed in by token)', async () => {
    const owner = `v-${randomUUID()}`;
    const anonymous = await startChat(h.gw.url, owner);
    anonymous.client.ws.close();
    const q = `visitorId=${owner}`;
    assert.equal((await fetch(publicApi(`/chat/queue-position/?idChat=${anonymous.idChat}&${q}`))).status, 200);
    const nav = await fetch(publicApi(`/chat/add-navigation-page?${q}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idChat: anonymous.idChat, url: 'https://site.test/pricing', title: 'Pricing' }),
    });
    assert.equal(nav.status, 200);
    // The page's visitorId is the gateway's business: the service gets the chat's fields only.
    const up = reached('/add-navigation-page').at(-1)!;
    assert.doesNotMatch(up.url, /visitorId/);
    const signed = await startChat(h.gw.url, `v-${randomUUID()}`, { token: ada });
    signed.client.ws.close();
    const rated = await fetch(
      publicApi('/chat/rating/'),
      withToken(ada, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ idChat: signed.idChat, rating: 5 }),
      }),
    );
    assert.equal(rated.status, 200);
    assert.equal((await chatAtService(h.sim.url, signed.idChat)).rating, 5);
    // Ada's token reaches her chats from any page (another visitor id): the chat is the visitor's.
    assert.equal(
      (await fetch(publicApi(`/chat/queue-position/?idChat=${signed.idChat}&visitorId=v-other`), withToken(ada)))
        .status,
      200,
    );
  });

  it("keeps an anonymous session's chat to that session", async () => {
    const session = (await (await fetch(`${h.gw.url}/gateway/session`, { method: 'POST' })).json()).token as string;
    const other = (await (await fetch(`${h.gw.url}/gateway/session`, { method: 'POST' })).json()).token as string;
    const visitorId = `v-${randomUUID()}`;
    const { idChat, client } = await startChat(h.gw.url, visitorId, { token: session });
    client.ws.close();
    assert.equal((await fetch(publicApi(`/chat/queue-position/?idChat=${idChat}`), withToken(session))).status, 200);
    // Another session is refused, even with this visitor's page id: the session is who owns it.
    const refused = await fetch(
      publicApi(`/chat/queue-position/?idChat=${idChat}&visitorId=${visitorId}`),
      withToken(other),
    );
    assert.equal(refused.status, 404);
    const cookie = await fetch(publicApi(`/chat/queue-position/?idChat=${idChat}`), {
      headers: { Cookie: `sportello_session=${session}` },
    });
    assert.equal(cookie.status, 200);
  });

  it('refuses a chat id given twice (one read here, another at the service)', async () => {
    const owner = `v-${randomUUID()}`;
    const mine = await startChat(h.gw.url, owner);
    mine.client.ws.close();
    const res = await fetch(
      publicApi(`/chat/queue-position/?idChat=${mine.idChat}&idChat=${mine.idChat - 1}&visitorId=${owner}`),
    );
    assert.equal(res.status, 400);
    assert.deepEqual(reached('/queue-position/'), []);
  });
});

describe('live chat socket: a visitor id is bound to the visitor who holds it', { timeout: 120_000 }, () => {
  it("a valid token for Ada plus Bruno's visitor id on CONNECT reads none of Bruno's history", async () => {
    const brunosId = `v-bruno-${randomUUID()}`;
    const { idChat, client } = await startChat(h.gw.url, brunosId, { token: bruno, message: 'Bruno’s secret' });
    client.ws.close();

    const attacker = stomp(`${h.gw.url.replace(/^http/, 'ws')}/chat/websocket`);
    await attacker.opened;
    attacker.ws.send(
      frame('CONNECT', {
        'accept-version': '1.2',
        host: 'x',
        'heart-beat': '0,0',
        'visitor-id': brunosId,
        'widget-key': 'demo',
        'visitor-token': ada,
      }),
    );
    await attacker.next((f) => f.startsWith('CONNECTED'));
    attacker.ws.send(frame('SUBSCRIBE', { id: 'c', destination: `/topic/chat.${idChat}` }));
    attacker.ws.send(send(`/app/chat.${idChat}.sync`, { afterId: 0 }));
    const answer = await attacker.next((f) => f.startsWith('ERROR') || f.includes('"type":"history"'));
    assert.match(answer, /^ERROR\nmessage:forbidden/, 'the service refuses the chat as someone else’s');
    assert.equal((await attacker.ended()).code, 1008);
    assert.ok(
      !attacker.frames.some((f) => f.includes('Bruno’s secret') || f.includes('"type":"history"')),
      attacker.frames.join(' | '),
    );
  });

  it("an anonymous attacker with a signed-in visitor's page id reads nothing either", async () => {
    const adasId = `v-ada-${randomUUID()}`;
    const { idChat, client } = await startChat(h.gw.url, adasId, { token: ada, message: 'Ada’s secret' });
    client.ws.close();
    const attacker = stomp(`${h.gw.url.replace(/^http/, 'ws')}/chat/websocket`);
    await attacker.opened;
    attacker.ws.send(
      frame('CONNECT', { 'accept-version': '1.2', host: 'x', 'visitor-id': adasId, 'widget-key': 'demo' }),
    );
    await attacker.next((f) => f.startsWith('CONNECTED'));
    attacker.ws.send(frame('SUBSCRIBE', { id: 'c', destination: `/topic/chat.${idChat}` }));
    attacker.ws.send(send(`/app/chat.${idChat}.sync`, { afterId: 0 }));
    assert.match(await attacker.next((f) => f.startsWith('ERROR') || f.includes('"type":"history"')), /^ERROR/);
    assert.ok(!attacker.frames.some((f) => f.includes('Ada’s secret')));
  });

  it('gives the owner back their chat on a new socket (after a reload), token or visitor id', async () => {
    for (const token of [ada, undefined]) {
      const visitorId = `v-${randomUUID()}`;
      const { idChat, client } = await startChat(h.gw.url, visitorId, { token, message: 'still here?' });
      client.ws.close();
      const again = stomp(`${h.gw.url.replace(/^http/, 'ws')}/chat/websocket`);
      await again.opened;
      again.ws.send(
        frame('CONNECT', {
          'accept-version': '1.2',
          host: 'x',
          'visitor-id': visitorId,
          'widget-key': 'demo',
          ...(token ? { 'visitor-token': token } : {}),
        }),
      );
      await again.next((f) => f.startsWith('CONNECTED'));
      again.ws.send(frame('SUBSCRIBE', { id: 'c', destination: `/topic/chat.${idChat}` }));
      again.ws.send(send(`/app/chat.${idChat}.sync`, { afterId: 0 }));
      const history = bodyOf(await again.next((f) => f.includes('"type":"history"')));
      assert.ok(JSON.stringify(history.messages).includes('still here?'));
      again.ws.close();
    }
  });

  it('the service never sees the visitor id the page chose', async () => {
    const visitorId = `v-${randomUUID()}`;
    const { idChat, client } = await startChat(h.gw.url, visitorId);
    client.ws.close();
    const chat = await chatAtService(h.sim.url, idChat);
    assert.notEqual(chat.visitorId, visitorId);
    assert.match(chat.visitorId, /^gw-/);
  });
});
