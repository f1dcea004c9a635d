/**
 * The listeners of one kind of news (state changes, errors, events): `on` returns the function
 * that removes the listener; `emit` calls each in the order added. A listener that throws is
 * logged and the others still hear the news (one faulty page handler must not silence the rest).
 */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  on(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(value: T): void {
    // A copy: a listener may remove itself (or add another) while the news goes round.
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        console.error(error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
