/**
 * The kit's observer of the page's `<html lang>`: a change re-renders every follower in the
 * new language. The Lit elements follow it through the base element; the closed live-chat launcher
 * keeps an observer of its own (components/live-chat/parts/launcher-text.ts: this module would be a
 * request of its own at idle); this module imports nothing and stays tiny.
 */
const followers = new Map<object, () => void>();
let observer: MutationObserver | undefined;

/** Calls `onChange` whenever `<html lang>` changes, until `unfollowPageLang(follower)`. */
export function followPageLang(follower: object, onChange: () => void): void {
  followers.set(follower, onChange);
  if (observer || typeof MutationObserver === 'undefined') return;
  observer = new MutationObserver(() => followers.forEach((changed) => changed()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}

export function unfollowPageLang(follower: object): void {
  followers.delete(follower);
}
