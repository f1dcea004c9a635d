/**
 * The visitor id when several tabs of the site load at once on empty storage. Same-origin iframes
 * cannot show the race: they share one renderer process and so one synchronous localStorage.
 * Tabs opened with `noopener` get their own process, where a write reaches the other tabs a moment
 * later — as for a visitor who opens two pages of the site at once.
 */
import { expect } from '@open-wc/testing';
import { CHAT_URL, eventually, resetSim, until } from '../../test/browser/helpers/live-chat.js';
import { ensureVisitorId, readStored, storageKey } from '../../src/storage/chat.js';

/** Opens two separate tabs of `visitor-id-tab.html`, starts both chat windows together and returns the visitor ids they run with. */
async function twoTabsLoadingAtOnce(): Promise<[string, string]> {
  const channel = new BroadcastChannel('sportello-visitor-id-test');
  const ready = new Set<string>();
  const ids = new Map<string, string>();
  channel.onmessage = (e: MessageEvent<{ type: string; tab: string; visitorId?: string }>) => {
    if (e.data.type === 'ready') ready.add(e.data.tab);
    if (e.data.type === 'id' && e.data.visitorId) ids.set(e.data.tab, e.data.visitorId);
  };
  try {
    for (const tab of ['a', 'b']) {
      const url = new URL('../../test/browser/fixtures/visitor-id-tab.html', import.meta.url);
      url.searchParams.set('tab', tab);
      window.open(url.href, '_blank', 'noopener');
    }
    await until(() => ready.size === 2);
    channel.postMessage({ type: 'go' });
    await until(() => ids.size === 2);
    return [ids.get('a')!, ids.get('b')!];
  } finally {
    channel.postMessage({ type: 'close' });
    channel.close();
    // Until the tabs are gone they hold their id where the next round's tabs would find and adopt it.
    const held = `${storageKey(CHAT_URL, 'demo')}:visitor-id=`;
    await eventually(async () => !(await navigator.locks.query()).held!.some((l) => l.name?.startsWith(held)));
  }
}

describe('sportello-live-chat visitor id across tabs', () => {
  beforeEach(resetSim);

  it('two separate tabs starting at once on empty storage end up with the same visitor id (40 rounds)', async function (this: {
    timeout(ms: number): void;
  }) {
    // Without the lock about 4 rounds in 10 ended with two ids; with the lock alone, one round in
    // about 60 on a busy machine (the waiting tab read storage before the first tab's write reached
    // it). Each round must agree.
    this.timeout(90000);
    const seen = new Set<string>();
    const rounds: string[] = [];
    for (let round = 0; round < 40; round++) {
      localStorage.clear();
      const [a, b] = await twoTabsLoadingAtOnce();
      // A new id each round: a tab left over from an earlier round did not write into this one.
      expect(seen.has(a) || seen.has(b), `round ${round}: a fresh id`).to.equal(false);
      seen.add(a).add(b);
      rounds.push(a === b ? 'same' : 'different');
    }
    expect(rounds).to.deep.equal(Array(40).fill('same'));
  });

  it('without Web Locks an id is still made once and then kept', async () => {
    const key = storageKey(CHAT_URL, 'demo');
    const first = await ensureVisitorId(key, undefined);
    expect(readStored(key).visitorId).to.equal(first);
    expect(await ensureVisitorId(key, undefined)).to.equal(first);
    expect(await ensureVisitorId(key, navigator.locks)).to.equal(first);
  });

  it('an id the page cleared from storage is not brought back: the next load makes a new one', async () => {
    // A key of its own: tabs of the test above may still be closing, holding their ids for 'demo'.
    const key = storageKey(CHAT_URL, 'cleared-id-test');
    const first = await ensureVisitorId(key, navigator.locks);
    // This tab now holds its id where other tabs can see it.
    const held = (await navigator.locks.query()).held!.map((l) => l.name);
    expect(held).to.include(`${key}:visitor-id=${first}`);
    localStorage.removeItem(key);
    const second = await ensureVisitorId(key, navigator.locks);
    expect(second).to.not.equal(first);
    expect(readStored(key).visitorId).to.equal(second);
    // Letting a lock go is asynchronous: the old one leaves the lock manager a moment later.
    const after = await eventually(async () => {
      const names = (await navigator.locks.query()).held!.map((l) => l.name);
      return names.includes(`${key}:visitor-id=${first}`) ? undefined : names;
    });
    expect(after).to.include(`${key}:visitor-id=${second}`);
  });

  it('a load torn down while another tab holds the lock stops waiting and stores nothing', async () => {
    const key = storageKey(CHAT_URL, 'demo');
    let release!: () => void;
    const held = new Promise<void>((granted) => {
      void navigator.locks.request(`${key}:visitor-id`, () => {
        granted();
        return new Promise<void>((r) => (release = r));
      });
    });
    await held;
    const abort = new AbortController();
    const waiting = ensureVisitorId(key, navigator.locks, abort.signal);
    abort.abort();
    let error: unknown;
    await waiting.catch((e: unknown) => (error = e));
    expect((error as Error | undefined)?.name).to.equal('AbortError');
    expect(readStored(key).visitorId).to.equal(undefined);
    release();
  });
});
