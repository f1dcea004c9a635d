import { expect } from '@open-wc/testing';
import { foreignZone, readBusinessHours, summariseHours } from './parts/business-hours.js';

const office = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '18:00' }));

describe('business hours', () => {
  it('reads only the expected shape', () => {
    expect(readBusinessHours({ timeZone: 'Europe/Rome', days: office })).to.deep.equal({
      timeZone: 'Europe/Rome',
      days: office,
    });
    for (const bad of [
      null,
      'Mon-Fri',
      { days: [] },
      { days: [{ day: 8, open: '09:00', close: '18:00' }] },
      { days: [{ day: 1, open: '9', close: '18:00' }] },
      { days: [{ day: 1, open: '09:00', close: '<b>' }] },
    ])
      expect(readBusinessHours(bad), JSON.stringify(bad)).to.equal(undefined);
  });

  it('groups consecutive days with the same hours, in the visitor language', () => {
    expect(summariseHours({ days: office }, 'en')).to.deep.equal(['Mon–Fri 09:00–18:00']);
    expect(summariseHours({ days: office }, 'it')).to.deep.equal(['lun–ven 09:00–18:00']);
    const split = [
      ...office.slice(0, 4),
      { day: 5, open: '09:00', close: '13:00' },
      { day: 1, open: '14:00', close: '17:00' },
      { day: 6, open: '10:00', close: '12:00' },
    ];
    expect(summariseHours({ days: split }, 'en')).to.deep.equal([
      'Mon 09:00–18:00, 14:00–17:00',
      'Tue–Thu 09:00–18:00',
      'Fri 09:00–13:00',
      'Sat 10:00–12:00',
    ]);
  });

  it('says nothing for round-the-clock hours', () => {
    expect(
      summariseHours({ days: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '00:00', close: '24:00' })) }, 'en'),
    ).to.deep.equal([]);
  });

  it("names the hours' time zone, in the visitor's language, only when it is not the visitor's", () => {
    expect(foreignZone({ timeZone: 'Europe/Rome', days: office }, 'en', 'Europe/Rome')).to.equal(undefined);
    expect(foreignZone({ days: office }, 'en', 'Europe/Rome')).to.equal(undefined);
    expect(foreignZone({ timeZone: 'Europe/Rome', days: office }, 'en', 'Europe/London')).to.equal(
      'Central European Time',
    );
    expect(foreignZone({ timeZone: 'America/New_York', days: office }, 'it', 'Europe/Rome')).to.match(
      /^Ora .*orientale/,
    );
    expect(foreignZone({ timeZone: 'Mars/Olympus_Mons', days: office }, 'en', 'Europe/Rome')).to.equal('Olympus Mons');
  });
});
