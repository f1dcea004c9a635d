/**
 * The signing composer's work kept in the browser as the user prepares a practice: the draft
 * (plain JSON) and the bytes of the files they added, in IndexedDB (PDFs are too large for
 * localStorage), under a key that names the element's draft and the person preparing it — a
 * shared counter's browser never shows one agent's practice to the next. Also kept: the
 * Idempotency-Key of a send whose answer never came, so a reload then sends nothing twice.
 * Best effort: without IndexedDB (a private window, a sandboxed frame) it keeps nothing and says so.
 */
import type { PracticeDraft } from '../model/sign/composer/practice-draft.js';

export interface StoredWork {
  draft: PracticeDraft;
  /** The key of a send that may have reached the service. */
  sendKey?: string | undefined;
  savedAt: number;
}

const DB_NAME = 'sportello-sign-composer';
const DB_VERSION = 1;
const WORK = 'work';
const FILES = 'files';

let opening: Promise<IDBDatabase | undefined> | undefined;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The database, once per page; undefined where IndexedDB is missing or refused. */
function database(): Promise<IDBDatabase | undefined> {
  opening ??= new Promise<IDBDatabase | undefined>((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = indexedDB.open(DB_NAME, DB_VERSION);
    } catch {
      resolve(undefined);
      return;
    }
    open.onupgradeneeded = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(WORK)) db.createObjectStore(WORK);
      if (!db.objectStoreNames.contains(FILES)) db.createObjectStore(FILES);
    };
    open.onsuccess = () => {
      const db = open.result;
      // Another tab upgrading the schema: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    open.onerror = () => resolve(undefined);
    open.onblocked = () => resolve(undefined);
  });
  return opening;
}

/** One composer's place in the browser. */
export class ComposerStorage {
  constructor(private readonly key: string) {}

  private fileKey(documentId: string): string {
    return `${this.key}|${documentId}`;
  }

  private get fileRange(): IDBKeyRange {
    return IDBKeyRange.bound(`${this.key}|`, `${this.key}|\uffff`);
  }

  /** Whether anything can be kept here at all. */
  async available(): Promise<boolean> {
    return (await database()) !== undefined;
  }

  /** The work kept for this key and the bytes of its files, by document id. */
  async load(): Promise<{ work: StoredWork | undefined; files: Map<string, Blob> }> {
    const db = await database();
    const files = new Map<string, Blob>();
    if (!db) return { work: undefined, files };
    try {
      const tx = db.transaction([WORK, FILES], 'readonly');
      const work = (await request(tx.objectStore(WORK).get(this.key))) as StoredWork | undefined;
      const store = tx.objectStore(FILES);
      const [keys, blobs] = await Promise.all([
        request(store.getAllKeys(this.fileRange)),
        request(store.getAll(this.fileRange)),
      ]);
      keys.forEach((k, i) => {
        const blob = blobs[i];
        if (blob instanceof Blob) files.set(String(k).slice(this.key.length + 1), blob);
      });
      return { work: work && typeof work === 'object' && work.draft?.version === 1 ? work : undefined, files };
    } catch {
      return { work: undefined, files };
    }
  }

  /** Keeps the work (replacing what was kept); false when nothing could be kept. */
  async save(work: Omit<StoredWork, 'savedAt'>): Promise<boolean> {
    const db = await database();
    if (!db) return false;
    try {
      const tx = db.transaction(WORK, 'readwrite');
      tx.objectStore(WORK).put({ ...work, savedAt: Date.now() } satisfies StoredWork, this.key);
      await done(tx);
      return true;
    } catch {
      return false;
    }
  }

  async saveFile(documentId: string, blob: Blob): Promise<void> {
    const db = await database();
    if (!db) return;
    try {
      const tx = db.transaction(FILES, 'readwrite');
      tx.objectStore(FILES).put(blob, this.fileKey(documentId));
      await done(tx);
    } catch {
      // Quota: the draft is kept without this file, which the user then adds again.
    }
  }

  async deleteFile(documentId: string): Promise<void> {
    const db = await database();
    if (!db) return;
    try {
      const tx = db.transaction(FILES, 'readwrite');
      tx.objectStore(FILES).delete(this.fileKey(documentId));
      await done(tx);
    } catch {
      /* best effort */
    }
  }

  /** Forgets the work and its files (sent, or started over). */
  async clear(): Promise<void> {
    const db = await database();
    if (!db) return;
    try {
      const tx = db.transaction([WORK, FILES], 'readwrite');
      tx.objectStore(WORK).delete(this.key);
      tx.objectStore(FILES).delete(this.fileRange);
      await done(tx);
    } catch {
      /* best effort */
    }
  }
}
