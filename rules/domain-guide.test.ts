import { describe, expect, it } from 'vitest';
import { dnsGuide, hostPart, registeredDomain } from './domain-guide';

const TXT = (name: string) => ({ name: `_mesterside.${name}`, value: 'mesterside-verify=abc' });

describe('the own-domain guide (issue 49)', () => {
  it('finds the registered domain and the host part a registrar wants', () => {
    expect(registeredDomain('www.frisoer-eksempel.dk')).toBe('frisoer-eksempel.dk');
    expect(registeredDomain('frisoer-eksempel.dk')).toBe('frisoer-eksempel.dk');
    expect(registeredDomain('shop.firma.dk')).toBe('firma.dk');
    expect(hostPart('frisoer-eksempel.dk', 'frisoer-eksempel.dk')).toBe('@');
    expect(hostPart('www.frisoer-eksempel.dk', 'frisoer-eksempel.dk')).toBe('www');
    expect(hostPart('_mesterside.www.frisoer-eksempel.dk', 'frisoer-eksempel.dk')).toBe('_mesterside.www');
  });

  it('covers www and the bare domain with A records, and the TXT record of the chosen one', () => {
    expect(dnsGuide('www.frisoer-eksempel.dk', '203.0.113.10', TXT('www.frisoer-eksempel.dk'))).toEqual({
      zone: 'frisoer-eksempel.dk',
      records: [
        {
          host: '@',
          name: 'frisoer-eksempel.dk',
          type: 'A',
          value: '203.0.113.10',
          purpose: 'Sender besøgende på frisoer-eksempel.dk videre til www.frisoer-eksempel.dk',
        },
        {
          host: 'www',
          name: 'www.frisoer-eksempel.dk',
          type: 'A',
          value: '203.0.113.10',
          purpose: 'Viser din hjemmeside på www.frisoer-eksempel.dk',
        },
        {
          host: '_mesterside.www',
          name: '_mesterside.www.frisoer-eksempel.dk',
          type: 'TXT',
          value: 'mesterside-verify=abc',
          purpose: 'Bekræfter, at www.frisoer-eksempel.dk er dit',
        },
      ],
    });
    const bare = dnsGuide('firma.dk', '203.0.113.10', TXT('firma.dk'));
    expect(bare.records.map(({ host, type }) => `${host} ${type}`)).toEqual([
      '@ A',
      'www A',
      '_mesterside TXT',
    ]);
    expect(bare.records[0]?.purpose).toBe('Viser din hjemmeside på firma.dk');
    expect(bare.records[1]?.purpose).toBe('Sender besøgende på www.firma.dk videre til firma.dk');
  });

  it('names a subdomain of a registered domain by its labels, and leaves an unknown address empty', () => {
    const shop = dnsGuide('shop.firma.dk', null, TXT('shop.firma.dk'));
    expect(shop.records.map(({ host, value }) => [host, value])).toEqual([
      ['shop', null],
      ['www.shop', null],
      ['_mesterside.shop', 'mesterside-verify=abc'],
    ]);
  });
});
