/**
 * The composer's work kept in this browser as the user prepares it (storage/sign-composer-draft.ts):
 * restored once the element's storage key is known, kept a moment after each edit (an edit
 * storm is one write), kept at once when the element leaves the page, and deleted when the practice
 * is sent or started over. Nothing is kept before the work kept for the key was read, so a quick
 * first edit never overwrites it. What the work is and how it is taken up is the controller's
 * (composer-controller.ts). No Lit: it is tested as a model (test/node/sign-composer-keeping.test.ts).
 */
import { ComposerStorage, type StoredWork } from '../../storage/sign-composer-draft.js';

/** How long after an edit the work is kept. */
export const KEEP_DELAY_MS = 300;

/** What the keeping needs from the controller that holds it. */
export interface KeepingOwner {
  /** The work to keep now; undefined when nothing is to be kept (the practice was sent). */
  work(): Omit<StoredWork, 'savedAt'> | undefined;
  /** Work kept from before came back: the owner takes it up (the draft, the send key, the files). */
  restore(work: StoredWork, files: ReadonlyMap<string, Blob>): void;
  /** The kept work was read and held nothing worth restoring. */
  nothingKept(): void;
  requestUpdate(): void;
  /** This browser's place for a storage key (default: IndexedDB). */
  open?(key: string): ComposerStorage;
}

export class ComposerKeeping {
  /** The work came back from the browser's storage. */
  restored = false;
  /** When the browser last kept the work; undefined: not yet, or it cannot. */
  keptAt: number | undefined;
  /** False when this browser keeps nothing (no IndexedDB). */
  canKeep = true;
  /** Where the work is kept, once the storage key is known (the uploads keep their files there too). */
  storage: ComposerStorage | undefined;

  private keyUsed: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private read = false;

  constructor(private readonly owner: KeepingOwner) {}

  /** The work kept for the key was read (and restored, if there was any): edits are kept from now on. */
  get ready(): boolean {
    return this.read;
  }

  /** Restores the work kept for the storage key once it is known, and again when it changes. */
  follow(key: string | undefined): void {
    if (key === undefined || key === this.keyUsed) return;
    this.keyUsed = key;
    this.storage = this.owner.open?.(key) ?? new ComposerStorage(key);
    void this.restore(this.storage);
  }

  /** The work changed: kept shortly after. */
  soon(): void {
    if (!this.read) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.keep();
    }, KEEP_DELAY_MS);
  }

  /** The element leaves the page: an edit waiting to be kept is kept now. */
  flush(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.keep();
  }

  /** The practice was sent: what was kept is deleted (nothing is kept after it). */
  async discard(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.storage?.clear();
  }

  /** A new practice: what was kept is deleted and nothing reads as restored or kept. */
  async forget(): Promise<void> {
    this.restored = false;
    this.keptAt = undefined;
    await this.discard();
  }

  private async keep(): Promise<void> {
    const storage = this.storage;
    const work = this.owner.work();
    if (!storage || !work) return;
    const kept = await storage.save(work);
    this.canKeep = kept;
    this.keptAt = kept ? Date.now() : undefined;
    this.owner.requestUpdate();
  }

  private async restore(storage: ComposerStorage): Promise<void> {
    this.read = false;
    const { work, files } = await storage.load();
    if (storage !== this.storage) return;
    this.canKeep = await storage.available();
    const worked =
      !!work && (work.draft.documents.length > 0 || work.draft.signers.length > 0 || !!work.draft.processType);
    if (work && worked) {
      this.keptAt = work.savedAt;
      this.restored = true;
      this.owner.restore(work, files);
    }
    this.read = true;
    this.owner.requestUpdate();
    if (!worked) this.owner.nothingKept();
  }
}
