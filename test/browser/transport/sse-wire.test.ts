// The worker's item texts (src/transport/sse-wire.ts WireBatch): the same items the main thread
// makes of the same events (wireItem), with runs of joinable events joined and nothing else moved.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import type { EventSourceMessage } from 'eventsource-parser';
import { WireBatch, wireItem, type JoinRule, type WireItem } from '../../../src/transport/sse-wire.js';

const DELTAS: JoinRule = { field: 'type', values: ['delta', 'content'], text: 'content' };

const message = (data: string, event?: string, id?: string): EventSourceMessage => ({ data, event, id });

/** Runs of items the rule allows joined into one, as the reference the worker's output must equal. */
function joinRuns(items: WireItem[], rule: JoinRule): WireItem[] {
  const out: WireItem[] = [];
  const joinable = (
    item: WireItem | undefined,
  ): item is Extract<WireItem, { kind: 'event' }> & { data: Record<string, string> } => {
    if (item?.kind !== 'event' || item.id !== undefined) return false;
    const data = item.data as Record<string, unknown> | null;
    return (
      typeof data === 'object' &&
      data !== null &&
      !Array.isArray(data) &&
      Object.keys(data).length === 2 &&
      typeof data[rule.field] === 'string' &&
      rule.values.includes(data[rule.field] as string) &&
      typeof data[rule.text] === 'string'
    );
  };
  for (const item of items) {
    const last = out.at(-1);
    if (
      joinable(item) &&
      joinable(last) &&
      last.event === item.event &&
      last.data[rule.field] === item.data[rule.field]
    ) {
      out[out.length - 1] = {
        ...last,
        data: { ...last.data, [rule.text]: (last.data[rule.text] ?? '') + (item.data[rule.text] ?? '') },
      };
    } else
      out.push(
        joinable(item)
          ? {
              kind: 'event',
              event: item.event,
              data: { [rule.field]: item.data[rule.field], [rule.text]: item.data[rule.text] },
            }
          : item,
      );
  }
  return out;
}

/** Comparable form of items: a malformed item's reason is the engine's message on both sides. */
const comparable = (items: WireItem[]) =>
  items.map((i) => (i.kind === 'malformed' ? { kind: i.kind, event: i.event, raw: i.raw } : i));

const text = fc.string({ maxLength: 24, unit: 'grapheme' });
const anEvent: fc.Arbitrary<EventSourceMessage> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({ type: fc.constantFrom('delta', 'content'), content: text })
      .map((d) => message(JSON.stringify(d))),
  },
  { weight: 1, arbitrary: text.map((content) => message(JSON.stringify({ type: 'delta', content }), 'other')) },
  { weight: 1, arbitrary: text.map((content) => message(JSON.stringify({ type: 'delta', content }), undefined, 'e1')) },
  { weight: 1, arbitrary: text.map((content) => message(JSON.stringify({ type: 'delta', content, index: 1 }))) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '{"type":"delta","content":3}',
        '{"type":"done"}',
        '["delta","x"]',
        'null',
        '"delta"',
        '{"type":"thinking","content":"t"}',
        '{"type":"delta","content":"\\u2028\\"</script>"}',
      )
      .map((d) => message(d)),
  },
  { weight: 1, arbitrary: fc.constantFrom('{not json', '', 'delta').map((d) => message(d)) },
);

describe('WireBatch: item texts of the stream worker', () => {
  it("without a join rule: one item per event, equal to the main thread's", () => {
    const events = [
      message('{"type":"delta","content":"a"}'),
      message('{"type":"delta","content":"b"}', 'x', '7'),
      message('{oops'),
    ];
    const parsed = JSON.parse(events.reduce((batch, e) => batch.add(e), new WireBatch()).take()) as WireItem[];
    expect(comparable(parsed)).to.deep.equal(comparable(events.map(wireItem)));
    expect(parsed.length).to.equal(3);
  });

  it('joins a run of deltas into one item; another event, name, id or type ends the run', () => {
    const batch = new WireBatch(DELTAS);
    for (const e of [
      message('{"type":"delta","content":"Ciao"}'),
      message('{"type":"delta","content":", "}'),
      message('{"content":"come","type":"delta"}'),
      message('{"type":"sources","sources":[]}'),
      message('{"type":"delta","content":" va"}'),
      message('{"type":"content","content":"?"}'),
      message('{"type":"content","content":"!"}', 'other'),
      message('{"type":"done"}'),
    ])
      batch.add(e);
    const items = JSON.parse(batch.take()) as WireItem[];
    expect(items).to.deep.equal([
      { kind: 'event', event: 'message', data: { type: 'delta', content: 'Ciao, come' } },
      { kind: 'event', event: 'message', data: { type: 'sources', sources: [] } },
      { kind: 'event', event: 'message', data: { type: 'delta', content: ' va' } },
      { kind: 'event', event: 'message', data: { type: 'content', content: '?' } },
      { kind: 'event', event: 'other', data: { type: 'content', content: '!' } },
      { kind: 'event', event: 'message', data: { type: 'done' } },
    ]);
    expect(batch.isEmpty).to.equal(true);
    expect(batch.take()).to.equal('[]');
  });

  it("any events, taken at any points: the main thread's items with the runs joined, in order (property)", () => {
    fc.assert(
      fc.property(
        fc.array(anEvent, { maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (events, takeAfter) => {
          const batch = new WireBatch(DELTAS);
          const taken: WireItem[][] = [];
          events.forEach((e, i) => {
            batch.add(e);
            if (takeAfter[i]) taken.push(JSON.parse(batch.take()) as WireItem[]);
          });
          taken.push(JSON.parse(batch.take()) as WireItem[]);
          const expected = joinRuns(events.map(wireItem), DELTAS);
          // Runs are joined within a take; a take ends the run, so joining across takes gives the whole.
          expect(comparable(joinRuns(taken.flat(), DELTAS))).to.deep.equal(comparable(expected));
          // Within one take nothing is left to join.
          for (const items of taken) expect(joinRuns(items, DELTAS).length).to.equal(items.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
