import { describe, expect, it } from 'vitest';
import { isOwnEmail, isOwnPhone, ownContacts, recipientEmail, recipientPhone } from './review-recipient';

describe('review recipients (issue 48)', () => {
  it('makes one form of an address: case, +tags, and dots where gmail ignores them', () => {
    expect(recipientEmail(' NejTak@Example.dk ')).toBe('nejtak@example.dk');
    expect(recipientEmail('nejtak+1@example.dk')).toBe('nejtak@example.dk');
    expect(recipientEmail('nej.tak@example.dk')).toBe('nej.tak@example.dk');
    expect(recipientEmail('Nej.Tak+anmeld@gmail.com')).toBe('nejtak@gmail.com');
    expect(recipientEmail('n.e.j.t.a.k@googlemail.com')).toBe('nejtak@gmail.com');
    expect(recipientEmail('')).toBe('');
  });

  it('makes one form of a phone number: its 8 digits', () => {
    for (const phone of ['12345678', '12 34 56 78', '+45 12 34 56 78', '004512345678', '+4512345678']) {
      expect(recipientPhone(phone)).toBe('12345678');
    }
    expect(recipientPhone('')).toBe('');
  });

  it("knows the owner's addresses, numbers and the company's domain, not a shared mail service", () => {
    const own = ownContacts({
      emails: ['Ejer@Eksempel-VVS.dk', 'mester.jensen@gmail.com', null],
      phones: ['+45 31 41 59 26'],
      domains: ['www.eksempel-vvs.dk', null],
    });
    expect(isOwnEmail('ejer@eksempel-vvs.dk', own)).toBe(true);
    expect(isOwnEmail('videresend@eksempel-vvs.dk', own)).toBe(true);
    expect(isOwnEmail('x@mail.eksempel-vvs.dk', own)).toBe(true);
    expect(isOwnEmail('mesterjensen+kunde@gmail.com', own)).toBe(true);
    expect(isOwnEmail('mette@gmail.com', own)).toBe(false);
    expect(isOwnEmail('mette@example.dk', own)).toBe(false);
    expect(isOwnEmail('mette@eksempel-vvs.dk.evil.dk', own)).toBe(false);
    expect(isOwnPhone('31415926', own)).toBe(true);
    expect(isOwnPhone('20304050', own)).toBe(false);
    expect(isOwnPhone('', own)).toBe(false);
  });
});
