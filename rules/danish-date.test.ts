import { describe, expect, it } from 'vitest';
import { danishDay, danishLongDate, danishShortDate } from './danish-date';

describe('Danish dates', () => {
  it('write a day the three ways the pages, mails and PDFs use', () => {
    expect(danishDay('2026-12-08')).toBe('tirsdag 8. december');
    expect(danishLongDate('2025-01-14')).toBe('14. januar 2025');
    expect(danishShortDate('2026-03-02')).toBe('2.3.2026');
    // An instant's date part, as the quote mail passes it.
    expect(danishShortDate('2027-01-01T10:00:00.000Z')).toBe('1.1.2027');
  });
});
