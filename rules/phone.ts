// Danish phone numbers as a visitor reads them ('62 52 12 34', '+45 62 52 12 34') and as machines
// read them (E.164 '+4562521234' for JSON-LD). Numbers that are not Danish stay as the owner typed them.

/** Eight digits, optionally after +45 or 0045, with any spaces, dots, dashes or brackets between. */
function danishDigits(phone: string): { digits: string; country: boolean } | null {
  const compact = phone.replace(/[\s.\-()/\u00a0]/g, '');
  const match = /^(?:(\+45|0045))?(\d{8})$/.exec(compact);
  if (!match) return null;
  return { digits: match[2] as string, country: match[1] !== undefined };
}

/**
 * What the settings accept as the company's phone (issue 28): empty, or a Danish number, eight digits
 * with or without +45 in front, spaces (or dots, dashes, brackets) between as the owner likes.
 */
export function isDanishPhoneOrEmpty(phone: string): boolean {
  const trimmed = phone.trim();
  return trimmed === '' || danishDigits(trimmed) !== null;
}

/** A Danish postcode: four digits (issue 28); empty clears it. */
export function isPostcodeOrEmpty(zipcode: string): boolean {
  return /^(\d{4})?$/.test(zipcode.trim());
}

function pairs(digits: string): string {
  return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
}

/** '62521234' → '62 52 12 34'; '+4562521234' → '+45 62 52 12 34'; anything else trimmed as typed. */
export function formatPhone(phone: string): string {
  const trimmed = phone.replace(/\s+/g, ' ').trim();
  const danish = danishDigits(trimmed);
  if (!danish) return trimmed;
  return danish.country ? `+45 ${pairs(danish.digits)}` : pairs(danish.digits);
}

/**
 * Every Danish number inside a text written the Danish way: 'Ring 62521234' → 'Ring 62 52 12 34'.
 * Only runs of eight digits (optionally after +45) that stand alone are touched, so a CVR number next
 * to a word such as 'CVR' is left alone.
 */
export function formatPhonesIn(text: string): string {
  return text.replace(/(?<![\d+])(?:\+45\s?)?\d{8}(?!\d)/g, (match, offset: number) => {
    const before = text.slice(Math.max(0, offset - 5), offset).toLowerCase();
    return before.includes('cvr') ? match : formatPhone(match);
  });
}

/** E.164 for structured data: '62 52 12 34' → '+4562521234'; other numbers: '+' and digits, or ''. */
export function phoneE164(phone: string): string {
  const danish = danishDigits(phone.trim());
  if (danish) return `+45${danish.digits}`;
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (!/\d/.test(digits)) return '';
  if (digits.startsWith('+')) return digits;
  return digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
}
