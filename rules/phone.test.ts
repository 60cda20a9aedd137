import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhonesIn, phoneE164 } from './phone';

describe('formatPhone', () => {
  it.each([
    ['62521234', '62 52 12 34'],
    ['62 52 12 34', '62 52 12 34'],
    ['6252-1234', '62 52 12 34'],
    ['+4562521234', '+45 62 52 12 34'],
    ['0045 62521234', '+45 62 52 12 34'],
    ['  86000101 ', '86 00 01 01'],
    ['+46 8 123 456 78', '+46 8 123 456 78'],
    ['1234', '1234'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('formatPhonesIn', () => {
  it('formats numbers inside text but leaves a CVR number alone', () => {
    expect(formatPhonesIn('Ring 62521234 i dag')).toBe('Ring 62 52 12 34 i dag');
    expect(formatPhonesIn('CVR 12345678')).toBe('CVR 12345678');
    expect(formatPhonesIn('Tlf. +4562521234')).toBe('Tlf. +45 62 52 12 34');
  });
});

describe('phoneE164', () => {
  it.each([
    ['62 52 12 34', '+4562521234'],
    ['+45 62 52 12 34', '+4562521234'],
    ['0046 8 123 456 78', '+46812345678'],
    ['ingen', ''],
  ])('%s → %s', (input, expected) => {
    expect(phoneE164(input)).toBe(expected);
  });
});
