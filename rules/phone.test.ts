import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhonesIn, isDanishPhoneOrEmpty, isPostcodeOrEmpty, phoneE164 } from './phone';

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

describe('isDanishPhoneOrEmpty and isPostcodeOrEmpty (issue 28)', () => {
  it('takes eight digits with or without +45, spaced as the owner likes, or nothing', () => {
    for (const phone of ['70203040', '70 20 30 40', '+45 70 20 30 40', '+4570203040', ' 7020 3040 ', '']) {
      expect(isDanishPhoneOrEmpty(phone), phone).toBe(true);
    }
    for (const phone of ['abc', '1234', '702030401', '+46 70 20 30 40', '70 20 30 4x']) {
      expect(isDanishPhoneOrEmpty(phone), phone).toBe(false);
    }
  });

  it('takes a four-digit postcode or nothing', () => {
    for (const zipcode of ['8000', ' 2100 ', '']) expect(isPostcodeOrEmpty(zipcode), zipcode).toBe(true);
    for (const zipcode of ['12', '80000', 'abcd', 'DK-8000'])
      expect(isPostcodeOrEmpty(zipcode), zipcode).toBe(false);
  });
});
