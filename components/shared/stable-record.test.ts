import { expect } from '@open-wc/testing';
import { StableRecord } from './stable-record.js';

describe('StableRecord', () => {
  it('gives back the first object while the values are the same, a new one when any changes', () => {
    const stable = new StableRecord<Record<string, string>>();
    const first = stable.of({ send: 'Send', attach: 'Attach' });
    expect(stable.of({ send: 'Send', attach: 'Attach' })).to.equal(first);
    const changed = stable.of({ send: 'Invia', attach: 'Attach' });
    expect(changed).to.not.equal(first);
    expect(changed.send).to.equal('Invia');
    // Keys are part of the identity: the same values under other names are not the same labels.
    expect(stable.of({ attach: 'Invia', send: 'Attach' })).to.not.equal(changed);
  });
});
