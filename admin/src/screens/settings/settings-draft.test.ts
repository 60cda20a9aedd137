import { describe, expect, it } from 'vitest';
import type { Company } from '../../api/types';
import { changedSettings, editsAfterSave, formFrom, settingsBody } from './settings-draft';

const COMPANY: Company = {
  cvr: '12345678',
  name: 'Demo Tømrer',
  address: 'Værkstedsvej 3',
  zipcode: '8000',
  city: 'Aarhus C',
  phone: '70 20 30 40',
  email: 'post@demo.example',
  logo: null,
  industryDesc: 'Tømrer',
  hours: {
    Mandag: '07:00 - 16:00',
    Tirsdag: '07:00 - 16:00',
    Onsdag: '07:00 - 16:00',
    Torsdag: '07:00 - 16:00',
    Fredag: '07:00 - 14:00',
    Lørdag: 'Lukket',
    Søndag: 'Lukket',
  },
  showHours: true,
  socialMedia: { facebook: 'https://facebook.com/demo', instagram: '', linkedin: '', tiktok: '' },
  theme: 'amber',
  subdomain: 'demo',
  customDomain: null,
  customDomainVerified: false,
};

describe('the settings working copy', () => {
  it('shows social links without their scheme and no domain as an empty field', () => {
    const form = formFrom(COMPANY);
    expect(form.socialMedia.facebook).toBe('facebook.com/demo');
    expect(form.customDomain).toBe('');
  });

  it('counts only what differs from the stored company as unsaved', () => {
    expect(changedSettings({}, COMPANY)).toEqual({});
    // Typed back to what is stored: nothing to save.
    expect(changedSettings({ theme: 'amber', hours: { ...COMPANY.hours } }, COMPANY)).toEqual({});
    expect(changedSettings({ theme: 'blue' }, COMPANY)).toEqual({ theme: 'blue' });
    const hours = { ...COMPANY.hours, Mandag: 'Kl. 6 til 14' };
    expect(changedSettings({ theme: 'amber', hours }, COMPANY)).toEqual({ hours });
  });

  it('keeps an edit made in one tab while another tab saves, and both in the body', () => {
    const hours = { ...COMPANY.hours, Mandag: 'Kl. 6 til 14' };
    const edits = { theme: 'blue' as const, hours };
    // The hours tab's save sends its own fields as shown, and the unsaved theme.
    expect(settingsBody(edits, COMPANY, ['hours', 'showHours'])).toEqual({
      hours,
      showHours: true,
      theme: 'blue',
    });
    // A tab with nothing changed still saves its fields (the save button works as before).
    expect(settingsBody({}, COMPANY, ['phone'])).toEqual({ phone: '70 20 30 40' });
  });

  it('keeps a field typed again while its save ran', () => {
    const sent = { theme: 'blue' as const, phone: '70 20 30 41' };
    expect(editsAfterSave({ theme: 'blue', phone: '70 20 30 41' }, sent)).toEqual({});
    expect(editsAfterSave({ theme: 'blue', phone: '70 20 30 4' }, sent)).toEqual({ phone: '70 20 30 4' });
  });
});
