/**
 * The tab-sharing of the chat socket on its own (two instances in one page behave like two tabs:
 * they share the page's Web Locks and BroadcastChannels), against the simulator over WebSocket.
 */
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { ChatClient, newId, StartRejected, type ChatEvent } from '../../src/services/chat.js';
import { browserTabEnvironment, SharedRealtime, type TabEnvironment } from '../../src/realtime/shared-realtime.js';
import { CHAT_URL, resetSim, TestOperator } from '../../test/browser/helpers/live-chat.js';
import { advanceUntil, eventually, until } from '../../test/harness/harness.js';
import { FAST_RECONNECT } from '../../test/harness/live-chat.js';
import { simulator } from '../../test/harness/simulator.js';

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

const visitorSockets = async (visitorId: string): Promise<number> => (await simulator.visitorSockets(visitorId)).length;

async function socketsBecome(visitorId: string, n: number): Promise<void> {
  await eventually(async () => (await visitorSockets(visitorId)) === n);
}

/** Whether the socket the simulator holds for `visitorId` is subscribed to chat `idChat`. */
async function socketFollows(visitorId: string, idChat: string): Promise<boolean> {
  return (await simulator.visitorSockets(visitorId)).some((s) => s.destinations.includes(`/topic/chat.${idChat}`));
}

/** The tab's Web Locks, noting every request that takes the lock from another tab. */
function stealsNoted(): { locks: Pick<LockManager, 'request'>; steals: number } {
  const noted = {
    steals: 0,
    locks: {
      request: ((name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) => {
        if (options.steal) noted.steals++;
        return navigator.locks.request(name, options, callback);
      }) as LockManager['request'],
    },
  };
  return noted;
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
    const bLocks = stealsNoted();
    const b = tab({
      ...browserTabEnvironment(),
      locks: bLocks.locks,
      visibility: fakeVisibility(false),
      hiddenLeaderMs: 100,
    });
    expect(await b.ready()).to.equal('follower');
    const idChat = await b.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    const events: ChatEvent[] = [];
    await b.watchChat(
      idChat,
      (e) => events.push(e),
      () => undefined,
    );
    await until(() => b.state === 'open');
    // The tabs' clocks are the test's: many times the time a hidden leader keeps the socket goes by.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() });
    try {
      // Both visible: nobody takes over.
      clock.tick(1000);
      expect(bLocks.steals, 'takeovers while both tabs are visible').to.equal(0);
      expect([a.role, b.role]).to.deep.equal(['leader', 'follower']);
      // The visitor switches to B's tab: A is hidden now, and B takes the socket over once A was
      // hidden for that time.
      aVisibility.set(true);
      await advanceUntil(clock, () => bLocks.steals > 0, 20);
    } finally {
      clock.uninstall();
    }
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
    // What B says to the other tabs, heard as a third tab would.
    const wire = new BroadcastChannel(name);
    const said: string[] = [];
    wire.onmessage = (e: MessageEvent<{ t: string }>) => said.push(e.data.t);
    const starting = b.startChat({ name: 'Ada', idChatCategory: 4, language: 'en' });
    try {
      await until(() => said.includes('start'));
    } finally {
      wire.close();
    }
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
    const subscribed = () => socketFollows(visitorId, idChat);
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
    await eventually(subscribed);
    unwatchB();
    // B's next word reaches the service through the leader after its unwatch did: by then the
    // leader has acted on the unwatch.
    b.sendMessage(idChat, { clientMessageId: 'after-unwatch', text: 'after the unwatch', attachments: [] });
    const operator = new TestOperator();
    await eventually(async () =>
      (await operator.history(idChat)).messages.some((m) => m.clientMessageId === 'after-unwatch'),
    );
    expect(await subscribed(), 'still followed by c').to.equal(true);
    await c.stop();
    await eventually(async () => !(await subscribed()));
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
