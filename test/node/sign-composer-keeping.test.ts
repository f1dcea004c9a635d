/**
 * The composer's work kept in the browser (src/controllers/sign/composer-keeping.ts): restored once
 * the storage key is known, an edit storm kept as one write after the delay (fake timers), nothing
 * kept over the stored work before it was read, nothing kept after sending, an edit waiting when the
 * element leaves kept at once, and a browser that keeps nothing said so. Against an in-memory
 * storage (the browser tests keep the work in Chromium's IndexedDB).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ComposerKeeping, KEEP_DELAY_MS, type KeepingOwner } from '../../src/controllers/sign/composer-keeping.js';
import { ComposerStorage, type StoredWork } from '../../src/storage/sign-composer-draft.js';
import { addSigner, emptyDraft, type PracticeDraft } from '../../src/model/sign/composer/practice-draft.js';

/** A browser's storage in memory: `load` waits for `release()` when `held`. */
class MemoryStorage extends ComposerStorage {
  kept: StoredWork | undefined;
  saves = 0;
  cleared = 0;
  private holding: Promise<void> | undefined;
  release: () => void = () => undefined;

  constructor(
    key: string,
    private readonly o: { kept?: StoredWork; available?: boolean; held?: boolean } = {},
  ) {
    super(key);
    this.kept = o.kept;
    if (o.held) this.holding = new Promise((resolve) => (this.release = resolve));
  }
  override async available(): Promise<boolean> {
    return this.o.available ?? true;
  }
  override async load(): Promise<{ work: StoredWork | undefined; files: Map<string, Blob> }> {
    await this.holding;
    return { work: this.kept, files: new Map() };
  }
  override async save(work: Omit<StoredWork, 'savedAt'>): Promise<boolean> {
    this.saves++;
    if (this.o.available === false) return false;
    this.kept = { ...work, savedAt: 1 };
    return true;
  }
  override async clear(): Promise<void> {
    this.cleared++;
    this.kept = undefined;
  }
}

const worked = (): PracticeDraft => addSigner(emptyDraft());

function composer(storages: Record<string, MemoryStorage>) {
  let draft = emptyDraft();
  let sent = false;
  const restored: StoredWork[] = [];
  let nothingKept = 0;
  const owner: KeepingOwner = {
    work: () => (sent ? undefined : { draft, sendKey: undefined }),
    restore: (work) => {
      draft = work.draft;
      restored.push(work);
    },
    nothingKept: () => nothingKept++,
    requestUpdate: () => undefined,
    open: (key) => storages[key]!,
  };
  const keeping = new ComposerKeeping(owner);
  const edit = (next: PracticeDraft) => {
    draft = next;
    keeping.soon();
  };
  return {
    keeping,
    edit,
    restored,
    nothingKept: () => nothingKept,
    send: () => (sent = true),
    draft: () => draft,
  };
}

/** Lets the in-memory storage's answers arrive. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

test('work kept for the key comes back; nothing waits for a key that is not known yet', async () => {
  const kept: StoredWork = { draft: worked(), savedAt: 42 };
  const storage = new MemoryStorage('k', { kept });
  const c = composer({ k: storage });
  c.keeping.follow(undefined);
  assert.equal(c.keeping.storage, undefined);
  c.keeping.follow('k');
  await settled();
  assert.equal(c.keeping.ready, true);
  assert.equal(c.keeping.restored, true);
  assert.equal(c.keeping.keptAt, 42);
  assert.deepEqual(c.restored, [kept]);
  assert.equal(c.nothingKept(), 0);
});

test('an empty draft kept is nothing to restore: the owner starts afresh', async () => {
  const c = composer({ k: new MemoryStorage('k', { kept: { draft: emptyDraft(), savedAt: 1 } }) });
  c.keeping.follow('k');
  await settled();
  assert.equal(c.keeping.restored, false);
  assert.deepEqual(c.restored, []);
  assert.equal(c.nothingKept(), 1);
});

test('an edit storm is kept once, after the delay; nothing is kept before the stored work was read', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const storage = new MemoryStorage('k', { held: true });
  const c = composer({ k: storage });
  c.keeping.follow('k');
  c.edit(worked());
  t.mock.timers.tick(KEEP_DELAY_MS);
  assert.equal(storage.saves, 0, 'an edit before the stored work was read keeps nothing');
  storage.release();
  await settled();
  await settled();
  assert.equal(c.keeping.ready, true);
  for (let i = 0; i < 5; i++) {
    c.edit(worked());
    t.mock.timers.tick(KEEP_DELAY_MS - 1);
  }
  assert.equal(storage.saves, 0);
  t.mock.timers.tick(1);
  await settled();
  assert.equal(storage.saves, 1);
  assert.equal(c.keeping.keptAt !== undefined, true);
});

test('an edit waiting when the element leaves is kept at once; nothing is kept after sending', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const storage = new MemoryStorage('k');
  const c = composer({ k: storage });
  c.keeping.follow('k');
  await settled();
  c.edit(worked());
  c.keeping.flush();
  await settled();
  assert.equal(storage.saves, 1);
  c.keeping.flush();
  assert.equal(storage.saves, 1, 'nothing waiting: nothing more kept');

  c.edit(worked());
  c.send();
  await c.keeping.discard();
  t.mock.timers.tick(KEEP_DELAY_MS);
  c.keeping.flush();
  await settled();
  assert.equal(storage.saves, 1);
  assert.equal(storage.kept, undefined);
});

test('starting over deletes what was kept and reads as neither restored nor kept', async () => {
  const storage = new MemoryStorage('k', { kept: { draft: worked(), savedAt: 7 } });
  const c = composer({ k: storage });
  c.keeping.follow('k');
  await settled();
  await c.keeping.forget();
  assert.equal(c.keeping.restored, false);
  assert.equal(c.keeping.keptAt, undefined);
  assert.equal(storage.cleared, 1);
});

test('a browser that keeps nothing says so', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const storage = new MemoryStorage('k', { available: false });
  const c = composer({ k: storage });
  c.keeping.follow('k');
  await settled();
  assert.equal(c.keeping.canKeep, false);
  c.edit(worked());
  t.mock.timers.tick(KEEP_DELAY_MS);
  await settled();
  assert.equal(c.keeping.canKeep, false);
  assert.equal(c.keeping.keptAt, undefined);
});

test('another key: the work of the earlier one, read late, is not taken up', async () => {
  const first = new MemoryStorage('a', { kept: { draft: worked(), savedAt: 1 }, held: true });
  const second = new MemoryStorage('b');
  const c = composer({ a: first, b: second });
  c.keeping.follow('a');
  c.keeping.follow('b');
  first.release();
  await settled();
  await settled();
  assert.deepEqual(c.restored, []);
  assert.equal(c.keeping.storage, second);
  assert.equal(c.nothingKept(), 1);
});
