import { describe, expect, it } from 'vitest';
import { bookingDefaults } from './bookable';
import { TRADE_PROFILES } from './profiles';

describe('booking defaults per trade', () => {
  it('a hairdresser starts with booking on and Herreklip 30, Dameklip 45, Farve 90', () => {
    const { enabled, services } = bookingDefaults({ industryCode: '960210', companyName: 'Salon Lotte' });
    expect(enabled).toBe(true);
    const minutes = Object.fromEntries(services.map((service) => [service.name, service.minutes]));
    expect(minutes).toMatchObject({ Herreklip: 30, Dameklip: 45, Farve: 90 });
  });

  it('a barber gets the barber list, a mechanic the garage list', () => {
    expect(bookingDefaults({ companyName: 'Barber Ali' }).services.map((s) => s.name)).toContain(
      'Klip og skæg',
    );
    const garage = bookingDefaults({ industryCode: '452010', companyName: 'Jensens Autoværksted' });
    expect(garage.enabled).toBe(true);
    expect(garage.services.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Olieskift', 'Bremser', 'Service efter bog', 'Dækskift']),
    );
  });

  it('a carpenter starts with booking off and no services; a skrædder with one plain time', () => {
    expect(bookingDefaults({ industryCode: '433200', companyName: 'Tømrer Hansen' })).toEqual({
      enabled: false,
      services: [],
    });
    const tailor = bookingDefaults({ companyName: 'Skrædder Nielsen' });
    expect(tailor.enabled).toBe(true);
    expect(tailor.services).toHaveLength(1);
  });

  it('every shop profile has bookable services, every onsite one none', () => {
    for (const profile of TRADE_PROFILES) {
      expect(Boolean(profile.bookable?.length), profile.id).toBe(profile.workplace === 'shop');
    }
  });
});
