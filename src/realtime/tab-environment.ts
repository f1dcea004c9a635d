/**
 * The browser features that let the tabs of one site share one socket (Web Locks, BroadcastChannel,
 * page visibility), injectable so tests can take them away.
 */

/** The browser features the sharing needs; injectable so tests can take them away. */
export interface TabEnvironment {
  locks?: Pick<LockManager, 'request'> | undefined;
  channel?: ((name: string) => BroadcastChannel) | undefined;
  /** Whether this tab is hidden, and a way to hear when that changes. */
  visibility?: { hidden(): boolean; onChange(listener: () => void): () => void } | undefined;
  /** How long a leader may stay hidden before a visible tab takes over; default HIDDEN_LEADER_MS. */
  hiddenLeaderMs?: number | undefined;
}

function documentVisibility(): TabEnvironment['visibility'] {
  if (typeof document === 'undefined') return undefined;
  return {
    hidden: () => document.visibilityState === 'hidden',
    onChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

export function browserTabEnvironment(): TabEnvironment {
  return {
    locks: globalThis.navigator?.locks,
    channel: typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : undefined,
    visibility: documentVisibility(),
  };
}

/** A leader hidden this long gives the socket to a visible tab. */
export const HIDDEN_LEADER_MS = 30_000;
