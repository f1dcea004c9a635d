/**
 * Which real operators are there: connected over STOMP (sessions counted per user) and their
 * availability (`online`, `away`, `busy`, `offline`, set by `PUT /api/users/{state}/{idUser}`).
 * A real operator is *available* when connected and online; the scripted operator stays away from
 * `script-unless-operator` chats while one is.
 */
export type Availability = 'online' | 'away' | 'busy' | 'offline';

export class OperatorPresence {
  private sessions = new Map<number, number>();
  private availability = new Map<number, Availability>();

  constructor(private readonly onChange: () => void) {}

  connected(idUser: number): void {
    this.sessions.set(idUser, (this.sessions.get(idUser) ?? 0) + 1);
    this.onChange();
  }

  disconnected(idUser: number): void {
    const n = (this.sessions.get(idUser) ?? 0) - 1;
    if (n > 0) this.sessions.set(idUser, n);
    else this.sessions.delete(idUser);
    this.onChange();
  }

  set(idUser: number, state: Availability): void {
    this.availability.set(idUser, state);
    this.onChange();
  }

  /** Availability as shown to clients: `offline` while not connected. */
  get(idUser: number): Availability {
    if (!this.sessions.has(idUser)) return 'offline';
    return this.availability.get(idUser) ?? 'online';
  }

  anyAvailable(): boolean {
    return [...this.sessions.keys()].some((id) => this.get(id) === 'online');
  }

  /** Availability survives a reset only for connected sessions (they are still there). */
  reset(): void {
    this.availability.clear();
  }
}
