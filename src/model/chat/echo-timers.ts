/**
 * The outbox's watch on sends: a message the server has not echoed within `ECHO_TIMEOUT_MS` while
 * the connection is open is shown as failed, with a retry (the server keeps one per
 * clientMessageId, so a retry never doubles it).
 */

/** A send not echoed this long while connected is shown as failed, with a retry. */
export const ECHO_TIMEOUT_MS = 12000;

export class EchoTimers {
  private timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** (Re)starts the wait for `clientMessageId`'s echo; `expired` runs if none arrives in time. */
  arm(clientMessageId: string, expired: () => void): void {
    this.clear(clientMessageId);
    this.timers.set(
      clientMessageId,
      setTimeout(() => {
        this.timers.delete(clientMessageId);
        expired();
      }, ECHO_TIMEOUT_MS),
    );
  }

  clear(clientMessageId: string): void {
    clearTimeout(this.timers.get(clientMessageId));
    this.timers.delete(clientMessageId);
  }

  clearAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
