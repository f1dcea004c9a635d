/**
 * What the closed launcher reads of this browser's storage to follow a running chat across pages
 * and tabs. Touched only at idle or once a chat is open: the first storage access costs the page's
 * start a few ms. Part of the closed launcher's file: no imports.
 */

/** Whether the window was open on the previous page of this tab (sessionStorage: per tab, per site). */
const OPEN_FLAG = 'sportello-chat-open';

export function readOpenFlag(): boolean {
  try {
    return sessionStorage.getItem(OPEN_FLAG) === '1';
  } catch {
    return false;
  }
}

export function writeOpenFlag(open: boolean): void {
  try {
    sessionStorage.setItem(OPEN_FLAG, open ? '1' : '0');
  } catch {
    // storage disabled: the window simply starts closed on the next page
  }
}

/** A chat from a previous page load or another tab: load at idle to follow it and count unread. */
export function hasStoredChat(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('sportello-chat:') && /"idChat":"/.test(localStorage.getItem(key) ?? '')) return true;
    }
  } catch {
    /* storage disabled */
  }
  return false;
}

/** Whether a `storage` event says another tab has started a chat. */
export function startedElsewhere(e: StorageEvent): boolean {
  return !!e.key?.startsWith('sportello-chat:') && !!e.newValue?.includes('"idChat":"');
}
