/**
 * One choice of the visitor's kept in this site's localStorage (the sound, the skin tone, the recent
 * emoji, a greeting already seen). Storage can be missing or refused (private modes, quotas, a
 * disabled setting, a sandboxed frame): then a choice reads as never made and is not written, so it
 * lasts as long as the page and nothing else changes.
 */
export function readSetting(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; `null` forgets it. */
export function writeSetting(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not kept: see above.
  }
}
