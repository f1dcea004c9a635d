import { expect } from '@open-wc/testing';
import { dayLabel, dayName } from './day-label.js';

// Local times, so that the test holds in any time zone the browser runs in.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const now = at(2026, 11, 24, 10);

describe('day labels of the chat list', () => {
  it('names today, yesterday and older days in the visitor language', () => {
    expect(dayName(at(2026, 11, 24, 0, 1), now, 'en')).to.equal('Today');
    expect(dayName(at(2026, 11, 23, 23, 59), now, 'en')).to.equal('Yesterday');
    expect(dayName(at(2026, 11, 23), now, 'it')).to.equal('Ieri');
    expect(dayName(at(2026, 11, 20), now, 'en')).to.equal('Friday 20 November');
    expect(dayName(at(2026, 11, 20), now, 'it')).to.equal('Venerdì 20 novembre');
    expect(dayName(at(2025, 3, 2), now, 'en')).to.equal('2 March 2025');
  });

  it('labels the first message of each day; a conversation all of today gets none', () => {
    expect(dayLabel(at(2026, 11, 24, 9), undefined, now, 'en')).to.equal(undefined);
    expect(dayLabel(at(2026, 11, 24, 9, 5), at(2026, 11, 24, 9), now, 'en')).to.equal(undefined);
    expect(dayLabel(at(2026, 11, 23, 18), undefined, now, 'en')).to.equal('Yesterday');
    expect(dayLabel(at(2026, 11, 24, 0, 2), at(2026, 11, 23, 23, 58), now, 'en')).to.equal('Today');
    expect(dayLabel(at(2026, 11, 23, 23, 59), at(2026, 11, 23, 0, 1), now, 'en')).to.equal(undefined);
  });

  it('says nothing for a message without a readable time', () => {
    expect(dayLabel(undefined, at(2026, 11, 20), now, 'en')).to.equal(undefined);
    expect(dayLabel(Number.NaN, undefined, now, 'en')).to.equal(undefined);
    expect(dayLabel(at(2026, 11, 20), Number.NaN, now, 'en')).to.equal('Friday 20 November');
  });
});
