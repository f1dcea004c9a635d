/**
 * Which tab of a site holds the socket: an election with the Web Locks API, apart from what the
 * tabs then say to each other (shared-realtime.ts relays messages; this decides who leads).
 *
 * The tab holding the lock leads for as long as it holds it. A tab that finds the lock taken
 * follows and waits in the lock's queue. Leadership ends four ways, each told to the relay:
 * the browser hands the lock on when the leader's page goes away; the page is frozen or put in the
 * back/forward cache (the leader resigns, `paused`, and asks again when it comes back); another
 * tab steals the lock (`taken`, then this tab queues again); or a visible follower claims it from
 * a leader hidden for HIDDEN_LEADER_MS, whose timers the browser may be throttling.
 *
 * UI-free: no lit, no DOM beyond the page lifecycle events.
 */
import { HIDDEN_LEADER_MS, type TabEnvironment } from './tab-environment.js';

/** What the relay does when leadership changes hands. */
export interface LeadershipEvents {
  /** This tab holds the lock: open the socket and serve the followers. */
  elected(): void;
  /** Another tab holds the lock: follow it. */
  following(): void;
  /** Give the socket up now: the lock was taken over, or the page is being frozen or cached. */
  resign(reason: 'taken' | 'paused'): void;
  /** The leading page was hidden or shown again (null while visible): tell the followers. */
  visibility(hiddenSince: number | null): void;
  /** The leading page is unloading for good: the lock goes to the next tab in the queue. */
  unloading(): void;
}

export class TabLeadership {
  /** Since when this page has been hidden; null while visible. */
  hiddenSince: number | null = null;
  private leading = false;
  private release: (() => void) | undefined;
  private waiting: AbortController | undefined;
  private stopped = false;
  /** Whether a leader is known to this follower, and since when it has been hidden. */
  private leaderKnown = false;
  private leaderHiddenSince: number | null = null;
  private claimTimer: ReturnType<typeof setTimeout> | undefined;
  private offVisibility: (() => void) | undefined;

  constructor(
    private readonly name: string,
    private readonly env: TabEnvironment & { locks: Pick<LockManager, 'request'> },
    private readonly events: LeadershipEvents,
  ) {}

  /** Asks for the lock at once; the answer comes as `elected` or `following`. */
  start(): void {
    if (typeof window !== 'undefined') {
      window.addEventListener('pagehide', this.onPageHide);
      window.addEventListener('pageshow', this.onPageShow);
      document.addEventListener('freeze', this.onFreeze);
      document.addEventListener('resume', this.onResume);
    }
    const visibility = this.env.visibility;
    if (visibility) {
      this.hiddenSince = visibility.hidden() ? Date.now() : null;
      this.offVisibility = visibility.onChange(this.onVisibility);
    }
    this.campaign('if-free');
  }

  /** The leader this follower follows, and since when it has been hidden (null: visible). */
  leaderSeen(hiddenSince: number | null): void {
    this.leaderKnown = true;
    this.leaderHiddenSince = hiddenSince;
    this.considerClaim();
  }

  /** The leader said it is leaving: nobody to claim from until the next one speaks. */
  leaderGone(): void {
    this.leaderKnown = false;
    this.leaderHiddenSince = null;
    clearTimeout(this.claimTimer);
  }

  /** Another tab says it leads while this one thinks it does: it took the lock over. */
  overthrown(): void {
    if (!this.leading) return;
    this.resign('taken');
    this.campaign('queue');
  }

  /** Stops asking for the lock and lets it go (after the relay has started closing its socket). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.waiting?.abort();
    clearTimeout(this.claimTimer);
    this.offVisibility?.();
    if (typeof window !== 'undefined') {
      window.removeEventListener('pagehide', this.onPageHide);
      window.removeEventListener('pageshow', this.onPageShow);
      document.removeEventListener('freeze', this.onFreeze);
      document.removeEventListener('resume', this.onResume);
    }
    this.letGo();
  }

  /**
   * Asks for the lock: at once if free (else this tab follows and waits in the lock's queue), in
   * the queue, or by taking it over. The lock is held for as long as the callback's promise is
   * pending.
   */
  private campaign(mode: 'if-free' | 'queue' | 'steal'): void {
    if (this.stopped) return;
    let release: (() => void) | undefined;
    const hold = (lock: Lock | null): Promise<void> | undefined => {
      if (!lock) {
        this.events.following();
        this.campaign('queue');
        return undefined;
      }
      if (this.stopped) return undefined;
      return new Promise<void>((resolve) => {
        release = resolve;
        this.release = resolve;
        this.leading = true;
        this.waiting = undefined;
        clearTimeout(this.claimTimer);
        this.events.elected();
      });
    };
    // A held lock's request rejects when another tab steals it: this tab no longer leads.
    const lost = () => {
      if (release && this.release === release) this.overthrown();
    };
    const locks = this.env.locks;
    if (mode === 'if-free') {
      locks.request(this.name, { ifAvailable: true }, hold).catch(lost);
    } else if (mode === 'steal') {
      this.waiting?.abort();
      this.waiting = undefined;
      locks.request(this.name, { steal: true }, hold).catch(lost);
    } else {
      const waiting = new AbortController();
      this.waiting = waiting;
      locks.request(this.name, { signal: waiting.signal }, hold).catch(() => {
        if (release) return lost();
        // Never granted and not aborted by us: the browser dropped the request (WebKit does for a
        // page entering the back/forward cache). Queue again, or this tab would never lead.
        if (this.waiting === waiting) this.waiting = undefined;
        if (waiting.signal.aborted || this.stopped) return;
        setTimeout(() => {
          if (!this.stopped && this.idle()) this.campaign('queue');
        }, 100);
      });
    }
  }

  /** Neither leading nor waiting in the lock's queue. */
  private idle(): boolean {
    return !this.leading && !this.waiting && !this.release;
  }

  private resign(reason: 'taken' | 'paused'): void {
    this.leading = false;
    this.leaderKnown = false;
    this.events.resign(reason);
    // Released at once: a frozen page runs no more tasks, so nothing after this would happen.
    this.letGo();
  }

  private letGo(): void {
    this.release?.();
    this.release = undefined;
    this.leading = false;
  }

  /**
   * A visible follower whose leader has been hidden for HIDDEN_LEADER_MS takes the lock over;
   * until then it checks again when the time is up.
   */
  private considerClaim(): void {
    clearTimeout(this.claimTimer);
    if (
      this.stopped ||
      this.leading ||
      this.hiddenSince !== null ||
      this.leaderHiddenSince === null ||
      !this.leaderKnown
    )
      return;
    const wait = this.leaderHiddenSince + (this.env.hiddenLeaderMs ?? HIDDEN_LEADER_MS) - Date.now();
    if (wait <= 0) this.campaign('steal');
    else this.claimTimer = setTimeout(() => this.considerClaim(), wait);
  }

  private onVisibility = (): void => {
    const hidden = this.env.visibility!.hidden();
    if (hidden === (this.hiddenSince !== null)) return;
    this.hiddenSince = hidden ? Date.now() : null;
    if (this.leading) this.events.visibility(this.hiddenSince);
    else this.considerClaim();
  };

  private onFreeze = (): void => {
    if (this.leading) this.resign('paused');
  };

  private onPageHide = (e: PageTransitionEvent): void => {
    if (e.persisted) this.onFreeze();
    else if (this.leading) this.events.unloading();
  };

  private onResume = (): void => {
    if (this.idle()) this.campaign('if-free');
  };

  private onPageShow = (e: PageTransitionEvent): void => {
    if (e.persisted) this.onResume();
  };
}
