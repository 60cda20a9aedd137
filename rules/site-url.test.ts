import { describe, expect, it } from 'vitest';
import { canonicalOrigin, pathSiteUrl, productOrigin, schemeFor, subdomainOrigin } from './site-url';

describe('site addresses', () => {
  it('uses http only for local hosts', () => {
    expect(schemeFor('localhost:3000')).toBe('http');
    expect(schemeFor('hansen.localhost:3000')).toBe('http');
    expect(schemeFor('127.0.0.1:8080')).toBe('http');
    expect(schemeFor('mesterside.dk')).toBe('https');
    expect(schemeFor('localhost.example.dk')).toBe('https');
  });

  it('builds the product, subdomain, canonical and path addresses', () => {
    expect(productOrigin('mesterside.dk')).toBe('https://mesterside.dk');
    expect(subdomainOrigin('hansen', 'localhost:3000')).toBe('http://hansen.localhost:3000');
    const hansen = { subdomain: 'hansen', customDomain: null, customDomainVerified: false };
    expect(canonicalOrigin(hansen, 'mesterside.dk')).toBe('https://hansen.mesterside.dk');
    const verified = { ...hansen, customDomain: 'www.hansen.dk', customDomainVerified: true };
    expect(canonicalOrigin(verified, 'mesterside.dk')).toBe('https://www.hansen.dk');
    // A pending domain (TXT record not found yet) is no address of the company.
    expect(canonicalOrigin({ ...verified, customDomainVerified: false }, 'mesterside.dk')).toBe(
      'https://hansen.mesterside.dk',
    );
    expect(pathSiteUrl('12345678', 'localhost:3000')).toBe('http://localhost:3000/12345678/');
  });
});
