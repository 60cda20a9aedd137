// The earliest bookable time for the homepage (issue 52 item 6), on both databases: the shortest
// service that fits decides, a booking pushes it on, the horizon and closed days end the search in
// "none", a company that never opened its booking has its trade's services, and a builder has none.
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../tests/support/databases';
import { acceptedValue } from '../outcome';
import { nextFreeStart } from './booking-next-free';
import { addBookingService } from './booking-services';
import { defaultBookingSettings, saveBookingSettings } from './booking-settings';
import { insertBooking } from './bookings';
import { type Company, findCompanyByCvr, insertCompany } from './companies';

// Monday 1 March 2027, 8.00 in Copenhagen.
const NOW = new Date('2027-03-01T07:00:00.000Z');
const SALON = '44444444';
const HOURS = {
  Mandag: 'Lukket',
  Tirsdag: '10:00 - 10:45',
  Onsdag: 'Lukket',
  Torsdag: 'Lukket',
  Fredag: 'Lukket',
  Lørdag: 'Lukket',
  Søndag: 'Lukket',
};

describeEachDialect('next free booking time', (use) => {
  async function salon(horizonDays = 60): Promise<Company> {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: SALON, name: 'Frisør D', hours: HOURS }));
    await saveBookingSettings(db, SALON, { ...defaultBookingSettings(true), horizonDays }, NOW);
    await addBookingService(
      db,
      SALON,
      { name: 'Farve', minutes: 90, bufferMinutes: 0, priceOre: null, fromPrice: false },
      NOW,
    );
    const company = await findCompanyByCvr(db, SALON);
    if (!company) throw new Error('no company');
    return company;
  }

  it('is the first start of any service that fits, and a later one once that is booked', async () => {
    const { db } = use();
    const company = await salon();
    // Farve (90 min) never fits Tuesday's 45 minutes: no time at all.
    expect(await nextFreeStart(db, company, NOW)).toBeNull();
    const klip = await addBookingService(
      db,
      SALON,
      { name: 'Herreklip', minutes: 30, bufferMinutes: 0, priceOre: null, fromPrice: false },
      NOW,
    );
    // Tuesday 2 March 10.00.
    expect((await nextFreeStart(db, company, NOW))?.toISOString()).toBe('2027-03-02T09:00:00.000Z');
    const booked = await insertBooking(
      db,
      SALON,
      [0],
      {
        serviceId: klip.id,
        serviceName: klip.name,
        start: new Date('2027-03-02T09:00:00.000Z'),
        end: new Date('2027-03-02T09:30:00.000Z'),
        heldUntil: new Date('2027-03-02T09:30:00.000Z'),
        customerName: 'Kim',
        customerPhone: '12345678',
        customerEmail: '',
        customerNote: '',
        registrationNumber: '',
        source: 'site',
        held: false,
      },
      NOW,
    );
    expect(booked.ok).toBe(true);
    // Tuesday's 10.15 overlaps it and 10.30 ends past closing: the next Tuesday.
    expect((await nextFreeStart(db, company, NOW))?.toISOString()).toBe('2027-03-09T09:00:00.000Z');
    // Three weeks on, past the first chunk of days read, the Tuesday then.
    const later = new Date('2027-03-17T07:00:00.000Z');
    expect((await nextFreeStart(db, company, later))?.toISOString()).toBe('2027-03-23T09:00:00.000Z');
  });

  it('finds none within a horizon that holds no open day', async () => {
    const { db } = use();
    const company = await salon(0);
    await addBookingService(
      db,
      SALON,
      { name: 'Herreklip', minutes: 30, bufferMinutes: 0, priceOre: null, fromPrice: false },
      NOW,
    );
    expect(await nextFreeStart(db, company, NOW)).toBeNull();
  });

  it('uses the trade’s services before the owner opened his booking, and none for a builder', async () => {
    const { db } = use();
    acceptedValue(await insertCompany(db, { cvr: '55555555', name: 'Frisør Eva', hours: HOURS }));
    acceptedValue(await insertCompany(db, { cvr: '66666666', name: 'Tømrer Bo', hours: HOURS }));
    const hairdresser = await findCompanyByCvr(db, '55555555');
    const builder = await findCompanyByCvr(db, '66666666');
    if (!hairdresser || !builder) throw new Error('no company');
    expect((await nextFreeStart(db, hairdresser, NOW))?.toISOString()).toBe('2027-03-02T09:00:00.000Z');
    expect(await nextFreeStart(db, builder, NOW)).toBeNull();
  });
});
