import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { RowHeights } from './chat-window-range.js';

const keyed = (keys: readonly string[]) => keys.map((key) => ({ key }));

/** A straightforward model: heights by key, offsets summed from scratch. */
function model(keys: readonly string[], known: Map<string, number>, estimate: number) {
  const heights = keys.map((k) => known.get(k) ?? estimate);
  const offsets = [0];
  for (const h of heights) offsets.push(offsets.at(-1)! + h);
  return { heights, offsets };
}

describe('chat-window-range RowHeights', () => {
  it('estimates unmeasured rows, then their mean once rows are measured', () => {
    const h = new RowHeights(50);
    h.sync(keyed(['a', 'b', 'c', 'd']));
    expect(h.total).to.equal(200);
    expect(h.measure('a', 30)).to.equal(true);
    expect(h.measure('b', 70)).to.equal(true);
    expect(h.measure('b', 70.2)).to.equal(false);
    expect(h.measure('zz', 10)).to.equal(false);
    h.settleEstimate();
    expect(h.estimate).to.equal(50);
    expect(h.total).to.equal(200);
    expect(h.offsetOf(2)).to.equal(100);
    expect(h.indexAt(-5)).to.equal(0);
    expect(h.indexAt(29.9)).to.equal(0);
    expect(h.indexAt(30)).to.equal(1);
    expect(h.indexAt(1e9)).to.equal(3);
  });

  it('an append keeps what came before and returns where the keys changed', () => {
    const h = new RowHeights(10);
    expect(h.sync(keyed(['a', 'b']))).to.equal(0);
    h.measure('a', 40);
    expect(h.sync(keyed(['a', 'b', 'c']))).to.equal(2);
    expect(h.sync(keyed(['a', 'b', 'c']))).to.equal(3);
    expect(h.offsetOf(3)).to.equal(60);
    // A row inserted before a measured one: the measured height follows its key.
    h.sync(keyed(['x', 'a', 'b', 'c']));
    expect(h.heightOf(1)).to.equal(40);
    expect(h.isMeasured(0)).to.equal(false);
    expect(h.sync([])).to.equal(0);
    expect(h.total).to.equal(0);
    expect(h.range({ scrollTop: 0, viewport: 100, overscan: 10, follow: true })).to.deep.equal({ start: 0, end: 0 });
  });

  it('offsets are the prefix sums of the heights under any sequence of edits and measurements', () => {
    const key = fc.constantFrom(...'abcdefghijklmnop'.split(''));
    const op = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), key }),
      fc.record({ kind: fc.constant('insert' as const), key, at: fc.nat(20) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat(20) }),
      fc.record({ kind: fc.constant('measure' as const), at: fc.nat(20), height: fc.integer({ min: 0, max: 400 }) }),
      fc.record({ kind: fc.constant('query' as const), y: fc.integer({ min: -100, max: 5000 }) }),
      // A message that changed (its delivery state): a new object with the same key.
      fc.record({ kind: fc.constant('renew' as const), at: fc.nat(20) }),
    );
    fc.assert(
      // `reuse`: each message keeps its object until it changes, as a transcript hands them over
      // (rows are then found by object); otherwise every sync gets new objects (found by key).
      fc.property(fc.array(op, { maxLength: 60 }), fc.boolean(), (ops, reuse) => {
        const h = new RowHeights(37);
        let keys: string[] = [];
        const known = new Map<string, number>();
        const objects = new Map<string, { key: string }>();
        const objectOf = (key: string) => {
          let item = objects.get(key);
          if (!item || !reuse) objects.set(key, (item = { key }));
          return item;
        };
        const sync = () => h.sync(keys.map(objectOf));
        for (const o of ops) {
          if (o.kind === 'append' || o.kind === 'insert') {
            if (keys.includes(o.key)) continue; // keys are unique in a transcript
            keys = o.kind === 'append' ? [...keys, o.key] : [...keys.slice(0, o.at), o.key, ...keys.slice(o.at)];
            sync();
          } else if (o.kind === 'remove') {
            if (!keys.length) continue;
            const gone = keys[o.at % keys.length]!;
            keys = keys.filter((k) => k !== gone);
            known.delete(gone);
            objects.delete(gone);
            sync();
          } else if (o.kind === 'renew') {
            if (!keys.length) continue;
            objects.delete(keys[o.at % keys.length]!);
            sync();
          } else if (o.kind === 'measure') {
            if (!keys.length) continue;
            const k = keys[o.at % keys.length]!;
            h.measure(k, o.height);
            known.set(k, o.height);
          } else if (keys.length) {
            const { offsets } = model(keys, known, h.estimate);
            // The last row whose top is at or above y (the first row for y above the top).
            let expected = 0;
            for (let i = 0; i < keys.length; i++) if (offsets[i]! <= o.y) expected = i;
            expect(h.indexAt(o.y)).to.equal(expected);
          }
          const { offsets } = model(keys, known, h.estimate);
          expect(h.count).to.equal(keys.length);
          for (let i = 0; i <= keys.length; i++) expect(h.offsetOf(i)).to.equal(offsets[i]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the window covers the viewport (scrolled) or the bottom (following), plus the overscan', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 0, max: 100000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 600 }),
        (heights, scrollTop, viewport, overscan) => {
          const h = new RowHeights(20);
          const keys = heights.map((_, i) => `k${i}`);
          h.sync(keyed(keys));
          heights.forEach((v, i) => h.measure(`k${i}`, v));
          const total = h.total;
          const n = heights.length;
          // Following: ends at the last row and reaches up at least viewport + overscan (or to the top).
          const f = h.range({ scrollTop, viewport, overscan, follow: true });
          expect(f.end).to.equal(n);
          expect(f.start === 0 || total - h.offsetOf(f.start) >= viewport + overscan).to.equal(true);
          // Not more than one row beyond what is needed.
          if (f.start + 1 < n)
            expect(total - h.offsetOf(f.start + 1) < viewport + overscan || f.start === 0).to.equal(true);
          // Scrolled: every row that intersects [top - overscan, top + viewport + overscan] is in the window.
          const r = h.range({ scrollTop, viewport, overscan, follow: false });
          expect(r.start).to.be.within(0, n - 1);
          expect(r.end).to.be.within(r.start + 1, n);
          const top = Math.max(0, Math.min(scrollTop, total - viewport));
          for (let i = 0; i < n; i++) {
            const a = h.offsetOf(i);
            const b = h.offsetOf(i + 1);
            const intersects = b > top - overscan && a < top + viewport + overscan;
            if (intersects) expect(i >= r.start && i < r.end, `row ${i} in [${r.start}, ${r.end})`).to.equal(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
