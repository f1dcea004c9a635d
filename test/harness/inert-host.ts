import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * A Lit controller host that renders nothing: what a plain controller part (the composer's
 * sending and drafts, the idempotent write) needs of its element when a Node test drives it alone.
 */
export function inertHost(): ReactiveControllerHost {
  return {
    addController: (_c: ReactiveController) => undefined,
    removeController: () => undefined,
    requestUpdate: () => undefined,
    updateComplete: Promise.resolve(true),
  };
}
