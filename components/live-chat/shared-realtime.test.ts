/**
 * The tab-sharing of the chat socket on its own (two instances in one page behave like two tabs:
 * they share the page's Web Locks and BroadcastChannels), against the simulator over WebSocket.
 */
import { expect } from '@open-wc/testing';
import { ChatClient, newId, StartRejected, type ChatEvent } from '../../src/services/chat.js';
import { browserTabEnvironment, SharedRealtime, type TabEnvironment } from '../../src/realtime/shared-realtime.js';
import {
  CHAT_URL,
  FAST_RECONNECT,
  resetSim,
  TestOperator,
  until,
  visitorSockets,
} from '../../test/browser/helpers/live-chat.js';

/** A tab's visibility the test can switch (the page's own cannot be changed from a test). */
function fakeVisibility(hidden: boolean): NonNullable<TabEnvironment['visibility']> & { set(hidden: boolean): void } {
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    onChange: (l) => (listeners.add(l), () => listeners.delete(l)),
    set(next) {
      hidden = next;
      listeners.forEach((l) => l());
    },
  };
}

async function socketsBecome(visitorId: string, n: number): Promise<void> {
  while ((await visitorSockets(visitorId)) !== n) await new Promise((r) => setTimeout(r, 30));
}

describe('SharedRealtime (one chat socket per site)', () => {
  const made: SharedRealtime[] = [];
  let visitorId = '';
  let name = '';
  const tab = (env?: ConstructorParameters<typeof SharedRealtime>[2], widgetKey = 'demo') => {
    const client = new ChatClient({ endpoint: CHAT_URL, widgetKey, visitorId, stomp: FAST_RECONNECT });
    const shared = new SharedRealtime(client, name, env);
    made.push(shared);
    return shared;
  };

  beforeEach(async () => {
    await resetSim();
    visitorId = newId();
    name = `sportello-chat:test:${visitorId}`;
  });
  afterEach(async () => {
    await Promise.all(made.splice(0).map((s) => s.stop()));
  });

  it('a follower starts a chat through the leader and sees its events; one socket for both', async () => {
    const leader = tab();
    expect(await leader.ready()).to.equal('leader');
    const follower = tab();
    expect(await follower.ready()).to.equal('follower');
    const idChat = await follower.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    const seenByFollower: ChatEvent[] = [];
    await follower.watchChat(
      idChat,
      (e) => seenByFollower.push(e),
      () => undefined,
    );
    await until(() => follower.state === 'open');
    await socketsBecome(visitorId, 1);
    const operator = new TestOperator();
    try {
      await operator.connect();
      await operator.join(idChat);
      operator.send(idChat, 'hello both');
      await until(() =>
        seenByFollower.some((e) => e.type === 'message' && (e as { text?: string }).text === 'hello both'),
      );
      follower.sendMessage(idChat, { clientMessageId: 'c-1', text: 'from the follower', attachments: [] });
      await until(() => [...operator.messages.values()].some((m) => m.clientMessageId === 'c-1'));
      expect(await visitorSockets(visitorId)).to.equal(1);
    } finally {
      await operator.stop();
    }
  });

  it('a refused start crosses the channel as the same error (offline widget)', async () => {
    const leader = tab(undefined, 'demo-offline');
    await leader.ready();
    const follower = tab(undefined, 'demo-offline');
    expect(await follower.ready()).to.equal('follower');
    let error: unknown;
    try {
      await follower.startChat({ name: 'Ada', idChatCategory: 2, language: 'en' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(StartRejected);
    expect((error as StartRejected).reason).to.equal('offline');
  });

  it('a frozen leader gives the socket up and the follower takes over; on resume it follows', async () => {
    const a = tab();
    expect(await a.ready()).to.equal('leader');
    const b = tab();
    expect(await b.ready()).to.equal('follower');
    const idChat = await b.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    const changes: string[] = [];
    b.onLeaderChange((role) => changes.push(role));
    await b.watchChat(
      idChat,
      () => undefined,
      () => undefined,
    );
    await until(() => b.state === 'open');
    document.dispatchEvent(new Event('freeze'));
    await until(() => b.role === 'leader');
    expect(a.role).to.equal('follower');
    expect(changes).to.include('leader');
    await until(() => b.state === 'open');
    await socketsBecome(visitorId, 1);
    document.dispatchEvent(new Event('resume'));
    // A follows B now: B's state reaches it over the channel.
    await until(() => a.state === 'open');
    expect(a.role).to.equal('follower');
    expect(await visitorSockets(visitorId)).to.equal(1);
  });

  it('a leader left hidden gives the socket to the visible tab (steal), which carries the chat on', async () => {
    const aVisibility = fakeVisibility(false);
    const a = tab({ ...browserTabEnvironment(), visibility: aVisibility, hiddenLeaderMs: 100 });
    expect(await a.ready()).to.equal('leader');
    const b = tab({ ...browserTabEnvironment(), visibility: fakeVisibility(false), hiddenLeaderMs: 100 });
    expect(await b.ready()).to.equal('follower');
    const idChat = await b.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    const events: ChatEvent[] = [];
    await b.watchChat(
      idChat,
      (e) => events.push(e),
      () => undefined,
    );
    await until(() => b.state === 'open');
    // Both visible: nobody takes over.
    await new Promise((r) => setTimeout(r, 300));
    expect([a.role, b.role]).to.deep.equal(['leader', 'follower']);
    // The visitor switches to B's tab: A is hidden now, and B takes the socket over.
    aVisibility.set(true);
    await until(() => b.role === 'leader' && a.role === 'follower');
    await until(() => b.state === 'open' && a.state === 'open');
    await socketsBecome(visitorId, 1);
    const operator = new TestOperator();
    try {
      await operator.connect();
      await operator.join(idChat);
      b.sendMessage(idChat, { clientMessageId: 'after-steal', text: 'after the handover', attachments: [] });
      await until(() => [...operator.messages.values()].some((m) => m.clientMessageId === 'after-steal'));
      operator.send(idChat, 'seen by the new leader');
      await until(() => events.some((e) => (e as { text?: string }).text === 'seen by the new leader'));
    } finally {
      await operator.stop();
    }
  });

  it('a close asked while no tab leads is carried out by the next leader', async () => {
    const a = tab();
    expect(await a.ready()).to.equal('leader');
    const b = tab();
    expect(await b.ready()).to.equal('follower');
    const idChat = await b.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    const events: ChatEvent[] = [];
    await b.watchChat(
      idChat,
      (e) => events.push(e),
      () => undefined,
    );
    await until(() => b.state === 'open');
    // The leader goes: in the same task the follower ends the chat, so its close meets no leader.
    void a.stop();
    b.closeChat(idChat);
    expect(b.role).to.equal('follower');
    await until(() => b.role === 'leader');
    const operator = new TestOperator();
    await until(async () => (await operator.http.json<{ status: string }>(`/api/chat/${idChat}`)).status === 'closed');
    await until(() => events.some((e) => e.type === 'closed'));
  });

  it('a start still waiting for the leader is settled (aborted) when the tab stops', async () => {
    // A leader that hears nothing (its channel drops every message): the follower's start waits.
    const deaf = {
      postMessage: () => undefined,
      close: () => undefined,
      onmessage: null,
    } as unknown as BroadcastChannel;
    const a = tab({ locks: navigator.locks, channel: () => deaf });
    expect(await a.ready()).to.equal('leader');
    const b = tab();
    expect(await b.ready()).to.equal('follower');
    const starting = b.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    await new Promise((r) => setTimeout(r, 50));
    await b.stop();
    let error: unknown;
    await starting.catch((e: unknown) => (error = e));
    expect((error as Error | undefined)?.name).to.equal('AbortError');
  });

  it('the leader lets a chat go once no tab follows it (unwatch, a follower that stops)', async () => {
    const a = tab();
    expect(await a.ready()).to.equal('leader');
    const b = tab();
    const c = tab();
    expect(await b.ready()).to.equal('follower');
    expect(await c.ready()).to.equal('follower');
    const idChat = await b.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    const subscribed = () => (a as unknown as { direct: Map<string, unknown> }).direct.has(idChat);
    const unwatchB = await b.watchChat(
      idChat,
      () => undefined,
      () => undefined,
    );
    await c.watchChat(
      idChat,
      () => undefined,
      () => undefined,
    );
    await until(() => subscribed());
    unwatchB();
    await new Promise((r) => setTimeout(r, 100));
    expect(subscribed(), 'still followed by c').to.equal(true);
    await c.stop();
    await until(() => !subscribed());
  });

  it('without Web Locks or BroadcastChannel every tab keeps its own socket (as before)', async () => {
    const a = tab({});
    const b = tab({ locks: navigator.locks });
    expect(await a.ready()).to.equal('solo');
    expect(await b.ready()).to.equal('solo');
    const idChat = await a.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    const events: ChatEvent[] = [];
    await b.watchChat(
      idChat,
      (e) => events.push(e),
      () => undefined,
    );
    a.sendMessage(idChat, { clientMessageId: 'solo-1', text: 'own socket', attachments: [] });
    // Live, or in the history b's first sync brings when its subscription opened later.
    const carries = (e: ChatEvent) =>
      [e, ...((e as { messages?: ChatEvent[] }).messages ?? [])].some(
        (m) => (m as { clientMessageId?: string }).clientMessageId === 'solo-1',
      );
    await until(() => events.some(carries));
    await socketsBecome(visitorId, 2);
  });
});
