// The polling schedule (pure arithmetic, property-tested) and the Poller that runs it, read as a
// user of it can: which ticks ran, and which timers the page was asked for (a fake clock's count).
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import fc from 'fast-check';
import { DEFAULT_BACKOFF, Poller, delayAfterError, nextDelay } from './polling.js';
import { until } from '../../../test/harness/harness.js';

describe('polling schedule', () => {
  it('backs off without changes, resets on change, and honours Retry-After', () => {
    const o = { baseMs: 1000, maxMs: 8000, factor: 1.5 };
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 40 }), (changes) => {
        let d: number | undefined;
        for (const changed of changes) {
          const next = nextDelay(d, changed, o);
          expect(next).to.be.within(o.baseMs, o.maxMs);
          if (changed) expect(next).to.equal(o.baseMs);
          else if (d !== undefined) expect(next).to.be.at.least(d);
          d = next;
        }
      }),
    );
    expect(delayAfterError(1000, 5000, o)).to.equal(5000);
    expect(delayAfterError(1000, undefined, o)).to.equal(2000);
  });
});

describe('Poller', () => {
  const backoff = { baseMs: 20, maxMs: 40, factor: 2 };
  /** Longer than any delay the schedule can ask for: a timer held would have fired by then. */
  const longerThanAnyDelay = backoff.maxMs * 10;
  let clock: sinon.SinonFakeTimers;
  const setVisibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    clock.uninstall();
    delete (document as { visibilityState?: string }).visibilityState;
  });

  it('holds no timer while the tab is hidden and polls at once when it is visible again', async () => {
    let ticks = 0;
    // One tick can be held open, to hide the tab while it is in flight.
    let hold = false;
    let release: ((changed: boolean) => void) | undefined;
    const poller = new Poller(
      async () => {
        ticks++;
        return hold ? new Promise<boolean>((r) => (release = r)) : false;
      },
      () => backoff,
    );
    poller.start(true);
    await clock.tickAsync(backoff.baseMs * 2);
    expect(ticks, 'polls on its schedule').to.be.at.least(2);
    expect(clock.countTimers(), 'the next poll is due').to.equal(1);

    // Hidden between two polls: the pending timer goes, and no poll runs however long it stays hidden.
    setVisibility('hidden');
    expect(clock.countTimers(), 'a timer held while hidden').to.equal(0);
    let frozen = ticks;
    await clock.tickAsync(longerThanAnyDelay);
    expect(ticks, 'polled while hidden').to.equal(frozen);

    // Visible again: one poll at once (no delay), held open; hidden while it is in flight.
    hold = true;
    setVisibility('visible');
    await clock.tickAsync(0);
    expect(ticks, 'did not poll at once on becoming visible').to.equal(frozen + 1);
    await until(() => release);
    setVisibility('hidden');
    // The in-flight tick that ends while hidden does not schedule another.
    frozen = ticks;
    hold = false;
    release!(false);
    await clock.tickAsync(longerThanAnyDelay);
    expect(clock.countTimers(), 'a timer scheduled after a tick that ended while hidden').to.equal(0);
    expect(ticks, 'polled while hidden after the held tick ended').to.equal(frozen);

    setVisibility('visible');
    await clock.tickAsync(0);
    expect(ticks, 'did not resume at once').to.equal(frozen + 1);
    poller.stop();
    expect(clock.countTimers(), 'a timer held after stop').to.equal(0);
    await clock.tickAsync(longerThanAnyDelay);
    expect(ticks, 'polled after stop').to.equal(frozen + 1);
  });

  it('stops for good on an error the callback says will not heal (404)', async () => {
    let errors = 0;
    const poller = new Poller(
      async () => {
        throw Object.assign(new Error('gone'), { status: 404 });
      },
      () => backoff,
      () => (errors++, false),
    );
    poller.start(true);
    await clock.tickAsync(longerThanAnyDelay);
    expect(errors).to.equal(1);
    expect(poller.active).to.equal(false);
    expect(clock.countTimers(), 'a timer held after stopping').to.equal(0);
  });

  it('waits its base delay before the first poll unless asked to poll at once', async () => {
    let ticks = 0;
    const poller = new Poller(
      async () => (ticks++, false),
      () => DEFAULT_BACKOFF,
    );
    poller.start();
    await clock.tickAsync(DEFAULT_BACKOFF.baseMs - 1);
    expect(ticks).to.equal(0);
    await clock.tickAsync(1);
    expect(ticks).to.equal(1);
    poller.stop();
  });
});
