import { describe, expect, it } from 'vitest';
import { postcodeInArea, serviceAreaLabel, serviceAreaText } from './service-area';

describe('service area', () => {
  it('says the area in words', () => {
    expect(serviceAreaText({ mode: 'municipalities', codes: ['0101', '0147', '0157'] }, 'Hellerup')).toBe(
      'Vi kører i København, Frederiksberg og Gentofte kommuner.',
    );
    expect(serviceAreaText({ mode: 'municipalities', codes: ['0751'] }, '')).toBe(
      'Vi kører i Aarhus Kommune.',
    );
    expect(serviceAreaText({ mode: 'radius', km: 30 }, ' Roskilde ')).toBe(
      'Vi kører op til 30 km fra Roskilde.',
    );
    expect(serviceAreaText({ mode: 'radius', km: 30 }, '')).toBe('Vi kører op til 30 km fra vores adresse.');
    expect(serviceAreaText({ mode: 'none' }, 'Roskilde')).toBeNull();
    expect(serviceAreaText({ mode: 'municipalities', codes: ['9999'] }, 'Roskilde')).toBeNull();
  });

  it('says it as a label for the contact card, so the homepage never has the sentence twice', () => {
    expect(serviceAreaLabel({ mode: 'municipalities', codes: ['0101', '0147', '0157'] }, 'Hellerup')).toBe(
      'København, Frederiksberg og Gentofte kommuner',
    );
    expect(serviceAreaLabel({ mode: 'radius', km: 30 }, 'Roskilde')).toBe('Op til 30 km fra Roskilde');
    expect(serviceAreaLabel({ mode: 'none' }, 'Roskilde')).toBeNull();
  });

  it('tells a postcode inside the municipalities from one outside, and says nothing it cannot know', () => {
    const area = { mode: 'municipalities', codes: ['0101', '0147'] } as const;
    expect(postcodeInArea(area, '2000')).toBe(true);
    expect(postcodeInArea(area, '1060')).toBe(true);
    expect(postcodeInArea(area, '8000')).toBe(false);
    expect(postcodeInArea(area, '0000')).toBeNull();
    expect(postcodeInArea({ mode: 'radius', km: 30 }, '8000')).toBeNull();
    expect(postcodeInArea({ mode: 'none' }, '8000')).toBeNull();
  });
});
