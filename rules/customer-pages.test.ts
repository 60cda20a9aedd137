import { describe, expect, it } from 'vitest';
import { bookingLinkPath, bookingPagePath, invoicePagePath, quotePagePath } from './customer-pages';

describe('customer pages', () => {
  it('sit under the company on its own host, as the review form does', () => {
    expect(bookingPagePath('12345678')).toBe('/api/sites/12345678/book-tid');
    expect(bookingLinkPath('12345678', 'a.b')).toBe('/api/sites/12345678/booking/a.b');
    expect(quotePagePath('12345678', 'a.b')).toBe('/api/sites/12345678/tilbud/a.b');
    expect(invoicePagePath('12345678', 'a.b')).toBe('/api/sites/12345678/faktura/a.b');
  });
});
