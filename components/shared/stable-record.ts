/**
 * The same object for as long as its string values are the same. A parent that builds a child's
 * labels in `render()` would otherwise hand it a new object on every render (in a chat, on every
 * message), and Lit would update the child each time for nothing.
 */
export class StableRecord<T extends Record<string, string>> {
  private last: T | undefined;
  private key = '';

  of(next: T): T {
    const key = Object.entries(next).flat().join('\u0000');
    if (!this.last || key !== this.key) {
      this.last = next;
      this.key = key;
    }
    return this.last;
  }
}
